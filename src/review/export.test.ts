// ExportConversations: CSV and JSON, one row per message with its rating; formula-safe CSV;
// the header alone for a chatbot with no conversations; the range rules (400 naming the field);
// another workspace's chatbot (404); the console's download; and 100,000 messages streamed
// over a real socket while the heap stays far below the size of the file.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf } from '../../test/console/staff.ts';
import { chatbotWithSession, expectFailure } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, testClock } from '../../test/harness.ts';
import { serve } from '../../test/widget/browser.ts';

const clock = testClock(new Date('2031-06-10T12:00:00Z'));
let t: TestApp;
let base = '';

beforeAll(async () => {
  t = await buildTestApp({ clock });
  base = await serve(t);
});
afterAll(() => t.close());

const exportOf = (body: Record<string, unknown>, auth: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/chat/Chatbot/ExportConversations', payload: body, headers: auth });

describe('ExportConversations', () => {
  it('CSV and JSON: one row per message with its rating, formula-safe, in order', async () => {
    const f = await chatbotWithSession(t);
    const asked = await call<{ messageid: number }>(
      t.app,
      '/chat/Chat/ClientAsk',
      { sessionID: f.sessionId, content: '=HYPERLINK("http://evil.example","hi")' },
      f.ws.auth,
    );
    await call(
      t.app,
      '/chat/Chat/RateAnswer',
      { sessionID: f.sessionId, messageId: asked.messageid, rating: 'down', reason: '+wrong, "badly"' },
      f.ws.auth,
    );
    const range = { serialNumber: f.serial, from: '2031-06-10', to: '2031-06-10' };

    const csv = await exportOf({ ...range, format: 'csv' }, f.ws.auth);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`conversations-${f.serial}-2031-06-10-2031-06-10.csv`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'SessionID,MessageID,CreatedAt,Role,Content,QuestionID,NoAnswer,Engine,Status,TotalToken,Rating,RatingReason',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`,user,"'=HYPERLINK(""http://evil.example"",""hi"")",`);
    expect(lines[2]).toMatch(
      new RegExp(`^${f.sessionId},${asked.messageid},.*,assistant,.*,down,"'\\+wrong, ""badly"""$`),
    );
    expect(lines[3]).toBe('');

    const json = await exportOf({ ...range, format: 'json' }, f.ws.auth);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const rows = JSON.parse(json.body) as Record<string, unknown>[];
    expect(rows.map((r) => r.Role)).toEqual(['user', 'assistant']);
    expect(rows[1]).toMatchObject({
      MessageID: asked.messageid,
      Rating: 'down',
      RatingReason: '+wrong, "badly"',
      Engine: 'builtin',
    });
    expect(rows[0]?.Content).toBe('=HYPERLINK("http://evil.example","hi")');

    // A day without messages: the header alone, or [].
    const empty = { serialNumber: f.serial, from: '2031-06-11', to: '2031-06-12' };
    expect((await exportOf({ ...empty, format: 'csv' }, f.ws.auth)).body).toBe(`${lines[0]}\r\n`);
    expect(JSON.parse((await exportOf({ ...empty, format: 'json' }, f.ws.auth)).body)).toEqual([]);

    // The console's download: the same file with the cookie.
    const staff = await staffOf(t.app, t.db, f.ws.workspaceId, 'owner');
    const dl = await t.app.inject({
      method: 'GET',
      url: `/console/api/export?chatbot=${f.serial}&from=2031-06-10&to=2031-06-10&format=csv`,
      headers: staff.read,
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe(csv.body);
  });

  it('a chatbot with no conversations: the header; bad ranges: 400 naming the field; others: 404', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await call<string>(t.app, '/chat/Chatbot/Add', { timeZone: 'UTC', type: 0 }, ws.auth);
    const ok = await exportOf({ serialNumber: serial, from: '2030-01-01', to: '2031-12-31' }, ws.auth);
    expect(ok.body).toBe(
      'SessionID,MessageID,CreatedAt,Role,Content,QuestionID,NoAnswer,Engine,Status,TotalToken,Rating,RatingReason\r\n',
    );
    const failing = async (body: Record<string, unknown>, code: number, field?: string) =>
      expectFailure(
        await post(t.app, '/chat/Chatbot/ExportConversations', { serialNumber: serial, ...body }, ws.auth),
        code,
        field,
      );
    await failing({ from: '2031-02-01', to: '2031-01-31' }, 400, 'to');
    await failing({ from: '2029-01-01', to: '2031-01-02' }, 400, 'to');
    await failing({ from: '2031-02-30', to: '2031-03-01' }, 400, 'from');
    await failing({ from: 'yesterday', to: '2031-03-01' }, 400, 'from');
    await failing({ from: '2031-01-01', to: '2031-01-02', format: 'xlsx' }, 400, 'format');
    await failing({ to: '2031-01-02' }, 400, 'from');
    const stranger = await newWorkspace(t.db, 'Elsewhere');
    expectFailure(
      await post(
        t.app,
        '/chat/Chatbot/ExportConversations',
        { serialNumber: serial, from: '2031-01-01', to: '2031-01-02' },
        stranger.auth,
      ),
      404,
    );
    expectFailure(
      await post(
        t.app,
        '/chat/Chatbot/ExportConversations',
        { serialNumber: serial, from: '2031-01-01', to: '2031-01-02' },
        {},
      ),
      401,
    );
  });

  it('streams 100,000 messages with flat memory', async () => {
    const f = await chatbotWithSession(t);
    const N = 100_000;
    const PER_SESSION = 1000;
    const content = 'A question about homes near the lake, with a garage, under $500,000, '.repeat(3);
    const start = Date.parse('2031-05-01T00:00:00Z');
    const db = t.db.kysely;
    const { chatbot_id: botId } = await db
      .selectFrom('sessions')
      .select('chatbot_id')
      .where('id', '=', f.sessionId)
      .executeTakeFirstOrThrow();
    for (let s = 0; s < N / PER_SESSION; s++) {
      const session = await db
        .insertInto('sessions')
        .values({
          workspace_id: f.ws.workspaceId,
          chatbot_id: botId,
          mode: 'bot',
          created_at: new Date(start).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let b = 0; b < PER_SESSION; b += 500) {
        const rows = Array.from({ length: 500 }, (_, i) => ({
          workspace_id: f.ws.workspaceId,
          chatbot_id: botId,
          session_id: session.id,
          role: i % 2 ? 'assistant' : 'user',
          content,
          ask_type: 'Text',
          total_token: 10,
          no_answer: 0,
          status: 'complete',
          created_at: new Date(start + (s * PER_SESSION + b + i) * 1000).toISOString(),
        }));
        await db.insertInto('messages').values(rows).execute();
      }
    }
    // What the heap holds after a full collection, measured every 2 MB received: garbage aside,
    // what the export keeps alive.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = live();
    let peak = before;
    let measuredAt = 0;
    const res = await fetch(`${base}/chat/Chatbot/ExportConversations`, {
      method: 'POST',
      headers: { ...f.ws.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ serialNumber: f.serial, from: '2031-05-01', to: '2031-06-30', format: 'csv' }),
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    let bytes = 0;
    let newlines = 0;
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      bytes += next.value.byteLength;
      for (const c of next.value) if (c === 10) newlines++;
      if (bytes - measuredAt > 2_000_000) {
        measuredAt = bytes;
        peak = Math.max(peak, live());
      }
    }
    expect(newlines).toBe(N + 1);
    expect(bytes).toBeGreaterThan(N * content.length);
    // The whole file is over 20 MB; what the heap keeps (server and reader in this one process)
    // grows by a small part of that while it streams.
    const growth = peak - before;
    console.log(`export: ${N} messages, ${(bytes / 1e6).toFixed(1)} MB, heap growth ${(growth / 1e6).toFixed(1)} MB`);
    expect(growth).toBeLessThan(bytes / 4);
  }, 180_000);
});
