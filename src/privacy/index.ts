// The privacy feature's public face (docs/architecture.md, "Layers").

export { removeChatbotConversations } from './chatbot-conversations.ts';
export { type EraseDeps, eraseVisitor } from './erase.ts';
export { startRetentionSweeper } from './retention.ts';
export { registerPrivacyRoutes } from './routes.ts';
export { type Counts, ERASURE_STEPS, type ErasureStep } from './steps.ts';
