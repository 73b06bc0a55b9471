// The retention sweep: a chatbot keeping conversations 30 days and leads 60 loses exactly the
// older ones (messages, files and their bytes, the leads' showings and queued notices), two
// sweeps at once remove each row once, each pass that removed something is audited, the
// settings are validated, and a question asked meanwhile is not held up by the sweep's batches.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, expectFailure } from '../../test/factories.ts';
import { buildTestApp, call, post, type TestApp, testClock } from '../../test/harness.ts';
import { LocalStorage } from '../files/storage.ts';
import { enqueue } from '../outbox/repo.ts';
import type { EraseDeps } from './erase.ts';
import { sweepRetention } from './retention.ts';
import type { Counts } from './steps.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock(new Date('2031-03-01T12:00:00Z'));
let t: TestApp;
let storage: LocalStorage;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  storage = new LocalStorage(join(t.config.dataDir, 'files'));
});
afterAll(() => t.close());

const deps = (): EraseDeps => ({ db: t.db, storage, clock });

interface Seeded {
  workspaceId: number;
  serial: string;
  chatbotId: number;
  auth: Record<string, string>;
  sessions: { id: number; age: number; key: string }[];
  leads: { id: number; age: number }[];
}

/** A chatbot with a session every `step` days from 0 to 90 days old (each with messages and a file), and a lead of each age. */
async function seed(settings: Record<string, unknown>, messagesPerSession = 3, step = 10): Promise<Seeded> {
  const f = await chatbotWithSession(t, settings);
  const db = t.db.kysely;
  const bot = await db
    .selectFrom('chatbots')
    .select('id')
    .where('serial_number', '=', f.serial)
    .executeTakeFirstOrThrow();
  const out: Seeded = {
    workspaceId: f.ws.workspaceId,
    serial: f.serial,
    chatbotId: bot.id,
    auth: f.ws.auth,
    // The factory's own session, new: kept.
    sessions: [{ id: f.sessionId, age: 0, key: '' }],
    leads: [],
  };
  const ws = f.ws.workspaceId;
  for (let age = 0; age <= 90; age += step) {
    const at = new Date(clock().getTime() - age * DAY + (age ? 60_000 : -60_000)).toISOString();
    const s = await db
      .insertInto('sessions')
      .values({ workspace_id: ws, chatbot_id: bot.id, mode: 'bot', uri: null, created_at: at, last_activity_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: messagesPerSession }, (_, i) => ({
      workspace_id: ws,
      chatbot_id: bot.id,
      session_id: s.id,
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i} of a conversation ${age} days old`,
      ask_type: 'Text',
      total_token: 0,
      no_answer: 0,
      status: 'complete',
      created_at: at,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('messages')
        .values(rows.slice(i, i + 500))
        .execute();
    const key = `${ws}/retention-${s.id}`;
    await storage.put(key, Readable.from([Buffer.from(`bytes of ${age}`)]));
    await db
      .insertInto('files')
      .values({
        workspace_id: ws,
        file_name: 'a.png',
        kind: 'image',
        mime: 'image/png',
        size: 10,
        status: 'active',
        storage_key: key,
        token_hash: null,
        expires_at: null,
        chatbot_id: null,
        created_at: at,
        rejection: null,
        session_id: s.id,
      })
      .execute();
    out.sessions.push({ id: s.id, age, key });
    const lead = await db
      .insertInto('leads')
      .values({
        workspace_id: ws,
        chatbot_id: bot.id,
        session_id: s.id,
        name: `Visitor ${age}`,
        email: `v${age}@example.com`,
        phone: '',
        message: '',
        source: 'api',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueue(
      db,
      ws,
      `lead:${lead.id}:email`,
      { kind: 'email', to: ['agents@example.com'], subject: 'Lead', text: `v${age}@example.com`, html: '' },
      new Date(at),
    );
    out.leads.push({ id: lead.id, age });
  }
  return out;
}

function total(results: Map<number, Counts>[], name: string): number {
  return results.reduce((n, r) => n + [...r.values()].reduce((m, c) => m + (c[name] ?? 0), 0), 0);
}

describe('retention settings', () => {
  it.each([
    ['RetentionDays', -1],
    ['RetentionDays', 3651],
    ['LeadRetentionDays', -5],
    ['LeadRetentionDays', 4000],
    ['RetentionDays', 1.5],
  ])('refuses %s %s naming it', async (name, value) => {
    const f = await chatbotWithSession(t);
    const r = await post(t.app, '/chat/Chatbot/Edit', { serialNumber: f.serial, [name]: value }, f.ws.auth);
    expectFailure(r, 400, name);
  });

  it('defaults to 365 days for conversations and keeping leads; 0 and 3650 are accepted', async () => {
    const f = await chatbotWithSession(t);
    const got = await call<{ RetentionDays: number; LeadRetentionDays: number }>(
      t.app,
      '/chat/Chatbot/Get',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    expect([got.RetentionDays, got.LeadRetentionDays]).toEqual([365, 0]);
    await call(
      t.app,
      '/chat/Chatbot/Edit',
      { serialNumber: f.serial, RetentionDays: 0, LeadRetentionDays: 3650 },
      f.ws.auth,
    );
  });
});

describe('the retention sweep', () => {
  it('keeps exactly the last 30 days of conversations and 60 of leads; two sweeps at once remove each row once', async () => {
    const s = await seed({ RetentionDays: 30, LeadRetentionDays: 60 });
    const untouched = await seed({ RetentionDays: 0 });
    const opts = { workspaceIds: [s.workspaceId, untouched.workspaceId] };
    const messageCount = () =>
      call<number>(t.app, '/chat/Chatbot/GetMessageCountByChatbot', { SerialNumber: s.serial }, s.auth);
    const countBefore = await messageCount();
    const results = await Promise.all([sweepRetention(deps(), clock(), opts), sweepRetention(deps(), clock(), opts)]);
    // The chatbot's usage keeps the messages removed (counted once, though two sweeps ran).
    expect(countBefore).toBeGreaterThan(0);
    expect(await messageCount()).toBe(countBefore);

    const oldSessions = s.sessions.filter((x) => x.age > 30);
    const oldLeads = s.leads.filter((x) => x.age > 60);
    expect(total(results, 'Sessions')).toBe(oldSessions.length);
    expect(total(results, 'Messages')).toBe(oldSessions.length * 3);
    expect(total(results, 'Files')).toBe(oldSessions.length);
    expect(total(results, 'Leads')).toBe(oldLeads.length);
    expect(total(results, 'Emails')).toBe(oldLeads.length);

    const db = t.db.kysely;
    const sessionsLeft = await db.selectFrom('sessions').select('id').where('chatbot_id', '=', s.chatbotId).execute();
    expect(sessionsLeft.map((r) => r.id).sort()).toEqual(
      s.sessions
        .filter((x) => x.age <= 30)
        .map((x) => x.id)
        .sort(),
    );
    const messagesLeft = await db
      .selectFrom('messages')
      .select('session_id')
      .where('chatbot_id', '=', s.chatbotId)
      .execute();
    expect(messagesLeft).toHaveLength((s.sessions.length - 1 - oldSessions.length) * 3);
    for (const x of s.sessions)
      expect(existsSync(join(t.config.dataDir, 'files', x.key)), `${x.age} days`).toBe(x.age <= 30);
    const leadsLeft = await db.selectFrom('leads').select('id').where('chatbot_id', '=', s.chatbotId).execute();
    expect(leadsLeft.map((r) => r.id).sort()).toEqual(
      s.leads
        .filter((x) => x.age <= 60)
        .map((x) => x.id)
        .sort(),
    );
    const payloads = await db
      .selectFrom('outbox')
      .select(['payload', 'status'])
      .where('workspace_id', '=', s.workspaceId)
      .execute();
    expect(payloads.filter((p) => p.status === 'erased' && p.payload === 'null')).toHaveLength(oldLeads.length);

    // The chatbot keeping everything lost nothing.
    const kept = await db.selectFrom('sessions').select('id').where('chatbot_id', '=', untouched.chatbotId).execute();
    expect(kept).toHaveLength(untouched.sessions.length);
    expect(untouched.sessions.every((x) => !x.key || existsSync(join(t.config.dataDir, 'files', x.key)))).toBe(true);

    // One audit row for the pass, counts only.
    const audit = await call<{ List: { Action: string; Actor: string; SerialNumber: string; Counts: Counts }[] }>(
      t.app,
      '/chat/Workspace/GetPrivacyAudit',
      {},
      s.auth,
    );
    expect(audit.List).toHaveLength(1);
    expect(audit.List[0]).toMatchObject({
      Action: 'retention',
      Actor: 'retention',
      SerialNumber: s.serial,
      Counts: { Sessions: oldSessions.length, Leads: oldLeads.length },
    });
    expect(JSON.stringify(audit)).not.toContain('example.com');

    // A pass right after finds nothing to do (and is not even claimed: the chatbot was swept).
    expect((await sweepRetention(deps(), clock(), opts)).size).toBe(0);
  });

  it("removes a long conversation in batches while questions go on (the longest question's wait measured)", async () => {
    const s = await seed({ RetentionDays: 30 }, 6000, 45);
    const f = await chatbotWithSession(t);
    // Warm: the first questions of a new chatbot pay for what is loaded once.
    for (let i = 0; i < 3; i++) {
      await call(
        t.app,
        '/chat/Chat/ClientAsk',
        { sessionID: f.sessionId, content: 'hi', chatAskType: null },
        f.ws.auth,
      );
    }
    let sweeping = true;
    let longest = 0;
    let asked = 0;
    const questions = (async () => {
      while (sweeping && asked < 400) {
        const started = performance.now();
        await call(
          t.app,
          '/chat/Chat/ClientAsk',
          { sessionID: f.sessionId, content: 'hi', chatAskType: null },
          f.ws.auth,
        );
        longest = Math.max(longest, performance.now() - started);
        asked++;
      }
    })();
    const removed = await sweepRetention(deps(), clock(), { workspaceIds: [s.workspaceId] });
    sweeping = false;
    await questions;
    // Sessions of 45 and 90 days: 12,000 messages, in transactions that each fit the time budget (pace.ts).
    expect(removed.get(s.chatbotId)?.Messages).toBe(12_000);
    expect(asked).toBeGreaterThan(0);
    console.log(
      `retention sweep of 12,000 messages: ${asked} questions meanwhile, the longest ${longest.toFixed(1)} ms`,
    );
    // Generous on a shared machine: the bound that matters is the transactions' budget.
    expect(longest).toBeLessThan(2000);
  });
});
