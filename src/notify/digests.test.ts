// The daily digests with a controlled clock, across time zones and a DST change day:
// what is queued at which instant, what the emails and the conversation.daily webhook
// hold, that an empty day sends nothing, and that two instances queue a digest once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, createListing, listingBody } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, type TestApp, type TestWorkspace, testClock } from '../../test/harness.ts';
import type { AnswerEngine } from '../answer/engine.ts';
import { createRegistry } from '../answer/registry.ts';
import type { Mailer } from '../outbox/mailer.ts';
import type { EmailPayload } from '../outbox/repo.ts';
import { createWorker } from './worker.ts';

const engine: AnswerEngine = {
  name: 'scripted',
  async answer(req, onText) {
    onText(`Re: ${req.question.content} — see https://homes.example.com/l/1`);
    return { noAnswer: false };
  },
};

const clock = testClock(new Date('2031-03-01T00:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    clock,
    notify: { enabled: false },
    engines: createRegistry([{ key: 'builtin', name: 'parlor-builtin', engine: 'builtin' }], { builtin: () => engine }),
  });
});
afterAll(() => t.close());

/** Workers that record what they send; `twin()` is a second instance sharing the record. */
function recorder(ws: TestWorkspace) {
  const mails: EmailPayload[] = [];
  const posts: { url: string; body: string }[] = [];
  const mailer: Mailer = { send: async (_id, m) => void mails.push(m), close: () => {} };
  const make = () =>
    createWorker({
      db: t.db,
      mailer,
      clock,
      digestHour: 8,
      publicUrl: 'https://parlor.example.com',
      workspaceIds: [ws.workspaceId],
      fetch: async (url, init) => {
        posts.push({ url: String(url), body: String(init?.body) });
        return new Response('ok');
      },
    });
  return { worker: make(), twin: make, mails, posts };
}

async function chatbot(ws: TestWorkspace, name: string, settings: Record<string, unknown>) {
  const serial = await createChatbot(t.app, ws.auth, name);
  await call(t.app, '/chat/Chatbot/Edit', { serialNumber: serial, ...settings }, ws.auth);
  return serial;
}

async function askAt(ws: TestWorkspace, serial: string, at: string, content: string) {
  clock.set(new Date(at));
  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: serial },
    ws.auth,
  );
  await call(t.app, '/chat/Chat/ClientAsk', { sessionID: SessionID, content }, ws.auth);
  return SessionID;
}

async function keys(ws: TestWorkspace) {
  const rows = await t.db.kysely
    .selectFrom('outbox')
    .select(['dedupe_key', 'status'])
    .where('workspace_id', '=', ws.workspaceId)
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.dedupe_key} ${r.status}`);
}

describe('daily digests', () => {
  it('New York across the spring-forward day: the 23-hour day, sent at 08:00 local, once', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await chatbot(ws, 'Agency NY', {
      TimeZone: 'America/New_York',
      EmailForDailyChatLogs: 'logs@ny.example',
      EmailForDailyLeads: 'leads@ny.example',
    });
    const botId = (
      await t.db.kysely
        .selectFrom('chatbots')
        .select('id')
        .where('serial_number', '=', serial)
        .executeTakeFirstOrThrow()
    ).id;
    await call(
      t.app,
      '/chat/Workspace/SetWebhook',
      { Url: 'https://crm.example.com/daily', Events: ['conversation.daily'] },
      ws.auth,
    );
    await askAt(ws, serial, '2031-03-09T04:59:00Z', 'late on the 8th'); // 23:59 EST, 8 March
    const early = await askAt(ws, serial, '2031-03-09T05:30:00Z', 'just after midnight'); // 00:30 EST, 9 March
    const late = await askAt(ws, serial, '2031-03-10T03:30:00Z', 'late on the 9th'); // 23:30 EDT, 9 March
    await askAt(ws, serial, '2031-03-10T04:30:00Z', 'on the 10th'); // 00:30 EDT, 10 March
    clock.set(new Date('2031-03-09T20:00:00Z'));
    await call(t.app, '/chat/Chat/TalkToHuman', { sessionID: early, Name: 'Nina Lead', Phone: '555 0100' }, ws.auth);

    const { worker, twin, mails, posts } = recorder(ws);
    // 07:59 EDT on 10 March: the 9th is not due yet (the 8th is the latest due day).
    await worker.queueDigests(new Date('2031-03-10T11:59:00Z'));
    expect(await keys(ws)).toEqual([
      `digest:chatlogs:${botId}:2031-03-08 pending`,
      `digest:leads:${botId}:2031-03-08 skipped`,
      expect.stringMatching(new RegExp(`^digest:webhook:\\d+:${botId}:2031-03-08 pending$`)),
    ]);
    await worker.runOnce(new Date('2031-03-10T11:59:00Z'));
    expect(mails.map((m) => m.subject)).toEqual(['[Agency NY] Conversations of 2031-03-08 (1)']);
    mails.length = 0;
    posts.length = 0;

    // 08:00 EDT, twice (two instances at once): queued once.
    const other = twin();
    const at8 = new Date('2031-03-10T12:00:00Z');
    const [a, b] = await Promise.all([worker.queueDigests(at8), other.queueDigests(at8)]);
    expect(a + b).toBe(3);
    await worker.queueDigests(new Date('2031-03-10T20:00:00Z'));
    expect((await keys(ws)).filter((k) => k.includes('2031-03-09'))).toHaveLength(3);
    await Promise.all([worker.runOnce(at8), other.runOnce(at8)]);

    const chatlogs = mails.find((m) => m.subject.includes('Conversations'));
    expect(chatlogs?.subject).toBe('[Agency NY] Conversations of 2031-03-09 (2)');
    expect(chatlogs?.to).toEqual(['logs@ny.example']);
    expect(chatlogs?.text).toContain('Visitor: just after midnight');
    expect(chatlogs?.text).toContain('Visitor: late on the 9th');
    expect(chatlogs?.text).toContain('Chatbot: Re: late on the 9th — see https://homes.example.com/l/1');
    expect(chatlogs?.text).not.toContain('late on the 8th');
    expect(chatlogs?.text).not.toContain('on the 10th');
    expect(chatlogs?.text).toContain(`Session ${early}, from 00:30`);
    expect(chatlogs?.text).toContain(`Session ${late}, from 23:30`);
    expect(chatlogs?.html).toContain('<a href="https://homes.example.com/l/1">');

    const leads = mails.find((m) => m.subject.includes('Leads'));
    expect(leads?.subject).toBe('[Agency NY] Leads of 2031-03-09 (1)');
    expect(leads?.to).toEqual(['leads@ny.example']);
    expect(leads?.text).toContain('16:00  Nina Lead — 555 0100');
    expect(mails).toHaveLength(2);

    expect(posts).toHaveLength(1);
    const body = JSON.parse(posts[0]?.body ?? '{}') as {
      event: string;
      date: string;
      conversations: { sessionId: number }[];
    };
    expect(posts[0]?.url).toBe('https://crm.example.com/daily');
    expect(body).toMatchObject({ event: 'conversation.daily', date: '2031-03-09' });
    expect(body.conversations.map((c) => c.sessionId)).toEqual([early, late]);
  });

  it('Tokyo: 08:00 JST is 23:00 UTC the day before; an empty day sends nothing', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await chatbot(ws, 'Agency Tokyo', {
      TimeZone: 'Asia/Tokyo',
      EmailForDailyChatLogs: 'logs@tokyo.example',
    });
    await askAt(ws, serial, '2031-03-09T14:59:00Z', 'last minute of the 9th'); // 23:59 JST
    await askAt(ws, serial, '2031-03-09T15:00:00Z', 'first minute of the 10th'); // 00:00 JST
    const { worker, mails } = recorder(ws);

    await worker.queueDigests(new Date('2031-03-10T22:59:00Z'));
    await worker.runOnce(new Date('2031-03-10T22:59:00Z'));
    expect(mails.map((m) => m.subject)).toEqual(['[Agency Tokyo] Conversations of 2031-03-09 (1)']);
    await worker.queueDigests(new Date('2031-03-10T23:00:00Z'));
    await worker.runOnce(new Date('2031-03-10T23:00:00Z'));
    expect(mails.map((m) => m.subject)).toEqual([
      '[Agency Tokyo] Conversations of 2031-03-09 (1)',
      '[Agency Tokyo] Conversations of 2031-03-10 (1)',
    ]);
    expect(mails[1]?.text).toContain('first minute of the 10th');
    expect(mails[1]?.text).not.toContain('last minute of the 9th');

    // The 11th had no conversation: nothing is sent, and nothing is looked at again.
    await worker.queueDigests(new Date('2031-03-11T23:00:00Z'));
    expect(await worker.runOnce(new Date('2031-03-11T23:00:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect((await keys(ws)).at(-1)).toMatch(/:2031-03-11 skipped$/);
    expect(mails).toHaveLength(2);
  });

  it('the lead digest lists a showing booked that day with its time, listing and status', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await chatbot(ws, 'Agency Denver', {
      TimeZone: 'America/Denver',
      EmailForDailyLeads: 'leads@den.example',
    });
    clock.set(new Date('2031-05-06T15:00:00Z')); // Tuesday 09:00 MDT
    await call(
      t.app,
      '/chat/Chatbot/SetAvailability',
      { serialNumber: serial, Hours: [{ Day: 'Thu', Start: '09:00', End: '12:00' }] },
      ws.auth,
    );
    await createListing(
      t.app,
      ws.auth,
      listingBody(serial, { MLSNumber: 'DEN-D1', Address: '5 Blake St', City: 'Denver', State: 'CO' }),
    );
    const { SessionID } = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: serial },
      ws.auth,
    );
    await call(
      t.app,
      '/chat/Chat/BookTour',
      {
        sessionID: SessionID,
        Start: '2031-05-08T10:30:00-06:00',
        MLSNumber: 'DEN-D1',
        Name: 'Tess Tour',
        Email: 'tess@example.com',
      },
      ws.auth,
    );
    const { worker, mails } = recorder(ws);
    await worker.queueDigests(new Date('2031-05-07T14:00:00Z')); // Wednesday 08:00 MDT
    await worker.runOnce(new Date('2031-05-07T14:00:00Z'));
    const digest = mails.find((m) => m.subject.includes('Leads'));
    expect(digest?.text).toContain('09:00  Tess Tour — tess@example.com');
    expect(digest?.text).toContain('Showing 2031-05-08 10:30, 5 Blake St, Denver, CO (MLS DEN-D1), booked');
    expect(digest?.html).toContain('Showing 2031-05-08 10:30, 5 Blake St, Denver, CO (MLS DEN-D1), booked');
  });

  it('a chatbot without digest addresses or daily webhooks queues nothing', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await chatbot(ws, 'Quiet', { TimeZone: 'UTC' });
    await askAt(ws, serial, '2031-03-09T10:00:00Z', 'hello');
    const { worker } = recorder(ws);
    expect(await worker.queueDigests(new Date('2031-03-10T09:00:00Z'))).toBe(0);
    expect(await keys(ws)).toEqual([]);
  });
});
