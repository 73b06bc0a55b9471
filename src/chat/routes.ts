import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Unauthorized } from '../errors.ts';
import type { Principal } from '../http/auth.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import { mapError } from '../http/error-handler.ts';
import { createEventStream } from '../http/event-stream.ts';
import { framingFor, requestedStreamFormat } from '../http/stream-framing.ts';
import type { App } from '../http/types.ts';
import { type AskInput, startAsk } from './ask.ts';
import type { ChatDeps } from './deps.ts';
import {
  AnswerData,
  AskBody,
  GetMessagesBody,
  GetSessionBody,
  MessageRecord,
  SessionData,
  STREAM_DESCRIPTION,
  StreamHeaders,
} from './schemas.ts';
import { messageRecord, openSession, sessionHistory } from './sessions.ts';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

function principalOf(req: FastifyRequest) {
  if (!req.principal) throw new Unauthorized();
  return req.principal;
}

/**
 * Answers a question as JSON or as a stream. Shared by ClientAsk (workspace credential)
 * and the widget's Ask (visitor key): the principal decides which sessions it may use.
 */
export async function answerQuestion(
  deps: ChatDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  input: AskInput & { stream: boolean },
) {
  // A bad X-Stream-Format is refused before anything is stored.
  const format = requestedStreamFormat(req.headers);
  const principal = principalOf(req);
  const visitorAddress = principal.kind === 'visitor' ? req.ip : undefined;
  // A visitor's stream holds a slot for its address until it ends, refused before anything is stored.
  const release = input.stream && visitorAddress !== undefined ? deps.abuse?.streams.take(visitorAddress) : undefined;
  try {
    return await answerWith(deps, req, reply, { ...input, visitorAddress }, format, principal);
  } finally {
    release?.();
  }
}

async function answerWith(
  deps: ChatDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  input: AskInput & { stream: boolean },
  format: ReturnType<typeof requestedStreamFormat>,
  principal: Principal,
) {
  const prepared = await startAsk(deps, principal, input);
  const controller = new AbortController();
  // The response closing before it finished means the client went away: stop the model.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  if (!input.stream) {
    const r = await prepared.run(() => {}, controller.signal);
    return ok({
      messageid: r.answerId,
      content: r.content,
      totalToken: r.totalToken,
      noAnswer: r.noAnswer,
      Listings: r.listings,
      ...(r.tour ? { Tour: r.tour } : {}),
      ...(r.handedOff ? { SessionMode: 'human' as const } : {}),
    });
  }
  const stream = createEventStream(reply, framingFor(format), deps.keepAliveMs, () => deps.metrics.openStreams.inc());
  try {
    const r = await prepared.run((fragment) => stream.fragment(fragment), controller.signal);
    stream.final({
      QuestionID: r.questionId,
      AnswerID: r.answerId,
      Answer: r.content,
      TotalToken: r.totalToken,
      Listings: r.listings,
      ...(r.tour ? { Tour: r.tour } : {}),
      ...(r.handedOff ? { SessionMode: 'human' as const } : {}),
    });
  } catch (err) {
    // Nothing sent yet: the failure can still be a normal envelope.
    if (!stream.started) throw err;
    const mapped = mapError(err);
    if (!mapped) req.log.error({ err }, 'stream failed');
    const code = mapped?.code ?? 500;
    const message = mapped?.message ?? `internal error; quote request id ${req.id} to the operator`;
    stream.failure({ Code: code, Message: message });
  } finally {
    if (stream.started) deps.metrics.openStreams.dec();
    stream.end();
  }
  return reply;
}

export function registerChatRoutes(app: App, deps: ChatDeps): void {
  app.post(
    '/chat/Chatbot/GetSession',
    {
      schema: {
        tags: ['chat'],
        summary: "Open a session (a visitor's conversation) on a chatbot",
        body: GetSessionBody,
        response: { 200: envelopeOf(SessionData), ...errors },
      },
    },
    async (req) => ok({ SessionID: await openSession(deps, workspaceOf(req), req.body.serialNumber) }),
  );

  app.post(
    '/chat/Chat/ClientAsk',
    {
      schema: {
        tags: ['chat'],
        summary:
          'Ask the chatbot; with stream true the answer streams (the platform framing unless X-Stream-Format says)',
        description: STREAM_DESCRIPTION,
        headers: StreamHeaders,
        body: AskBody,
        response: { 200: envelopeOf(AnswerData), ...errors },
      },
    },
    async (req, reply) => answerQuestion(deps, req, reply, req.body),
  );

  app.post(
    '/chat/Chat/GetMessages',
    {
      config: { auth: 'workspace-or-staff' },
      schema: {
        tags: ['chat'],
        summary: "A session's messages, oldest first",
        description:
          'Each answer carries Listings: the cards of the listings it showed, as they were when it answered ' +
          '(a listing changed or removed since keeps its card here); questions carry [].',
        body: GetMessagesBody,
        response: {
          200: envelopeOf(Type.Object({ List: Type.Array(MessageRecord), VirtualCount: Type.Integer() })),
          ...errors,
        },
      },
    },
    async (req) => {
      const { messages, total } = await sessionHistory(
        deps,
        principalOf(req),
        req.body.sessionID,
        req.body.PageNumber,
        req.body.PageSize,
      );
      return ok({ List: messages.map(messageRecord), VirtualCount: total });
    },
  );
}
