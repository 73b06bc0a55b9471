// The abuse feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in abuse/ is its own; `npm run lint` fails on an import that reaches past this file.

export {
  type AbuseRule,
  bookingRules,
  countUploadBytes,
  enforceAbuseRules,
  leadRules,
  mcpCallRules,
  mcpWriteRules,
  questionRules,
  sessionRules,
  signInRules,
  type Uploader,
  uncountAttempt,
  uploadByteRules,
  uploadRules,
  type VisitorOrigin,
} from './limits.ts';
export type { OpenStreams } from './open-streams.ts';
export { deleteEndedCounters } from './repo.ts';
