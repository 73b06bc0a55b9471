// The chat feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in chat/ is its own; `npm run lint` fails on an import that reaches past this file.

export { takeOver } from './agent-reply.ts';
export type { ChatDeps } from './ask.ts';
export { monthOf } from './period.ts';
export {
  answersByEngine,
  conversationsIn,
  deleteSessionsWithoutMessages,
  existingSessions,
  findSession,
  inboxPage,
  insertSession,
  lastMessages,
  messagesBetween,
  questionsCounted,
  questionsThisPeriod,
  recentMessages,
  type SessionMode,
  sessionsCreatedBefore,
  sessionTranscript,
  setSessionMode,
  shownMessageCount,
  type TranscriptMessage,
  waitingCount,
} from './repo.ts';
export { answerQuestion } from './routes.ts';
export { AnswerData, AskBody, EXAMPLE_SESSION, STREAM_DESCRIPTION, StreamHeaders } from './schemas.ts';
export { messageRecord } from './sessions.ts';
