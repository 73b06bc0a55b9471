// The outbox feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in outbox/ is its own; `npm run lint` fails on an import that reaches past this file.

export {
  conversationLink,
  escapeHtml,
  historyHint,
  htmlDocument,
  linkify,
  subjectLine,
  transcriptHtml,
  transcriptText,
} from './mail-text.ts';
export { createMailer, type Mailer } from './mailer.ts';
export {
  type CrmPayload,
  claimDue,
  type EmailPayload,
  enqueue,
  enqueueUnique,
  type Lane,
  markDropped,
  markFailed,
  markSent,
  newestOutboxRow,
  type OutboxPayload,
  type OutboxRow,
  outboxKeyExists,
  outboxRowsByKey,
} from './repo.ts';
export { countPersonPayloads, erasePersonPayloads, type OutboxMatch } from './repo-erase.ts';
export { retryAfterMs, SmsDeliveryError, sendSms } from './twilio.ts';
export { deliverWebhook, type Fetch, fetchPost, guardedPost } from './webhook-delivery.ts';
