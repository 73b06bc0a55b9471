// A chatbot's questions and answers per day over the longest range the analytics take (two
// years, 731 days: more days than SQLite joins in one statement), each day's counts equal to
// the messages seeded in it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatbotWithSession } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { messageDays } from './repo-analytics.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const START = Date.UTC(2030, 0, 1);

it('counts each day of a two-year range on its own', async () => {
  const f = await chatbotWithSession(t);
  const db = t.db.kysely;
  const session = await db
    .selectFrom('sessions')
    .select(['chatbot_id', 'workspace_id'])
    .where('id', '=', f.sessionId)
    .executeTakeFirstOrThrow();
  const base = {
    workspace_id: session.workspace_id,
    chatbot_id: session.chatbot_id,
    session_id: f.sessionId,
    ask_type: 'Text',
    total_token: 1,
    status: 'complete',
    content: 'x',
  };
  // [day, questions, answered, noAnswer]: the first day, days in each hundred, the last day.
  const seeded: [number, number, number, number][] = [
    [0, 1, 1, 0],
    [99, 2, 1, 1],
    [100, 1, 0, 1],
    [499, 3, 2, 0],
    [500, 1, 1, 0],
    [730, 2, 0, 2],
  ];
  for (const [day, questions, answered, noAnswer] of seeded) {
    const at = (k: number) => new Date(START + day * DAY + k * 60_000).toISOString();
    const rows = [
      ...Array.from({ length: questions }, (_, k) => ({ ...base, role: 'user', no_answer: 0, created_at: at(k) })),
      ...Array.from({ length: answered }, (_, k) => ({ ...base, role: 'assistant', no_answer: 0, created_at: at(k) })),
      ...Array.from({ length: noAnswer }, (_, k) => ({ ...base, role: 'assistant', no_answer: 1, created_at: at(k) })),
    ];
    await db.insertInto('messages').values(rows).execute();
  }
  const days = Array.from({ length: 731 }, (_, i) => ({
    day: new Date(START + i * DAY).toISOString().slice(0, 10),
    from: new Date(START + i * DAY).toISOString(),
    to: new Date(START + (i + 1) * DAY).toISOString(),
  }));
  const scope = {
    workspaceId: session.workspace_id,
    chatbotId: session.chatbot_id,
    from: days[0]?.from ?? '',
    to: days[730]?.to ?? '',
  };
  const counted = await messageDays(db, scope, days);
  expect(counted).toHaveLength(731);
  const nonZero = counted
    .filter((d) => d.questions + d.answered + d.noAnswer > 0)
    .map((d) => [d.day, d.questions, d.answered, d.noAnswer]);
  expect(nonZero).toEqual(
    seeded.map(([day, q, a, n]) => [new Date(START + day * DAY).toISOString().slice(0, 10), q, a, n]),
  );
});
