// EraseVisitor end to end, on a database of its own (a file on SQLite): a visitor with two
// conversations, a lead, a booked showing, an upload and queued e-mails, webhooks, CRM events
// and an SMS, a third conversation where she only typed her phone in a question and a fourth
// where only an agent wrote her e-mail in a reply, is erased by e-mail; then no table, no
// stored file, and on SQLite neither the database file nor its WAL holds their e-mail, phone,
// name or file; another visitor's data is untouched; the counts are what was seeded; a dry run
// changes nothing; the outbox worker sends nothing of them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf } from '../../test/console/staff.ts';
import { chatbotWithSession, createListing, expectFailure, listingBody } from '../../test/factories.ts';
import {
  buildTestApp,
  call,
  dbKind,
  type EmptyDb,
  openEmptyDb,
  post,
  type TestApp,
  type TestWorkspace,
  testClock,
  testConfig,
} from '../../test/harness.ts';
import { expectSlotCountsMatch } from '../../test/tours/slot-counts.ts';
import { LocalStorage } from '../files/storage.ts';
import { createWorker } from '../notify/worker.ts';
import { type EmailPayload, enqueueUnique } from '../outbox/repo.ts';
import { insertKey } from '../workspaces/repo.ts';

const clock = testClock(new Date('2026-06-01T14:00:00Z'));
const MLS = 'ERASE-7001';
// The erased visitor, written in other cases and forms than they are searched by.
const ZELDA = { Name: 'Zelda Quimbyfield', Email: 'ZQ.Unique+erase@Example.com', Phone: '+1 (512) 555-0147' };
const ZELDA_MARKS = [
  'zq.unique+erase@example.com',
  'quimbyfield',
  '5125550147',
  '555-0147',
  '512.555.0147',
  'zelda-file-bytes',
];
const BOB = { Name: 'Bob Keepington', Email: 'bob.keep@example.com', Phone: '+1 (303) 555-0199' };
const BOB_MARKS = ['bob.keep@example.com', 'keepington', 'bob-file-bytes'];

let empty: EmptyDb;
let t: TestApp;
let ws: TestWorkspace;
let serial: string;
let dataDir: string;
const zeldaSessions: number[] = [];
let bobSession: number;
/** The outbox keys of her CRM events and her rating's webhook, whose payloads hold IDs only. */
const zeldaIdOnlyKeys: string[] = [];

const ask = (sessionID: number, Question: string) =>
  call(t.app, '/chat/Chat/ClientAsk', { sessionID, content: Question, chatAskType: null }, ws.auth);

async function newSession(): Promise<number> {
  return (await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber: serial }, ws.auth))
    .SessionID;
}

/** A visitor upload of the session, as the upload flow leaves it: an active row and its bytes. */
async function seedUpload(sessionId: number, bytes: string): Promise<void> {
  const key = `${ws.workspaceId}/erase-${sessionId}-${Date.now()}`;
  await new LocalStorage(join(dataDir, 'files')).put(key, Readable.from([Buffer.from(bytes)]));
  await t.db.kysely
    .insertInto('files')
    .values({
      workspace_id: ws.workspaceId,
      file_name: 'photo.png',
      kind: 'image',
      mime: 'image/png',
      size: bytes.length,
      status: 'active',
      storage_key: key,
      token_hash: null,
      expires_at: null,
      chatbot_id: null,
      created_at: clock().toISOString(),
      rejection: null,
      session_id: sessionId,
    })
    .execute();
}

const erase = (body: Record<string, unknown>, headers: Record<string, string> = ws.auth) =>
  post<{ DryRun: boolean; Counts: Record<string, number> }>(t.app, '/chat/Workspace/EraseVisitor', body, headers);

/** Every row of every table, as text (lower-cased). */
async function dumpTables(): Promise<string> {
  const names =
    dbKind === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.db.kysely)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
          t.db.kysely,
        );
  let out = '';
  for (const { name } of names.rows) {
    const rows = await sql`select * from ${sql.table(name)}`.execute(t.db.kysely);
    out += `${name}\n${JSON.stringify(rows.rows)}\n`;
  }
  return out.toLowerCase();
}

/** The stored files' bytes (lower-cased). */
function dumpFiles(dir: string): string {
  let out = '';
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out += readFileSync(p, 'latin1');
    }
  };
  try {
    walk(dir);
  } catch {
    return '';
  }
  return out.toLowerCase();
}

/** SQLite's database file and WAL, as bytes read as text (lower-cased). */
function dumpSqliteFiles(): string {
  const file = join(dataDir, 'parlor.db');
  let out = readFileSync(file, 'latin1');
  for (const extra of [`${file}-wal`, `${file}-journal`]) {
    try {
      out += readFileSync(extra, 'latin1');
    } catch {}
  }
  return out.toLowerCase();
}

beforeAll(async () => {
  const config = testConfig({ PARLOR_PUBLIC_URL: 'https://parlor.example.com' });
  dataDir = config.dataDir;
  empty = await openEmptyDb(dataDir);
  t = await buildTestApp({ db: empty.db, config, clock });
  const s = await chatbotWithSession(t, { TalkToHumanEmail: 'agents@example.com' }, 'Erase Realty');
  ({ ws, serial } = s);
  await createListing(t.app, ws.auth, listingBody(serial, { MLSNumber: MLS, Address: '1550 Larimer St' }));
  await call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    {
      serialNumber: serial,
      TimeZone: 'America/Denver',
      Hours: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((Day) => ({ Day, Start: '09:00', End: '12:00' })),
      HorizonDays: 7,
    },
    ws.auth,
  );
  await call(
    t.app,
    '/chat/Workspace/SetWebhook',
    { Url: 'https://crm.example.com/hooks/parlor', Events: ['lead.created', 'appointment.created', 'answer.rated'] },
    ws.auth,
  );

  // Follow Up Boss connected: each lead's event is queued for the CRM, with her details in it.
  await call(
    t.app,
    '/chat/Workspace/SetCrm',
    { Provider: 'FollowUpBoss', ApiKey: 'fub-key-erase', SystemName: 'Parlor', SystemKey: 'sys-key' },
    ws.auth,
  );

  // Zelda: a conversation where she writes her e-mail and asks for a person, with an upload…
  const a = s.sessionId;
  zeldaSessions.push(a);
  await ask(a, `Hello, I am ${ZELDA.Name}, write to ${ZELDA.Email.toUpperCase()} please`);
  await call(t.app, '/chat/Chat/TalkToHuman', { sessionID: a, ...ZELDA, Message: 'Call me' }, ws.auth);
  await seedUpload(a, 'ZELDA-FILE-BYTES');
  // She rates an answer down, in her own words: the rating and its answer.rated webhook are hers.
  const { List } = await call<{ List: { ID: number; Role: string }[] }>(
    t.app,
    '/chat/Chat/GetMessages',
    { sessionID: a },
    ws.auth,
  );
  const answer = List.find((m) => m.Role === 'assistant');
  await call(
    t.app,
    '/chat/Chat/RateAnswer',
    { sessionID: a, messageId: answer?.ID, rating: 'down', reason: 'Quimbyfield family needs more' },
    ws.auth,
  );
  // …and another where she books a showing, her phone written another way.
  const b = await newSession();
  zeldaSessions.push(b);
  await ask(b, 'Any condos downtown?');
  const [slot] = await call<{ Start: string }[]>(t.app, '/chat/Chat/GetTourSlots', { sessionID: b }, ws.auth);
  await call(
    t.app,
    '/chat/Chat/BookTour',
    {
      sessionID: b,
      Start: slot?.Start,
      MLSNumber: MLS,
      Name: ZELDA.Name,
      Email: 'zq.unique+erase@example.com',
      Phone: '512 555 0147',
    },
    ws.auth,
  );
  // A third conversation where she only types her phone, written yet another way, in a question:
  // no lead, no showing; chat's record of the contacts typed makes it hers.
  const c = await newSession();
  zeldaSessions.push(c);
  await ask(c, 'Is the Larimer loft still available? You can reach me on 512.555.0147');
  // A fourth where only the agent who took over wrote her e-mail, in a reply: hers too.
  const d = await newSession();
  zeldaSessions.push(d);
  await ask(d, 'Anything in Cherry Creek?');
  await call(
    t.app,
    '/chat/Chat/AgentReply',
    { sessionID: d, content: 'Thanks! I sent the Cherry Creek list to ZQ.Unique+Erase@example.com' },
    ws.auth,
  );
  // Her CRM events and her rating's webhook as a receiver may be sent them: IDs only, nothing of
  // her contact, so that only their keys (her leads', her rating's) mark them hers.
  const herLeads = await t.db.kysely
    .selectFrom('leads')
    .select('id')
    .where('session_id', 'in', zeldaSessions)
    .execute();
  for (const { id } of herLeads) {
    const key = `crm:lead:${id}`;
    const r = await t.db.kysely
      .updateTable('outbox')
      .set({
        payload: JSON.stringify({
          kind: 'crm',
          provider: 'FollowUpBoss',
          leadId: id,
          body: JSON.stringify({ leadId: id }),
        }),
      })
      .where('dedupe_key', '=', key)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) zeldaIdOnlyKeys.push(key);
  }
  const ratingRows = await t.db.kysely
    .selectFrom('outbox')
    .select('dedupe_key')
    .where('dedupe_key', 'like', 'rating:%')
    .execute();
  for (const { dedupe_key } of ratingRows) {
    const ratingId = Number(dedupe_key.split(':')[1]);
    await t.db.kysely
      .updateTable('outbox')
      .set({
        payload: JSON.stringify({
          kind: 'webhook',
          url: 'https://crm.example.com/hooks/parlor',
          event: 'answer.rated',
          body: JSON.stringify({ event: 'answer.rated', rating: { id: ratingId, rating: 'down' } }),
        }),
      })
      .where('dedupe_key', '=', dedupe_key)
      .execute();
    zeldaIdOnlyKeys.push(dedupe_key);
  }
  // A text message to her still queued.
  await enqueueUnique(
    t.db.kysely,
    ws.workspaceId,
    { kind: 'sms', to: '+15125550147', body: 'Your showing is confirmed', serialNumber: serial },
    clock(),
  );

  // Bob: his own conversation, lead and upload, none of which may go.
  bobSession = await newSession();
  await ask(bobSession, `I am ${BOB.Name}, mail ${BOB.Email}`);
  await call(t.app, '/chat/Chat/TalkToHuman', { sessionID: bobSession, ...BOB, Message: 'Hi' }, ws.auth);
  await seedUpload(bobSession, 'BOB-FILE-BYTES');
  await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(t.db.kysely).catch(() => {});
}, 60_000);

afterAll(async () => {
  await t?.close();
  await empty?.drop();
});

describe('EraseVisitor input and credentials', () => {
  it.each([
    [{}, 'Email'],
    [{ Email: '  ' }, 'Email'],
    [{ Email: 'not-an-email' }, 'Email'],
    [{ Email: 'a@example.com, b@example.com' }, 'Email'],
    [{ Phone: 'call me' }, 'Phone'],
    [{ Phone: '555' }, 'Phone'],
    [{ SessionID: 0 }, 'SessionID'],
    [{ Email: ZELDA.Email, Phone: BOB.Phone }, 'Phone'],
    [{ Email: BOB.Email, SessionID: 0 }, 'SessionID'],
  ])('refuses %j naming %s', async (body, field) => {
    const before = await dumpTables();
    expectFailure(await erase({ DryRun: false, ...body }), 400, field);
    expect(await dumpTables()).toBe(before);
  });

  it('refuses visitors, agents and no credential; another workspace finds nobody', async () => {
    const body = { Email: ZELDA.Email, DryRun: true };
    expect((await erase(body, {})).status).toBe(401);
    const visitorKey = await insertKey(t.db.kysely, ws.workspaceId, 'visitor', bobSession, clock());
    expect((await erase(body, { 'chatrobot-sessionkey': visitorKey })).status).toBe(403);
    const agent = await staffOf(t.app, t.db, ws.workspaceId, 'agent');
    const asAgent = await erase(body, agent.write);
    expect(asAgent.status).toBe(403);
    expect(asAgent.body.Message).toContain('owner');
    const owner = await staffOf(t.app, t.db, ws.workspaceId, 'owner');
    expect((await erase(body, owner.write)).status).toBe(200);
    const other = await chatbotWithSession(t);
    const there = await call<{ Counts: Record<string, number> }>(
      t.app,
      '/chat/Workspace/EraseVisitor',
      body,
      other.ws.auth,
    );
    expect(Object.values(there.Counts).every((n) => n === 0)).toBe(true);
    expectFailure(await erase({ SessionID: other.sessionId }), 404);
  });
});

describe('EraseVisitor', () => {
  const seeded = {
    // Her two conversations with a lead or a showing, the one where she typed her phone, and
    // the one where an agent wrote her e-mail in a reply (a question, its answer, the reply).
    Sessions: 4,
    Messages: 9,
    Files: 1,
    // The lead the chatbot took from her message, her hand-off, and the showing's lead.
    Leads: 3,
    Appointments: 1,
    // The two leads' notices to agents@, the showing's confirmation to her and its notice to agents@.
    Emails: 4,
    // lead.created for the two leads, appointment.created, answer.rated for her rating.
    Webhooks: 4,
    TextMessages: 1,
  };

  it('a dry run answers the counts, by e-mail, by phone in any form, or by session, and changes nothing', async () => {
    const before = await dumpTables();
    const byEmail = await erase({ Email: ZELDA.Email.toLowerCase(), DryRun: true });
    expect(byEmail.body.Data).toEqual({ DryRun: true, Counts: seeded });
    for (const Phone of ['512 555 0147', '+1.512.555.0147', '(512) 555-0147', '+15125550147']) {
      expect((await erase({ Phone, DryRun: true })).body.Data?.Counts, Phone).toEqual(seeded);
    }
    const both = await erase({ Email: ZELDA.Email, Phone: '5125550147', SessionID: zeldaSessions[1], DryRun: true });
    expect(both.body.Data?.Counts).toEqual(seeded);
    expect(await dumpTables()).toBe(before);
  });

  it('removes every trace of her and nothing of anyone else; the worker sends nothing of her', async () => {
    const bobBefore = await t.db.kysely
      .selectFrom('messages')
      .select(['id', 'content'])
      .where('session_id', '=', bobSession)
      .execute();
    const usage = async () => ({
      count: await call<number>(t.app, '/chat/Chatbot/GetMessageCountByChatbot', { SerialNumber: serial }, ws.auth),
      credits: await call(t.app, '/chat/Chatbot/GetMessageCreditsUsage', {}, ws.auth),
    });
    const usageBefore = await usage();
    const r = await erase({ email: ZELDA.Email });
    expect(r.status).toBe(200);
    // The chatbot's usage keeps what was removed: the message count and this month's credits.
    expect(usageBefore.count).toBeGreaterThanOrEqual(seeded.Messages);
    expect(await usage()).toEqual(usageBefore);
    expect(r.body.Data).toEqual({ DryRun: false, Counts: seeded });

    const tables = await dumpTables();
    const files = dumpFiles(join(dataDir, 'files'));
    for (const mark of ZELDA_MARKS) {
      expect(tables.includes(mark), `tables hold ${mark}`).toBe(false);
      expect(files.includes(mark), `files hold ${mark}`).toBe(false);
    }
    for (const mark of BOB_MARKS) expect(tables.includes(mark) || files.includes(mark), mark).toBe(true);
    // Her payloads that hold IDs only are gone too: their keys alone marked them.
    expect(zeldaIdOnlyKeys.filter((k) => k.startsWith('crm:')).length).toBeGreaterThanOrEqual(1);
    expect(zeldaIdOnlyKeys.filter((k) => k.startsWith('rating:')).length).toBe(1);
    const idOnly = await t.db.kysely
      .selectFrom('outbox')
      .select(['dedupe_key', 'payload', 'status'])
      .where('dedupe_key', 'in', zeldaIdOnlyKeys)
      .execute();
    expect(idOnly.map((r) => [r.dedupe_key, r.payload, r.status]).sort()).toEqual(
      zeldaIdOnlyKeys.map((k) => [k, 'null', 'erased']).sort(),
    );
    // Chat's record of the contacts she typed went with her sessions.
    expect(
      await t.db.kysely
        .selectFrom('message_contacts')
        .select('session_id')
        .where('session_id', 'in', zeldaSessions)
        .execute(),
    ).toEqual([]);
    expect(files).toContain('bob-file-bytes');
    if (dbKind === 'sqlite') {
      const raw = dumpSqliteFiles();
      for (const mark of ZELDA_MARKS) expect(raw.includes(mark), `database file or WAL holds ${mark}`).toBe(false);
      expect(raw).toContain('keepington');
    }
    expect(
      await t.db.kysely.selectFrom('messages').select(['id', 'content']).where('session_id', '=', bobSession).execute(),
    ).toEqual(bobBefore);
    await expectSlotCountsMatch(t.db, ws.workspaceId);

    // What the worker delivers now: Bob's two leads' e-mails and webhooks, nothing of hers.
    const sent: string[] = [];
    const worker = createWorker({
      db: t.db,
      mailer: {
        async send(_id: number, m: EmailPayload) {
          sent.push(JSON.stringify(m));
        },
        close() {},
      },
      fetch: async (_url, init) => {
        sent.push(String(init?.body ?? ''));
        return new Response('{"sid":"SM1","status":"queued"}', { status: 201 });
      },
      twilio: {
        accountSid: 'AC1',
        authToken: 'x',
        from: '+15005550006',
        messagingServiceSid: null,
        baseUrl: 'http://127.0.0.1:9',
      },
      clock,
      digestHour: 8,
      publicUrl: 'https://parlor.example.com',
      workspaceIds: [ws.workspaceId],
    });
    await worker.runOnce(clock());
    const text = sent.join('\n').toLowerCase();
    expect(sent.length).toBe(4);
    expect(text).toContain('keepington');
    for (const mark of ZELDA_MARKS) expect(text.includes(mark), mark).toBe(false);
  });

  it('writes an audit row with the counts and nothing of the person', async () => {
    const audit = await call<{ List: { Action: string; Actor: string; Counts: Record<string, number> }[] }>(
      t.app,
      '/chat/Workspace/GetPrivacyAudit',
      {},
      ws.auth,
    );
    const [last] = audit.List;
    expect(last).toMatchObject({ Action: 'erase', Counts: seeded });
    expect(last?.Actor).toMatch(/^api-key:\d+$/);
    expect(audit.List).toHaveLength(1);
    const text = JSON.stringify(audit).toLowerCase();
    for (const mark of ZELDA_MARKS) expect(text.includes(mark)).toBe(false);
    // /metrics counts what was removed, by kind.
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('parlor_privacy_removed_total{kind="Messages",reason="erase"} 9');
    expect(metrics).toContain('parlor_privacy_removed_total{kind="Leads",reason="erase"} 3');
    // A second erasure finds nothing left.
    expect((await erase({ Email: ZELDA.Email, DryRun: true })).body.Data?.Counts.Sessions).toBe(0);
  });
});
