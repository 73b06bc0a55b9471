// SendTwilioMessage over the API: queued at once, then sent by the outbox worker to a local
// Twilio stand-in (real HTTP); credentials, workspaces, validation, bodies as curl sends them.
// wiring.test.ts has 501 without Twilio settings and the worker's nudge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, newWorkspace, post, type TestApp, type TestWorkspace, testClock } from '../../test/harness.ts';
import { noMail } from '../../test/no-mail.ts';
import { startTwilioStandin, type TwilioStandin } from '../../test/twilio-standin.ts';
import { createWorker } from '../notify/worker.ts';

const PATH = '/chat/Chatbot/SendTwilioMessage';
const FROM = '+15125550199';
const clock = testClock(new Date('2031-03-01T12:00:00Z'));
let twilio: TwilioStandin;
let t: TestApp;
let ws: TestWorkspace;
let serial: string;

const twilioEnv = (s: TwilioStandin) => ({
  TWILIO_ACCOUNT_SID: s.accountSid,
  TWILIO_AUTH_TOKEN: s.authToken,
  TWILIO_FROM: FROM,
  TWILIO_BASE_URL: s.url,
});

beforeAll(async () => {
  twilio = await startTwilioStandin();
  t = await buildTestApp({ clock, env: twilioEnv(twilio) });
  ws = await newWorkspace(t.db);
  serial = await createChatbot(t.app, ws.auth, 'Demo Realty');
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

const outboxOf = (workspaceId: number) =>
  t.db.kysely.selectFrom('outbox').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();

const workerFor = (workspaceId: number) =>
  createWorker({
    db: t.db,
    mailer: noMail,
    clock,
    digestHour: 8,
    publicUrl: 'http://x',
    twilio: t.config.twilio,
    workspaceIds: [workspaceId],
  });

describe('SendTwilioMessage', () => {
  it('queues the SMS and answers its ID; the worker sends it to Twilio exactly once', async () => {
    const mine = await newWorkspace(t.db);
    const bot = await createChatbot(t.app, mine.auth);
    const body = { SerialNumber: bot, ToPhoneNumber: '+1 (512) 555-0100', Message: 'Tour confirmed: Sat 10 am ✓' };
    const r = await post<{ ID: number; Status: string }>(t.app, PATH, body, mine.auth);
    expect(r.status).toBe(200);
    const [row] = await outboxOf(mine.workspaceId);
    expect(r.body).toEqual({
      Data: { ID: row?.id, Status: 'queued' },
      Version: '1.0.0',
      Success: true,
      Code: 200,
      Message: '',
    });
    expect(row?.status).toBe('pending');
    // Stored normalised (E.164), without any credential.
    expect(JSON.parse(row?.payload ?? '')).toEqual({
      kind: 'sms',
      to: '+15125550100',
      body: 'Tour confirmed: Sat 10 am ✓',
      serialNumber: bot,
    });
    expect(row?.payload).not.toContain(twilio.authToken);

    const before = twilio.requests.length;
    const worker = workerFor(mine.workspaceId);
    expect(await worker.runOnce(clock())).toEqual({ sent: 1, failed: 0 });
    expect(await worker.runOnce(new Date(clock().getTime() + 86_400_000))).toEqual({ sent: 0, failed: 0 });
    const sent = twilio.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
      status: 201,
      form: { To: '+15125550100', From: FROM, Body: 'Tour confirmed: Sat 10 am ✓' },
    });
    expect(sent[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
    );
    expect(sent[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect((await outboxOf(mine.workspaceId)).map((x) => [x.status, x.attempts, x.last_error])).toEqual([
      ['sent', 0, null],
    ]);
  });

  it('takes the session key in chatrobot-sessionkey as well as the API key', async () => {
    const body = { serialNumber: serial, toPhoneNumber: '+447911123456', message: 'Hello' };
    const r = await post<{ ID: number; Status: string }>(t.app, PATH, body, { 'chatrobot-sessionkey': ws.sessionKey });
    expect(r.status).toBe(200);
    expect(r.body.Data.Status).toBe('queued');
    const bearer = await post(t.app, PATH, body, { authorization: `Bearer ${ws.apiKey}` });
    expect(bearer.status).toBe(200);
    const rows = await outboxOf(ws.workspaceId);
    expect(rows.map((x) => x.id)).toContain(r.body.Data.ID);
    expect(rows.map((x) => JSON.parse(x.payload).to)).toEqual(['+447911123456', '+447911123456']);
  });

  it('answers 401 without a credential or with an unknown one, queuing nothing', async () => {
    const mine = await newWorkspace(t.db);
    const bot = await createChatbot(t.app, mine.auth);
    const body = { SerialNumber: bot, ToPhoneNumber: '+15125550100', Message: 'Hi' };
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'pk_nope' },
      { 'chatrobot-sessionkey': 'sk_nope' },
    ];
    for (const headers of attempts) {
      const r = await post(t.app, PATH, body, headers);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ Success: false, Code: 401, Data: null });
    }
    expect(await outboxOf(mine.workspaceId)).toEqual([]);
  });

  it("answers 404 for another workspace's chatbot, as for an unknown one", async () => {
    const other = await newWorkspace(t.db);
    const body = { SerialNumber: serial, ToPhoneNumber: '+15125550100', Message: 'Hi' };
    const theirs = await post(t.app, PATH, body, other.auth);
    expect(theirs.status).toBe(404);
    expect(theirs.body.Message).toBe(`chatbot "${serial}" not found`);
    const unknown = await post(t.app, PATH, { ...body, SerialNumber: 'nosuchbot' }, other.auth);
    expect(unknown.body).toMatchObject({ Code: 404, Message: 'chatbot "nosuchbot" not found' });
    expect(await outboxOf(other.workspaceId)).toEqual([]);
  });

  const phoneRule = 'ToPhoneNumber: must be a phone number in E.164 form, e.g. +15125550100';
  it.each([
    [{ ToPhoneNumber: '+15125550100' }, 'Message: is required'],
    [{ ToPhoneNumber: '+15125550100', Message: '' }, 'Message: must not be empty'],
    [{ ToPhoneNumber: '+15125550100', Message: ' \n\t ' }, 'Message: must not be empty'],
    [{ ToPhoneNumber: '+15125550100', Message: 'x'.repeat(1601) }, 'Message: must be at most 1600 characters'],
    [{ ToPhoneNumber: '+15125550100', Message: 42 }, 'Message: must be a string'],
    [{ Message: 'Hi' }, 'ToPhoneNumber: is required'],
    [{ ToPhoneNumber: '5125550100', Message: 'Hi' }, phoneRule],
    [{ ToPhoneNumber: '+1 555', Message: 'Hi' }, phoneRule],
    [{ ToPhoneNumber: 'abc', Message: 'Hi' }, phoneRule],
    [{ ToPhoneNumber: '', Message: 'Hi' }, phoneRule],
    [{ ToPhoneNumber: '+15555555555', Message: 'Hi' }, phoneRule],
    [{ ToPhoneNumber: '+1 512 555 0100 ext. 5', Message: 'Hi' }, phoneRule],
    [{ ToPhoneNumber: 'call +15125550100', Message: 'Hi' }, phoneRule],
    [{ ToPhoneNumber: 15125550100, Message: 'Hi' }, 'ToPhoneNumber: must be a string'],
  ])('rejects %j: %s', async (fields, message) => {
    const r = await post(t.app, PATH, { SerialNumber: serial, ...fields }, ws.auth);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ Success: false, Code: 400, Data: null, Message: message });
  });

  it('rejects a missing SerialNumber, and takes exactly 1600 characters', async () => {
    const mine = await newWorkspace(t.db);
    const bot = await createChatbot(t.app, mine.auth);
    const missing = await post(t.app, PATH, { ToPhoneNumber: '+15125550100', Message: 'Hi' }, mine.auth);
    expect(missing.body).toMatchObject({ Code: 400, Message: 'SerialNumber: is required' });
    const body = { SerialNumber: bot, ToPhoneNumber: '+15125550100', Message: 'y'.repeat(1600) };
    expect((await post(t.app, PATH, body, mine.auth)).status).toBe(200);
    const rows = await outboxOf(mine.workspaceId);
    expect(rows.map((x) => JSON.parse(x.payload).body.length)).toEqual([1600]);
  });

  it('reads the body as JSON without a Content-Type and when labelled a form (curl -d)', async () => {
    const mine = await newWorkspace(t.db);
    const bot = await createChatbot(t.app, mine.auth);
    const payload = JSON.stringify({ SerialNumber: bot, ToPhoneNumber: '+15125550101', Message: 'No type' });
    const bare = await t.app.inject({ method: 'POST', url: PATH, payload, headers: { authorization: mine.apiKey } });
    expect(bare.headers['content-type']).toMatch(/^application\/json/);
    expect(bare.json()).toMatchObject({ Code: 200, Data: { Status: 'queued' } });
    const form = await t.app.inject({
      method: 'POST',
      url: PATH,
      payload: JSON.stringify({ serialnumber: bot, tophonenumber: '+15125550102', message: 'curl -d' }),
      headers: { authorization: mine.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.json()).toMatchObject({ Code: 200, Data: { Status: 'queued' } });
    const rows = await outboxOf(mine.workspaceId);
    expect(rows.map((x) => JSON.parse(x.payload))).toMatchObject([
      { to: '+15125550101', body: 'No type' },
      { to: '+15125550102', body: 'curl -d' },
    ]);
  });
});
