// LeadList: a chatbot's leads between two UTC dates, both days included, oldest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatbotSession, chatbotWithSession, createChatbot, expectFailure } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, testClock } from '../../test/harness.ts';
import { expectPlatformConventions } from '../usage/test-calls.ts';
import { LEAD_LIST_MAX } from './lead-list.ts';
import { insertLead } from './repo.ts';

const PATH = '/chat/Chatbot/LeadList';
const clock = testClock(new Date('2031-03-01T00:00:00Z'));
let t: TestApp;
let f: ChatbotSession;
let secondSession: number;
const at: Record<string, number> = {};

async function leadAt(iso: string, sessionID: number, name: string) {
  clock.set(new Date(iso));
  const r = await call<{ LeadID: number }>(
    t.app,
    '/chat/Chat/TalkToHuman',
    { sessionID, Name: name, Email: `${name.toLowerCase()}@example.com`, Phone: '+1 512 555 0100', Message: 'Hi' },
    f.ws.auth,
  );
  at[name] = r.LeadID;
}

beforeAll(async () => {
  t = await buildTestApp({ clock, notify: { enabled: false } });
  f = await chatbotWithSession(t, {}, 'Demo Realty');
  secondSession = (
    await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber: f.serial }, f.ws.auth)
  ).SessionID;
  await leadAt('2031-02-28T23:59:59.999Z', f.sessionId, 'Before');
  await leadAt('2031-03-01T00:00:00.000Z', f.sessionId, 'First');
  await leadAt('2031-03-02T23:59:59.999Z', secondSession, 'Last');
  await leadAt('2031-03-03T00:00:00.000Z', f.sessionId, 'After');
});
afterAll(() => t.close());

describe('LeadList', () => {
  it('lists the leads of the days from startTime to endTime, both included, oldest first, with every field', async () => {
    const body = { serialNumber: f.serial, startTime: '2031-03-01', endTime: '2031-03-02' };
    const expected = [
      {
        Type: 'Lead',
        ID: at.First,
        Name: 'First',
        Email: 'first@example.com',
        Phone: '+1 512 555 0100',
        Message: 'Hi',
        SessionID: f.sessionId,
        CreateTime: '2031-03-01T00:00:00.000Z',
        Source: 'api',
        Appointment: null,
        Intent: '',
        Timeline: '',
        PreApproved: '',
        BudgetMin: null,
        BudgetMax: null,
        Areas: [],
        PropertyType: '',
        MLSNumber: '',
      },
      {
        Type: 'Lead',
        ID: at.Last,
        Name: 'Last',
        Email: 'last@example.com',
        Phone: '+1 512 555 0100',
        Message: 'Hi',
        SessionID: secondSession,
        CreateTime: '2031-03-02T23:59:59.999Z',
        Source: 'api',
        Appointment: null,
        Intent: '',
        Timeline: '',
        PreApproved: '',
        BudgetMin: null,
        BudgetMax: null,
        Areas: [],
        PropertyType: '',
        MLSNumber: '',
      },
    ];
    await expectPlatformConventions(t.app, PATH, body, f.ws, expected);
  });

  it('takes one day, field names in any case, a session filter, and open ends', async () => {
    const names = async (body: Record<string, unknown>) =>
      (await call<{ Name: string }[]>(t.app, PATH, body, f.ws.auth)).map((l) => l.Name);
    expect(await names({ SerialNumber: f.serial, StartTime: '2031-03-02', ENDTIME: '2031-03-02' })).toEqual(['Last']);
    expect(
      await names({ serialnumber: f.serial, startTime: '2031-03-01', endTime: '2031-03-03', sessionID: secondSession }),
    ).toEqual(['Last']);
    expect(await names({ serialNumber: f.serial, sessionID: String(f.sessionId) })).toEqual([
      'Before',
      'First',
      'After',
    ]);
    expect(await names({ serialNumber: f.serial, startTime: '2031-03-02' })).toEqual(['Last', 'After']);
    expect(await names({ serialNumber: f.serial, endTime: '2031-02-28' })).toEqual(['Before']);
    expect(await names({ serialNumber: f.serial, startTime: '', endTime: null })).toEqual([
      'Before',
      'First',
      'Last',
      'After',
    ]);
    expect(await names({ serialNumber: f.serial, startTime: '2031-04-01', endTime: '2031-04-30' })).toEqual([]);
  });

  it.each([
    [{ serialNumber: undefined }, 'serialNumber: is required'],
    [{ serialNumber: '' }, 'serialNumber: must not be empty'],
    [{ startTime: '2031/03/01' }, 'startTime: must be a date YYYY-MM-DD'],
    [{ startTime: '2031-03-01T10:00:00Z' }, 'startTime: must be a date YYYY-MM-DD'],
    [{ startTime: 20310301 }, 'startTime: must be a string'],
    [{ endTime: '2031-02-30' }, 'endTime: is not a calendar date (2031-02-30)'],
    [{ endTime: '2031-13-01' }, 'endTime: is not a calendar date (2031-13-01)'],
    [{ startTime: '2031-03-02', endTime: '2031-03-01' }, 'endTime: must not be before startTime'],
    [{ sessionID: 'abc' }, 'sessionID: must be an integer'],
    [{ sessionID: 0 }, 'sessionID: must be >= 1'],
  ])('rejects %j: %s', async (change, message) => {
    const body = { serialNumber: f.serial, startTime: '2031-03-01', endTime: '2031-03-02', ...change };
    const res = await post(t.app, PATH, body, f.ws.auth);
    expectFailure(res, 400);
    expect(res.body.Message).toBe(message);
  });

  it("answers 404 for another workspace's chatbot or session, an unknown chatbot, another chatbot's session", async () => {
    const other = await chatbotWithSession(t, {}, 'Other Realty');
    const otherBot = await createChatbot(t.app, f.ws.auth, 'Second bot');
    const { SessionID: otherBotSession } = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: otherBot },
      f.ws.auth,
    );
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ serialNumber: f.serial }, other.ws.auth],
      [{ serialNumber: other.serial }, f.ws.auth],
      [{ serialNumber: 'no-such-bot' }, f.ws.auth],
      [{ serialNumber: f.serial, sessionID: other.sessionId }, f.ws.auth],
      [{ serialNumber: f.serial, sessionID: otherBotSession }, f.ws.auth],
    ];
    for (const [body, auth] of cases) {
      const res = await post(t.app, PATH, body, auth);
      expectFailure(res, 404);
      expect(res.body.Message).not.toContain('Before');
    }
    expect(await call(t.app, PATH, { serialNumber: other.serial }, other.ws.auth)).toEqual([]);
  });

  it(`answers at most ${LEAD_LIST_MAX} leads, the oldest`, async () => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth);
    const bot = await t.db.kysely
      .selectFrom('chatbots')
      .select('id')
      .where('serial_number', '=', serial)
      .executeTakeFirstOrThrow();
    await t.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i <= LEAD_LIST_MAX; i++) {
        const lead = { name: `L${i}`, email: 'x@example.com', phone: '', message: '', source: 'api' };
        await insertLead(
          trx,
          { workspaceId: ws.workspaceId, chatbotId: bot.id, sessionId: null, ...lead },
          new Date(Date.UTC(2031, 0, 1, 0, 0, i)),
        );
      }
    });
    const list = await call<{ Name: string; SessionID: number | null }[]>(
      t.app,
      PATH,
      { serialNumber: serial },
      ws.auth,
    );
    expect(list).toHaveLength(LEAD_LIST_MAX);
    expect(list[0]).toMatchObject({ Name: 'L0', SessionID: null });
    expect(list.at(-1)?.Name).toBe(`L${LEAD_LIST_MAX - 1}`);
  });
});
