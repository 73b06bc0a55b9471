// A person's side of a conversation over the API: AgentReply (a workspace credential or a
// console user), and Subscribe, the stream a visitor's widget keeps open while a person is
// involved, which carries the agent's replies within a second, whichever instance took them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Unauthorized } from '../errors.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { openLiveStream, watch } from '../live/index.ts';
import { publicNames } from '../users/index.ts';
import { agentReply } from './agent-reply.ts';
import { requireSession } from './ask.ts';
import type { ChatDeps } from './deps.ts';
import { findSession, lastMessageId, messagesAfter } from './repo.ts';
import { AgentReplyBody, AgentReplyData, SubscribeBody } from './schemas.ts';
import { messageRecord } from './sessions.ts';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

async function subscribe(
  deps: ChatDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  sessionId: number,
  afterId?: number,
) {
  const principal = req.principal;
  if (!principal || !deps.live) throw new Unauthorized();
  const session = await requireSession(deps, principal, sessionId);
  const db = deps.db.kysely;
  const workspaceId = principal.workspaceId;
  let after = afterId ?? (await lastMessageId(db, workspaceId, session.id));
  let mode = '';
  // A visitor's stream holds one of its address's slots until it closes (taken last: nothing
  // after it can fail before the stream registers its release).
  const release = principal.kind === 'visitor' ? deps.abuse?.streams.take(req.ip) : undefined;
  const stream = openLiveStream(reply, deps.keepAliveMs);
  const stop = watch(
    deps.live,
    workspaceId,
    (e) => e.sessionId === session.id,
    async () => {
      const [current, replies] = await Promise.all([
        findSession(db, workspaceId, session.id),
        messagesAfter(db, workspaceId, session.id, after, ['agent']),
      ]);
      if (!current) return stream.end();
      if (replies.length === 0 && current.mode === mode) return;
      mode = current.mode;
      after = replies.at(-1)?.id ?? after;
      // Each reply with the name its author gave themselves (never their e-mail), when they did.
      const ids = [...new Set(replies.flatMap((m) => (m.user_id ? [m.user_id] : [])))];
      const names = await publicNames(db, workspaceId, ids);
      stream.send({
        Mode: mode,
        Messages: replies.map((m) => {
          const author = m.user_id ? names.get(m.user_id) : undefined;
          return { ...messageRecord(m), ...(author ? { Author: author } : {}) };
        }),
      });
    },
    (err) => req.log.error({ err }, 'subscription read failed'),
  );
  stream.onClose(() => {
    stop();
    release?.();
  });
  return reply;
}

export function registerAgentRoutes(app: App, deps: ChatDeps): void {
  app.post(
    '/chat/Chat/AgentReply',
    {
      config: { auth: 'workspace-or-staff' },
      schema: {
        tags: ['chat'],
        summary: "A person's reply to a visitor: stored as a message of role agent; the session is then with a person",
        description:
          'With a workspace credential, or from the console (its session cookie and X-CSRF-Token). The chatbot stops ' +
          'answering the session (its questions get no answer) until /chat/Chat/Resume. The visitor sees the reply ' +
          'through /chat/Chat/Subscribe within a second, and in GetMessages. 404 for a session of another workspace.',
        body: AgentReplyBody,
        response: { 200: envelopeOf(AgentReplyData), ...errors },
      },
    },
    async (req) => {
      const { sessionID, content } = req.body;
      const r = await agentReply(deps, workspaceOf(req), sessionID, content, req.staff?.userId ?? null);
      return ok({ MessageID: r.messageId, SessionID: sessionID, Mode: 'agent' as const, CreatedAt: r.createdAt });
    },
  );

  app.post(
    '/chat/Chat/Subscribe',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['chat'],
        summary: "A stream of a session's agent replies and mode changes (the widget's wait for a person)",
        description:
          'Server-sent events, each `data: {"Mode", "Messages"}`: Mode is bot, human (waiting for a person) or agent ' +
          '(with a person); Messages are the agent replies after afterID (GetMessages records, each with Author: the name the agent gave themselves, when they did). The first event ' +
          'comes at once with the current Mode; later ones when something changes. ": ping" every 15 s; the stream ' +
          'ends after 30 minutes, and the client reconnects with the last message ID it saw. A visitor key may ' +
          'subscribe to its own session only.',
        body: SubscribeBody,
      },
    },
    async (req, reply) => subscribe(deps, req, reply, req.body.sessionID, req.body.afterID),
  );
}
