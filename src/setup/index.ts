// The setup feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in setup/ is its own; `npm run lint` fails on an import that reaches past this file.

export { bootstrapFile, DEMO_AGENTS_EMAIL, DEMO_SETTINGS } from './bootstrap.ts';
export { chatbotsWithSamples, removeSampleListings, SAMPLE_MLS_NUMBERS } from './demo-chatbot.ts';
