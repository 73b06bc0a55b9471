// The chat feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in chat/ is its own; `npm run lint` fails on an import that reaches past this file.

export { takeOver } from './agent-reply.ts';
export { countForAnalytics } from './analytics-counts.ts';
export { dayHolding } from './analytics-days.ts';
export type { ChatDeps } from './deps.ts';
export { openListing } from './listing-opened.ts';
export { monthOf } from './period.ts';
export { answerToRate } from './rating.ts';
export { findSession, insertSession, recentMessages, type SessionMode, setSessionMode } from './repo.ts';
export { type AnalyticsScope, handoffSlices, messageDays, ratingSlices } from './repo-analytics.ts';
export { sessionsWhereVisitorWrote } from './repo-contacts.ts';
export {
  countMessagesOfSessions,
  deleteMessagesOfSessions,
  deleteSessions,
  sessionsOfWorkspace,
  sessionsOlderThan,
} from './repo-erase.ts';
export { conversationExportBatch, type ExportCursor, exportBatch } from './repo-export.ts';
export { messageSlices } from './repo-message-counts.ts';
export { questionTexts, unansweredTexts } from './repo-question-counts.ts';
export { type AnswerRating, messageText, type NewRating, ratingIdsOfSessions, saveRating } from './repo-ratings.ts';
export {
  answersByEngine,
  conversationsIn,
  inboxPage,
  lastMessages,
  messagesBetween,
  questionsCounted,
  questionsThisPeriod,
  sessionTranscript,
  shownMessageCount,
  type TranscriptMessage,
  waitingCount,
} from './repo-reports.ts';
export {
  answerForReview,
  type Resolution,
  type ReviewFilter,
  type ReviewKind,
  type ReviewRow,
  reviewPage,
  saveResolution,
} from './repo-review.ts';
export { searchedValues, searchingSessions } from './repo-searches.ts';
export { deleteSessionsWithoutMessages, existingSessions, sessionsCreatedBefore } from './repo-sweep.ts';
export { answerQuestion } from './routes.ts';
export {
  AnswerData,
  AskBody,
  EXAMPLE_SESSION,
  OpenListingBody,
  OpenListingData,
  RATING_REASON_MAX,
  RATINGS,
  RateAnswerBody,
  RateAnswerData,
  STREAM_DESCRIPTION,
  StreamHeaders,
} from './schemas.ts';
export { messageRecord } from './sessions.ts';
