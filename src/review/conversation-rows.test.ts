// ExportConversations one row per conversation: each conversation begun in the range with its
// counts, ratings, newest lead, newest showing and outcome, in CSV (formula-safe) and JSON,
// oldest first; the header alone when there is none; the console's download the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf } from '../../test/console/staff.ts';
import { chatbotWithSession } from '../../test/factories.ts';
import { buildTestApp, call, type TestApp, testClock } from '../../test/harness.ts';

const clock = testClock(new Date('2031-06-10T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

const exportOf = (body: Record<string, unknown>, auth: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/chat/Chatbot/ExportConversations', payload: body, headers: auth });

const HEADER =
  'SessionID,StartedAt,LastActivityAt,Page,Questions,Answers,NoAnswer,AgentReplies,RatedUp,RatedDown,' +
  'LeadName,LeadEmail,LeadPhone,LeadAt,ShowingAt,ShowingAddress,ShowingStatus,Outcome';

describe('ExportConversations per conversation', () => {
  it('one row per conversation with its counts, ratings, lead, showing and outcome', async () => {
    const f = await chatbotWithSession(t);
    const db = t.db.kysely;
    const { chatbot_id: chatbotId } = await db
      .selectFrom('sessions')
      .select('chatbot_id')
      .where('id', '=', f.sessionId)
      .executeTakeFirstOrThrow();
    const ws = f.ws.workspaceId;
    // The fixture's session: two questions, one answer rated down, one up.
    const asked: { messageid: number }[] = [];
    for (const content of ['Do you sell boats?', 'office hours?']) {
      asked.push(
        await call<{ messageid: number }>(
          t.app,
          '/chat/Chat/ClientAsk',
          { sessionID: f.sessionId, content },
          f.ws.auth,
        ),
      );
    }
    const rate = (i: number, rating: string) =>
      call(
        t.app,
        '/chat/Chat/RateAnswer',
        { sessionID: f.sessionId, messageId: asked[i]?.messageid, rating },
        f.ws.auth,
      );
    await rate(0, 'down');
    await rate(1, 'up');
    // A second conversation, an hour later, that left a lead (a formula-like name) and booked a showing.
    const newSession = async () =>
      (await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber: f.serial }, f.ws.auth))
        .SessionID;
    clock.advance(3_600_000);
    const second = { sessionID: await newSession() };
    await call(t.app, '/chat/Chat/ClientAsk', { sessionID: second.sessionID, content: 'Homes in Austin?' }, f.ws.auth);
    const person = { name: '=Ann', email: 'ann@example.com', phone: '+15125550100', message: '' };
    await db
      .insertInto('leads')
      .values({
        workspace_id: ws,
        chatbot_id: chatbotId,
        session_id: second.sessionID,
        ...person,
        source: 'chat',
        created_at: '2031-06-10T13:00:05.000Z',
      })
      .execute();
    const l = await db
      .insertInto('leads')
      .values({
        workspace_id: ws,
        chatbot_id: chatbotId,
        session_id: second.sessionID,
        ...person,
        source: 'chat',
        type: 'Appointment',
        created_at: '2031-06-10T13:00:06.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('appointments')
      .values({
        workspace_id: ws,
        chatbot_id: chatbotId,
        session_id: second.sessionID,
        lead_id: l.id,
        listing_id: null,
        mls_number: 'MLS1',
        address: '1 Main St',
        listing_url: '',
        start_at: '2031-06-12T15:00:00.000Z',
        end_at: '2031-06-12T15:30:00.000Z',
        status: 'booked',
        ...person,
        email_key: 'ann@example.com',
        phone_key: '15125550100',
        locale: 'en',
        assigned_user_id: null,
        remind_at: null,
        created_at: '2031-06-10T13:00:06.000Z',
        updated_at: '2031-06-10T13:00:06.000Z',
      })
      .execute();
    // A session that never asked anything is no conversation.
    await newSession();

    const range = { serialNumber: f.serial, from: '2031-06-10', to: '2031-06-10', per: 'conversation' };
    const json = await exportOf({ ...range, format: 'json' }, f.ws.auth);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toContain(
      `conversation-summaries-${f.serial}-2031-06-10-2031-06-10.json`,
    );
    const rows = JSON.parse(json.body) as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      SessionID: f.sessionId,
      Questions: 2,
      Answers: 2,
      RatedUp: 1,
      RatedDown: 1,
      LeadName: '',
      ShowingAt: '',
    });
    expect(rows[0]?.Outcome).toBe(Number(rows[0]?.NoAnswer) > 0 ? 'unanswered' : 'answered');
    expect(rows[1]).toMatchObject({
      SessionID: second.sessionID,
      Questions: 1,
      Answers: 1,
      RatedUp: 0,
      RatedDown: 0,
      LeadName: '=Ann',
      LeadEmail: 'ann@example.com',
      LeadAt: '2031-06-10T13:00:06.000Z',
      ShowingAt: '2031-06-12T15:00:00.000Z',
      ShowingAddress: '1 Main St',
      ShowingStatus: 'booked',
      Outcome: 'showing',
    });

    const csv = await exportOf({ ...range, format: 'csv' }, f.ws.auth);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(`,'=Ann,ann@example.com,'+15125550100,`);
    expect(lines[2]?.endsWith(',booked,showing')).toBe(true);

    // The console's download: the same rows with the cookie.
    const staff = await staffOf(t.app, t.db, ws, 'owner');
    const dl = await t.app.inject({
      method: 'GET',
      url: `/console/api/export?chatbot=${f.serial}&from=2031-06-10&to=2031-06-10&format=csv&per=conversation`,
      headers: staff.read,
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe(csv.body);

    // No conversation in the range: the header alone, or [].
    const empty = { ...range, from: '2031-06-11', to: '2031-06-12' };
    expect((await exportOf({ ...empty, format: 'csv' }, f.ws.auth)).body).toBe(`${HEADER}\r\n`);
    expect(JSON.parse((await exportOf({ ...empty, format: 'json' }, f.ws.auth)).body)).toEqual([]);
  });

  it('refuses rows of anything else (400 naming per)', async () => {
    const f = await chatbotWithSession(t);
    const res = await exportOf(
      { serialNumber: f.serial, from: '2031-06-10', to: '2031-06-10', per: 'lead' },
      f.ws.auth,
    );
    expect(res.statusCode).toBe(400);
    expect((res.json() as { Message: string }).Message).toMatch(/^per\b/);
  });
});
