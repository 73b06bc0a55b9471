// The analytics' counts (chat/analytics-counts.ts) follow the messages: asked through the API
// they are counted, and an erasure and the retention sweep take exactly the removed messages out
// of them, so after each the counts equal counts this test makes itself over the messages and
// sessions left: the questions per day and text, and per ten-minute slice the questions,
// answers, answers with no answer and conversations (sessions with a question, by when they began).
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatbotWithSession } from '../../test/factories.ts';
import { buildTestApp, call, post, type TestApp, testClock } from '../../test/harness.ts';
import { LocalStorage } from '../files/storage.ts';
import { sweepRetention } from './retention.ts';

const DAY = 86_400_000;
const NOW = new Date('2031-03-01T12:00:00Z');
const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

/** The question counts kept, as "day question" → [asked, unanswered]. */
async function kept(chatbotId: number): Promise<Record<string, number[]>> {
  const rows = await t.db.kysely
    .selectFrom('question_counts')
    .select(['day', 'question', 'asked', 'unanswered'])
    .where('chatbot_id', '=', chatbotId)
    .execute();
  return Object.fromEntries(rows.map((r) => [`${r.day} ${r.question}`, [Number(r.asked), Number(r.unanswered)]]));
}

/**
 * The same made here from the messages stored (their texts are ASCII and short): the questions
 * by their day, the answers with no answer by theirs, under their question's text.
 */
async function counted(chatbotId: number): Promise<Record<string, number[]>> {
  const rows = await t.db.kysely
    .selectFrom('messages')
    .select(['id', 'role', 'no_answer', 'question_id', 'created_at', 'content'])
    .where('chatbot_id', '=', chatbotId)
    .execute();
  const out: Record<string, number[]> = {};
  const bump = (day: string, text: string, k: number) => {
    const key = `${day.slice(0, 10)} ${text.toLowerCase()}`;
    const n = out[key] ?? [0, 0];
    n[k] = (n[k] ?? 0) + 1;
    out[key] = n;
  };
  for (const r of rows) {
    if (r.role === 'user') bump(r.created_at, r.content, 0);
    const question = rows.find((q) => q.id === r.question_id);
    if (r.role === 'assistant' && r.no_answer === 1 && question) bump(r.created_at, question.content, 1);
  }
  return out;
}

/** The times each text was asked, from the kept counts. */
const asked = (counts: Record<string, number[]>) =>
  Object.fromEntries(Object.entries(counts).flatMap(([k, [n = 0]]) => (n > 0 ? [[k, n]] : [])));
/** The answers with no answer, all texts together. */
const unanswered = (counts: Record<string, number[]>) => Object.values(counts).reduce((n, c) => n + (c[1] ?? 0), 0);

/** The slices' counts kept, as "slice" → [questions, answers, noAnswer, conversations], zeros left out. */
async function keptSlices(chatbotId: number): Promise<Record<string, number[]>> {
  const rows = await t.db.kysely
    .selectFrom('message_counts')
    .select(['slice', 'questions', 'answers', 'no_answer', 'conversations'])
    .where('chatbot_id', '=', chatbotId)
    .execute();
  const out: Record<string, number[]> = {};
  for (const r of rows) {
    const n = [r.questions, r.answers, r.no_answer, r.conversations].map(Number);
    if (n.some((x) => x !== 0)) out[r.slice] = n;
  }
  return out;
}

/** The same made here from the messages and sessions stored. */
async function countedSlices(chatbotId: number): Promise<Record<string, number[]>> {
  const db = t.db.kysely;
  const messages = await db
    .selectFrom('messages')
    .select(['session_id', 'role', 'no_answer', 'created_at'])
    .where('chatbot_id', '=', chatbotId)
    .execute();
  const sessions = await db
    .selectFrom('sessions')
    .select(['id', 'created_at'])
    .where('chatbot_id', '=', chatbotId)
    .execute();
  const out: Record<string, number[]> = {};
  const bump = (iso: string, k: number) => {
    const n = out[iso.slice(0, 15)] ?? [0, 0, 0, 0];
    n[k] = (n[k] ?? 0) + 1;
    out[iso.slice(0, 15)] = n;
  };
  for (const m of messages) {
    if (m.role === 'user') bump(m.created_at, 0);
    if (m.role === 'assistant') bump(m.created_at, 1);
    if (m.role === 'assistant' && m.no_answer === 1) bump(m.created_at, 2);
  }
  for (const s of sessions) {
    if (messages.some((m) => m.session_id === s.id && m.role === 'user')) bump(s.created_at, 3);
  }
  return out;
}

const conversations = async (chatbotId: number) =>
  Object.values(await keptSlices(chatbotId)).reduce((n, c) => n + (c[3] ?? 0), 0);

it('takes the messages an erasure and the retention sweep remove out of the counts', async () => {
  const f = await chatbotWithSession(t, { RetentionDays: 30 });
  const { id: chatbotId } = await t.db.kysely
    .selectFrom('chatbots')
    .select('id')
    .where('serial_number', '=', f.serial)
    .executeTakeFirstOrThrow();
  const newSession = async () =>
    (await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber: f.serial }, f.ws.auth))
      .SessionID;
  const ask = async (sessionID: number, content: string) => {
    const r = await post(t.app, '/chat/Chat/ClientAsk', { sessionID, content, chatAskType: null }, f.ws.auth);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const today = NOW.toISOString().slice(0, 10);
  const fortyDaysAgo = new Date(NOW.getTime() - 40 * DAY).toISOString().slice(0, 10);

  // Forty days ago, a conversation the retention sweep removes.
  clock.set(new Date(NOW.getTime() - 40 * DAY));
  const old = await newSession();
  await ask(old, 'What are your office hours?');
  await ask(old, 'Is the house on Elm St still available?');
  // Today, the factory's conversation, kept, and a visitor's, erased by her e-mail.
  clock.set(NOW);
  await ask(f.sessionId, 'What are your office hours?');
  await ask(f.sessionId, 'WHAT ARE YOUR OFFICE HOURS?');
  const hers = await newSession();
  await ask(hers, 'What are your office hours?');
  await ask(hers, 'Write to me at zq.counts@example.com');

  expect(asked(await kept(chatbotId))).toEqual({
    [`${fortyDaysAgo} what are your office hours?`]: 1,
    [`${fortyDaysAgo} is the house on elm st still available?`]: 1,
    [`${today} what are your office hours?`]: 3,
    [`${today} write to me at zq.counts@example.com`]: 1,
  });
  expect(await kept(chatbotId)).toEqual(await counted(chatbotId));
  expect(await keptSlices(chatbotId)).toEqual(await countedSlices(chatbotId));
  expect(await conversations(chatbotId)).toBe(3);
  // The builtin engine knows no office hours: each such question went unanswered.
  expect(unanswered(await kept(chatbotId))).toBe(4);

  const erased = await post(
    t.app,
    '/chat/Workspace/EraseVisitor',
    { Email: 'zq.counts@example.com', DryRun: false },
    f.ws.auth,
  );
  expect(erased.status, JSON.stringify(erased.body)).toBe(200);
  expect(asked(await kept(chatbotId))).toEqual({
    [`${fortyDaysAgo} what are your office hours?`]: 1,
    [`${fortyDaysAgo} is the house on elm st still available?`]: 1,
    [`${today} what are your office hours?`]: 2,
  });
  expect(await kept(chatbotId)).toEqual(await counted(chatbotId));
  expect(await keptSlices(chatbotId)).toEqual(await countedSlices(chatbotId));
  expect(await conversations(chatbotId)).toBe(2);
  expect(unanswered(await kept(chatbotId))).toBe(3);

  const storage = new LocalStorage(join(t.config.dataDir, 'files'));
  const swept = await sweepRetention({ db: t.db, storage, clock }, clock(), { workspaceIds: [f.ws.workspaceId] });
  expect(swept.size).toBe(1);
  expect(asked(await kept(chatbotId))).toEqual({ [`${today} what are your office hours?`]: 2 });
  expect(await kept(chatbotId)).toEqual(await counted(chatbotId));
  expect(await keptSlices(chatbotId)).toEqual(await countedSlices(chatbotId));
  expect(await conversations(chatbotId)).toBe(1);
  expect(unanswered(await kept(chatbotId))).toBe(2);
});
