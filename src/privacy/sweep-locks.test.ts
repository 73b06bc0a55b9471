// The retention sweep never holds what a question needs: a question asked on the swept chatbot
// while one of the sweep's batches is open (its messages, their removal count, files, keys,
// leads and sessions removed, not yet committed) is answered before the batch commits. On
// SQLite the one writer is the batch's until it commits, which is why its transactions are kept
// short (pace.ts); there the count of messages per transaction is what is tested.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession } from '../../test/factories.ts';
import { buildTestApp, call, dbKind, type TestApp, testClock } from '../../test/harness.ts';
import { deleteMessagesOfSessions } from '../chat/index.ts';
import { LocalStorage } from '../files/storage.ts';
import {
  FEWEST_MESSAGES_PER_TRANSACTION,
  MOST_MESSAGES_PER_TRANSACTION,
  nextCount,
  TRANSACTION_BUDGET_MS,
} from './pace.ts';
import { sweepRetention } from './retention.ts';
import { ERASURE_STEPS, type ErasureStep, messagesStep } from './steps.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock(new Date('2031-03-01T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

/** A session of the chatbot 60 days old with `n` messages. */
async function oldSession(workspaceId: number, chatbotId: number, n: number): Promise<void> {
  const db = t.db.kysely;
  const at = new Date(clock().getTime() - 60 * DAY).toISOString();
  const s = await db
    .insertInto('sessions')
    .values({
      workspace_id: workspaceId,
      chatbot_id: chatbotId,
      mode: 'bot',
      uri: null,
      created_at: at,
      last_activity_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('messages')
    .values(
      Array.from({ length: n }, (_, i) => ({
        workspace_id: workspaceId,
        chatbot_id: chatbotId,
        session_id: s.id,
        role: i % 2 ? 'assistant' : 'user',
        content: `message ${i}`,
        ask_type: 'Text',
        total_token: 0,
        no_answer: 0,
        status: 'complete',
        created_at: at,
      })),
    )
    .execute();
}

describe('the retention sweep and a question at the same time', () => {
  it.skipIf(dbKind !== 'postgres')(
    "a question on the swept chatbot is answered while a batch's transaction is open (PostgreSQL)",
    async () => {
      const f = await chatbotWithSession(t, { RetentionDays: 30 });
      const bot = await t.db.kysely
        .selectFrom('chatbots')
        .select('id')
        .where('serial_number', '=', f.serial)
        .executeTakeFirstOrThrow();
      await oldSession(f.ws.workspaceId, bot.id, 40);
      const ask = () =>
        call(t.app, '/chat/Chat/ClientAsk', { sessionID: f.sessionId, content: 'hi', chatAskType: null }, f.ws.auth);
      await ask();

      // The batch removes the messages in its own transaction, with everything else, then waits.
      let opened = () => {};
      const open = new Promise<void>((resolve) => {
        opened = resolve;
      });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holding: ErasureStep = {
        async count() {},
        async erase(trx, target, counts) {
          counts.Messages =
            (counts.Messages ?? 0) + (await deleteMessagesOfSessions(trx, target.workspaceId, target.sessionIds, 1000));
          opened();
          await released;
        },
      };
      const steps = [holding, ...ERASURE_STEPS.filter((s) => s !== messagesStep)];
      const storage = new LocalStorage(join(t.config.dataDir, 'files'));
      const sweep = sweepRetention({ db: t.db, storage, clock, steps }, clock(), { workspaceIds: [f.ws.workspaceId] });
      let outcome: string;
      try {
        await open;
        outcome = await Promise.race([
          ask().then(() => 'answered'),
          new Promise<string>((resolve) => setTimeout(() => resolve('held up by the batch'), 5000)),
        ]);
      } finally {
        release();
      }
      const removed = await sweep;
      expect(outcome).toBe('answered');
      expect(removed.get(bot.id)).toMatchObject({ Sessions: 1, Messages: 40 });
    },
  );

  it('fits the messages per transaction to the time budget, between the fewest and the most', () => {
    const most = MOST_MESSAGES_PER_TRANSACTION.postgres;
    const budget = TRANSACTION_BUDGET_MS.postgres;
    expect(nextCount(most, budget * 3, most, budget)).toBe(most / 2);
    expect(nextCount(most / 2, budget / 4, most, budget)).toBe(most);
    expect(nextCount(most, budget / 4, most, budget)).toBe(most);
    expect(nextCount(400, budget * 0.75, most, budget)).toBe(400);
    expect(nextCount(FEWEST_MESSAGES_PER_TRANSACTION, budget * 10, most, budget)).toBe(FEWEST_MESSAGES_PER_TRANSACTION);
  });

  it("halves SQLite's transactions after 15 ms, which PostgreSQL's budget allows", () => {
    const sqlite = MOST_MESSAGES_PER_TRANSACTION.sqlite;
    expect(nextCount(sqlite, 15, sqlite, TRANSACTION_BUDGET_MS.sqlite)).toBe(sqlite / 2);
    const pg = MOST_MESSAGES_PER_TRANSACTION.postgres;
    expect(nextCount(pg, 15, pg, TRANSACTION_BUDGET_MS.postgres)).toBe(pg);
  });
});
