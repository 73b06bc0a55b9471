// SendTwilioMessage as wired by the app: 501 and nothing queued without Twilio settings; with
// them, the route nudges the background worker so the SMS leaves at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, dbKind, newWorkspace, post, type TestApp } from '../../test/harness.ts';
import { startTwilioStandin, type TwilioStandin } from '../../test/twilio-standin.ts';

const PATH = '/chat/Chatbot/SendTwilioMessage';
const FROM = '+15125550199';

let twilio: TwilioStandin;
let t: TestApp;
beforeAll(async () => {
  twilio = await startTwilioStandin();
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

const outboxOf = (workspaceId: number) =>
  t.db.kysely.selectFrom('outbox').selectAll().where('workspace_id', '=', workspaceId).execute();

describe('SendTwilioMessage without Twilio settings', () => {
  it('answers 501 naming the three variables and queues nothing', async () => {
    expect(t.config.twilio).toBeNull();
    const mine = await newWorkspace(t.db);
    const bot = await createChatbot(t.app, mine.auth);
    const body = { SerialNumber: bot, ToPhoneNumber: '+15125550100', Message: 'Hi' };
    const r = await post(t.app, PATH, body, mine.auth);
    expect(r.status).toBe(501);
    expect(r.body).toEqual({
      Success: false,
      Code: 501,
      Data: null,
      Version: '1.0.0',
      Message: 'SMS is not configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    });
    expect(await outboxOf(mine.workspaceId)).toEqual([]);
    // Input is still checked first: a bad number is a 400 whatever the configuration.
    const bad = await post(t.app, PATH, { ...body, ToPhoneNumber: 'abc' }, mine.auth);
    expect(bad.status).toBe(400);
    // Nothing is looked up without SMS: another workspace's chatbot gets the same 501, revealing nothing.
    const other = await newWorkspace(t.db);
    expect((await post(t.app, PATH, body, other.auth)).status).toBe(501);
  });
});

// The background worker of this app delivers every workspace's rows; on the PostgreSQL run
// the database is shared with the other test files, so this runs on SQLite's own database.
describe.skipIf(dbKind === 'postgres')('the app', () => {
  it('nudges its worker: a queued SMS reaches Twilio without waiting for the next poll', async () => {
    const live = await buildTestApp({
      env: {
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: FROM,
        TWILIO_BASE_URL: twilio.url,
      },
      notify: { enabled: true, pollMs: 60_000 },
    });
    try {
      const mine = await newWorkspace(live.db);
      const bot = await createChatbot(live.app, mine.auth);
      const before = twilio.requests.length;
      const r = await post(
        live.app,
        PATH,
        { SerialNumber: bot, ToPhoneNumber: '+15125550103', Message: 'Now' },
        mine.auth,
      );
      expect(r.status).toBe(200);
      const until = Date.now() + 5000;
      while (twilio.requests.length === before && Date.now() < until) await new Promise((res) => setTimeout(res, 10));
      expect(twilio.requests.slice(before).map((x) => x.form)).toEqual([
        { To: '+15125550103', From: FROM, Body: 'Now' },
      ]);
    } finally {
      await live.close();
    }
  });
});
