// Long lists in the console, on SQLite and PostgreSQL: the leads list pages through every
// lead with Next, the CSV export holds every lead the filters match (read a page at a time,
// no cap), and a conversation longer than the page shows its newest messages.
import { afterAll, expect, it } from 'vitest';
import { chatbotWithSession } from '../factories.ts';
import { buildTestApp, call } from '../harness.ts';
import { staffOf } from './staff.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const { ws, serial, sessionId } = await chatbotWithSession(t, { Name: 'Busy Realty' });
const owner = await staffOf(t.app, t.db, ws.workspaceId, 'owner');
const LEADS = 2345;

it(`${LEADS} leads: the list pages through all of them, and the CSV holds all of them`, async () => {
  const bot = await t.db.kysely
    .selectFrom('chatbots')
    .select('id')
    .where('serial_number', '=', serial)
    .executeTakeFirstOrThrow();
  const rows = Array.from({ length: LEADS }, (_, i) => ({
    workspace_id: ws.workspaceId,
    chatbot_id: bot.id,
    session_id: null,
    name: `Lead ${i}`,
    email: `lead${i}@example.com`,
    phone: '',
    message: i % 7 === 0 ? 'Call me, "soon", please' : '',
    source: 'api',
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.db.kysely
      .insertInto('leads')
      .values(rows.slice(i, i + 500))
      .execute();

  const seen = new Set<number>();
  let before: number | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const url: string = `/console/api/leads${before ? `?before=${before}` : ''}`;
    const res = await t.app.inject({ url, headers: owner.read });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().Data as { List: { ID: number }[]; Next: number | null };
    for (const l of data.List) seen.add(l.ID);
    if (data.Next === null) break;
    before = data.Next;
  }
  expect(seen.size).toBe(LEADS);

  const csv = await t.app.inject({ url: '/console/api/leads.csv', headers: owner.read });
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-type']).toMatch(/^text\/csv/);
  const lines = csv.body.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^ID,Created,Chatbot,Status,Name/);
  expect(lines).toHaveLength(LEADS + 1);
  expect(new Set(lines.slice(1).map((l) => Number(l.split(',')[0]))).size).toBe(LEADS);
  expect(csv.body).toContain('"Call me, ""soon"", please"');
}, 60_000);

it('a conversation of 510 messages shows its newest 500', async () => {
  for (let i = 0; i < 510; i++) {
    await call(t.app, '/chat/Chat/AgentReply', { sessionID: sessionId, content: `reply ${i}` }, ws.auth);
  }
  const res = await t.app.inject({ url: `/console/api/conversations/${sessionId}`, headers: owner.read });
  const messages = (res.json().Data as { Messages: { Content: string }[] }).Messages.map((m) => m.Content);
  expect(messages).toHaveLength(500);
  expect(messages[0]).toBe('reply 10');
  expect(messages.at(-1)).toBe('reply 509');
}, 60_000);
