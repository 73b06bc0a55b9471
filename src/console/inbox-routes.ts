// The console's conversations: the inbox with its live updates, one conversation, take over
// and hand back. Replies go through the API's /chat/Chat/AgentReply.
import { takeOver } from '../chat/index.ts';
import { Unauthorized } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { resumeSession } from '../leads/index.ts';
import { openLiveStream } from '../live/index.ts';
import { consoleSessionLive } from '../users/index.ts';
import { conversation, inbox } from './inbox.ts';
import type { ConsoleRouteDeps } from './routes.ts';
import { IdParams, InboxQuery } from './schemas.ts';

const staffOnly = { config: { auth: 'staff' as const } };

function workspaceOfStaff(req: { staff: { workspaceId: number } | null }): number {
  if (!req.staff) throw new Unauthorized('sign in to the console first');
  return req.staff.workspaceId;
}

export function registerInboxRoutes(app: App, deps: ConsoleRouteDeps): void {
  const { chat } = deps;
  const schema = { hide: true };

  app.get('/console/api/conversations', { ...staffOnly, schema: { ...schema, querystring: InboxQuery } }, async (req) =>
    ok(await inbox(chat, workspaceOfStaff(req), req.query)),
  );

  app.get('/console/api/conversations/:id', { ...staffOnly, schema: { ...schema, params: IdParams } }, async (req) =>
    ok(await conversation(chat, workspaceOfStaff(req), Number(req.params.id))),
  );

  app.post(
    '/console/api/conversations/:id/take-over',
    { ...staffOnly, schema: { ...schema, params: IdParams } },
    async (req) => {
      await takeOver(chat, workspaceOfStaff(req), Number(req.params.id));
      return ok({ SessionID: Number(req.params.id), State: 'person' });
    },
  );

  app.post(
    '/console/api/conversations/:id/hand-back',
    { ...staffOnly, schema: { ...schema, params: IdParams } },
    async (req) => {
      await resumeSession(deps.leads, workspaceOfStaff(req), Number(req.params.id));
      return ok({ SessionID: Number(req.params.id), State: 'bot' });
    },
  );

  // Live updates: one event per changed session of the workspace ({"SessionID"}); the page
  // re-reads what it shows. Events lost while the bus reconnects come as {"Resync": true}.
  app.get('/console/api/events', { ...staffOnly, schema }, async (req, reply) => {
    const workspaceId = workspaceOfStaff(req);
    const sessionId = req.staff?.sessionId ?? 0;
    const live = chat.live;
    if (!live) throw new Unauthorized();
    const stream = openLiveStream(reply, chat.keepAliveMs);
    const off = live.subscribe(workspaceId, (e) => stream.send(e ? { SessionID: e.sessionId } : { Resync: true }));
    // Without events for pollMs the page re-reads anyway (a missed notification); the stream
    // ends when its console session does (sign-out elsewhere, a removed user, expiry).
    const timer = setInterval(
      () => {
        consoleSessionLive(chat.db.kysely, sessionId, chat.clock()).then(
          (signedIn) => (signedIn ? stream.send({ Resync: true }) : stream.end()),
          (err) => req.log.error({ err }, 'console session check failed'),
        );
      },
      Math.max(live.pollMs, 5000),
    );
    timer.unref();
    stream.onClose(() => {
      off();
      clearInterval(timer);
    });
    stream.send({ Ready: true });
    return reply;
  });
}
