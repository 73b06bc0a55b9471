import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { OpenListingBody, OpenListingData, openListing, RateAnswerBody, RateAnswerData } from '../chat/index.ts';
import type { Db } from '../db/connect.ts';
import { Unauthorized } from '../errors.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import type { Metrics } from '../http/metrics.ts';
import type { App } from '../http/types.ts';
import type { LiveBus } from '../live/index.ts';
import { type ExportFormat, exportConversations } from './export.ts';
import { rateAnswer } from './rating.ts';
import { ExportBody } from './schemas.ts';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

export interface ReviewRouteDeps {
  db: Db;
  clock: () => Date;
  metrics: Metrics;
  onQueued?: () => void;
  live?: LiveBus;
}

/** Sends an export as a download, streamed: everything that can fail has failed before this. */
export function sendExport(
  reply: FastifyReply,
  format: ExportFormat,
  file: { fileName: string; body: AsyncIterable<string> },
) {
  return reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(Readable.from(file.body));
}

export function registerReviewRoutes(app: App, deps: ReviewRouteDeps): void {
  app.post(
    '/chat/Chat/RateAnswer',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['chat'],
        summary: 'Rate an answer up or down, with an optional reason (one rating per answer; rating again changes it)',
        description:
          "The widget calls it with its visitor key; an API key may rate any session's answers. The rating is " +
          'returned by GetMessages with the answer, sent to answer.rated webhooks and counted in /metrics ' +
          "(parlor_answer_ratings_total). A question, a person's reply, another session's answer or one that does " +
          'not exist is a 404; a reason over 500 characters a 400.',
        body: RateAnswerBody,
        response: { 200: envelopeOf(RateAnswerData), ...errors },
      },
    },
    async (req) => {
      if (!req.principal) throw new Unauthorized();
      return ok(await rateAnswer(deps, req.principal, req.body));
    },
  );

  app.post(
    '/chat/Chat/OpenListing',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['chat'],
        summary: "Say that the visitor opened a listing from an answer's card (the analytics funnel's listing opened)",
        description:
          "The widget calls it with its visitor key when a visitor opens a listing card's link. The listing must be " +
          "one of the cards of that answer of the session; the same answer's card counts once (Counted is false " +
          'after the first). The analytics count the sessions that opened a listing, this way or by asking about ' +
          'one listing. An answer of another session, a question, or a listing the answer did not show is a 404.',
        body: OpenListingBody,
        response: { 200: envelopeOf(OpenListingData), ...errors },
      },
    },
    async (req) => {
      if (!req.principal) throw new Unauthorized();
      return ok(await openListing(deps.db.kysely, req.principal, req.body, deps.clock()));
    },
  );

  app.post(
    '/chat/Chatbot/ExportConversations',
    {
      schema: {
        tags: ['chatbots'],
        summary:
          "A chatbot's conversations as CSV or JSON, one row per message with its rating or one per conversation, streamed",
        description:
          'Messages created from the first day to the last (UTC days, both included; at most two years), oldest ' +
          'first: SessionID, MessageID, CreatedAt, Role (user, assistant, agent), Content, QuestionID, NoAnswer, ' +
          'Engine, Status, TotalToken, Rating (up, down or ""), RatingReason. With per=conversation, one row per ' +
          'conversation begun in those days: SessionID, StartedAt, LastActivityAt, Page, Questions, Answers, NoAnswer, ' +
          'AgentReplies, RatedUp, RatedDown, LeadName, LeadEmail, LeadPhone, LeadAt, ShowingAt, ShowingAddress, ' +
          'ShowingStatus, Outcome (showing, lead, unanswered or answered). The body is the file itself ' +
          '(Content-Disposition: attachment), streamed a thousand rows at a time whatever its size; CSV fields ' +
          "that a spreadsheet would read as a formula start with '. No messages: the header line alone (CSV) or " +
          '[] (JSON). A reversed range, one over two years or a day that does not exist is a 400 naming the field.',
        body: ExportBody,
        response: { ...errors },
      },
    },
    async (req, reply) => {
      const format = req.body.format ?? 'csv';
      const file = await exportConversations(deps, workspaceOf(req), { ...req.body, format });
      return sendExport(reply, format, file);
    },
  );
}
