// Migration 034 on a database with messages from before it: the counts it makes of them are the
// ones chat keeps as messages are stored (chat's countForAnalytics over the same messages), and
// what they say of a few messages is checked by hand.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type EmptyDb, openEmptyDb, testConfig } from '../../test/harness.ts';
import { countForAnalytics } from '../chat/index.ts';
import * as m034 from './034_analytics_counts.ts';
import type { MigrationDb } from './columns.ts';

let empty: EmptyDb;

beforeAll(async () => {
  empty = await openEmptyDb(testConfig().dataDir);
});

afterAll(async () => {
  await empty?.drop();
});

async function snapshot() {
  const db = empty.db.kysely;
  const slices = await db
    .selectFrom('message_counts')
    .select(['chatbot_id', 'slice', 'questions', 'answers', 'no_answer', 'conversations'])
    .orderBy('slice')
    .execute();
  const questions = await db
    .selectFrom('question_counts')
    .select(['chatbot_id', 'day', 'question', 'asked', 'unanswered'])
    .orderBy('day')
    .orderBy('question')
    .execute();
  return { slices, questions };
}

test('counts the messages already stored as chat counts them when they are stored', async () => {
  const m = empty.db.kysely as unknown as MigrationDb;
  const t0 = '2031-01-01T00:00:00.000Z';
  await sql`insert into workspaces (name, signing_secret, created_at) values ('Old', 's', ${t0})`.execute(m);
  await sql`insert into chatbots (workspace_id, serial_number, type, settings, created_at, updated_at)
    values (1, 'old-bot', 0, '{}', ${t0}, ${t0})`.execute(m);
  const session = async (at: string) =>
    (
      await sql<{ id: number }>`insert into sessions (workspace_id, chatbot_id, mode, created_at)
        values (1, 1, 'bot', ${at}) returning id`.execute(m)
    ).rows[0]?.id ?? 0;
  const ids: number[] = [];
  const msg = async (s: number, role: string, content: string, at: string, questionId: number | null, noAnswer = 0) => {
    const r = await sql<{ id: number }>`insert into messages
      (workspace_id, chatbot_id, session_id, role, content, ask_type, status, question_id, no_answer, created_at)
      values (1, 1, ${s}, ${role}, ${content}, 'Text', 'complete', ${questionId}, ${noAnswer}, ${at}) returning id`.execute(
      m,
    );
    const id = r.rows[0]?.id ?? 0;
    ids.push(id);
    return id;
  };
  const a = await session('2031-01-02T23:55:00.000Z');
  const q1 = await msg(a, 'user', 'Office HOURS?', '2031-01-02T23:58:00.000Z', null);
  // Answered after midnight: its day is the next one.
  await msg(a, 'assistant', 'We open at nine.', '2031-01-03T00:01:00.000Z', q1, 1);
  const q2 = await msg(a, 'user', 'office hours?', '2031-01-03T00:05:00.000Z', null);
  await msg(a, 'assistant', 'Nine to five.', '2031-01-03T00:05:30.000Z', q2);
  await msg(a, 'agent', 'Hi, Dana here.', '2031-01-03T00:06:00.000Z', null);
  const b = await session('2031-01-03T10:00:00.000Z');
  // A session with no question is no conversation.
  await session('2031-01-03T11:00:00.000Z');
  await msg(b, 'user', 'Homes in Austin?', '2031-01-03T10:00:10.000Z', null);

  await sql`drop table question_counts`.execute(m);
  await sql`drop table message_counts`.execute(m);
  await m034.up(m);
  const migrated = await snapshot();
  expect(migrated.questions).toEqual([
    { chatbot_id: 1, day: '2031-01-02', question: 'office hours?', asked: 1, unanswered: 0 },
    { chatbot_id: 1, day: '2031-01-03', question: 'homes in austin?', asked: 1, unanswered: 0 },
    { chatbot_id: 1, day: '2031-01-03', question: 'office hours?', asked: 1, unanswered: 1 },
  ]);
  expect(migrated.slices).toEqual([
    { chatbot_id: 1, slice: '2031-01-02T23:5', questions: 1, answers: 0, no_answer: 0, conversations: 1 },
    { chatbot_id: 1, slice: '2031-01-03T00:0', questions: 1, answers: 2, no_answer: 1, conversations: 0 },
    { chatbot_id: 1, slice: '2031-01-03T10:0', questions: 1, answers: 0, no_answer: 0, conversations: 1 },
  ]);

  await empty.db.kysely.deleteFrom('question_counts').execute();
  await empty.db.kysely.deleteFrom('message_counts').execute();
  await countForAnalytics(empty.db.kysely, ids);
  expect(await snapshot()).toEqual(migrated);
});
