// Owner-only console endpoints: usage against MessageLimit, and the workspace's keys.

import { answersByEngine, monthOf, questionsThisPeriod } from '../chat/index.ts';
import { EditBody, requireChatbot, settingsChanges } from '../chatbots/index.ts';
import { NotFound, Unauthorized } from '../errors.ts';
import { chatbotImageName } from '../files/index.ts';
import { ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { dailyLeads } from '../leads/index.ts';
import { usersOf } from '../users/index.ts';
import { publicConfig } from '../widget/index.ts';
import { createKey, listKeys, revokeKeyById } from '../workspaces/index.ts';
import { chatbotsOf } from './inbox.ts';
import type { ConsoleRouteDeps } from './routes.ts';
import { IdParams, KeyCreateBody } from './schemas.ts';

const ownerOnly = { config: { auth: 'owner' as const } };
const staffOnly = { config: { auth: 'staff' as const } };
const DAYS = 30;

function ws(req: { staff: { workspaceId: number } | null }): number {
  if (!req.staff) throw new Unauthorized('sign in to the console first');
  return req.staff.workspaceId;
}

export function registerOwnerRoutes(app: App, deps: ConsoleRouteDeps): void {
  const { db, clock } = deps.chat;
  const schema = { hide: true };

  // Agents see the team too: leads are assigned to its members.
  app.get('/console/api/users', { ...staffOnly, schema }, async (req) => {
    const users = await usersOf(db, ws(req));
    return ok(users.map((u) => ({ ID: u.id, Email: u.email, Name: u.name, Role: u.role })));
  });

  app.get('/console/api/usage', { ...ownerOnly, schema }, async (req) => {
    const workspaceId = ws(req);
    const now = clock();
    const bots = await chatbotsOf(deps.chat, workspaceId);
    const periods = new Map(bots.map((b) => [b.id, monthOf(now, b.settings.TimeZone)]));
    const counted = new Map<number, number>();
    for (const period of new Set(periods.values())) {
      const ids = bots.filter((b) => periods.get(b.id) === period).map((b) => b.id);
      for (const [id, n] of await questionsThisPeriod(db.kysely, ids, period)) counted.set(id, n);
    }
    const monthStart = `${now.toISOString().slice(0, 7)}-01T00:00:00.000Z`;
    const since = new Date(now.getTime() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const [answers, leads] = await Promise.all([
      answersByEngine(db.kysely, workspaceId, monthStart),
      dailyLeads(deps.chat, workspaceId, `${since}T00:00:00.000Z`),
    ]);
    const days = Array.from({ length: DAYS }, (_, i) =>
      new Date(Date.parse(`${since}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    );
    return ok({
      Chatbots: bots.map((b) => ({
        SerialNumber: b.serialNumber,
        Name: b.name,
        Period: periods.get(b.id),
        Questions: counted.get(b.id) ?? 0,
        MessageLimit: b.settings.MessageLimit,
      })),
      Answers: answers.map((a) => ({
        Chatbot: bots.find((b) => b.id === a.chatbot_id)?.name ?? '',
        Engine: a.engine ?? '',
        Outcome: a.status === 'complete' && a.no_answer === 1 ? 'no_answer' : a.status,
        Count: a.n,
      })),
      LeadsPerDay: days.map((d) => ({ Day: d, Count: leads.get(d) ?? 0 })),
    });
  });

  // The live preview: the settings being edited, checked exactly as Edit checks them (same
  // schema, same messages) but not saved, answered as the widget's public config.
  app.post('/console/api/chatbots/preview', { ...ownerOnly, schema: { ...schema, body: EditBody } }, async (req) => {
    const workspaceId = ws(req);
    const ctx = { db: db.kysely, workspaceId, now: clock(), engines: deps.chat.engines };
    const { serialNumber, ...given } = req.body;
    const bot = await requireChatbot(ctx, serialNumber);
    const settings = { ...bot.settings, ...(await settingsChanges(ctx, given)) };
    const names = {
      picture: await chatbotImageName(db.kysely, workspaceId, settings.ChatProfilePicture),
      icon: await chatbotImageName(db.kysely, workspaceId, settings.ChatIcon),
    };
    return ok(publicConfig({ ...bot, settings }, { sessionId: 0, sessionKey: '', mode: 'bot' }, names));
  });

  app.get('/console/api/keys', { ...ownerOnly, schema }, async (req) => {
    const keys = await listKeys(db.kysely, ws(req));
    return ok(
      keys.map((k) => ({
        ID: k.id,
        Kind: k.kind,
        Name: k.name,
        Prefix: k.prefix,
        CreatedAt: k.created_at,
        RevokedAt: k.revoked_at,
      })),
    );
  });

  app.post('/console/api/keys', { ...ownerOnly, schema: { ...schema, body: KeyCreateBody } }, async (req) => {
    const name = (req.body.Name ?? '').trim();
    const key = await createKey(db.kysely, ws(req), req.body.Kind, clock(), name);
    if (key === null) throw new NotFound('workspace');
    return ok({ Kind: req.body.Kind, Name: name, Key: key });
  });

  app.post('/console/api/keys/:id/revoke', { ...ownerOnly, schema: { ...schema, params: IdParams } }, async (req) => {
    if (!(await revokeKeyById(db.kysely, ws(req), Number(req.params.id), clock())))
      throw new NotFound(`key ${Number(req.params.id)}`);
    return ok({ ID: Number(req.params.id), Revoked: true });
  });
}
