// TalkToHuman, the model's talk_to_human tool, GetLeads and Resume, with the handoff email
// delivered to a real SMTP server started here. Dates are far in the future so that the
// background workers of other test apps (real clock) never find these rows due.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, LEAD, leadIds } from '../../test/factories.ts';
import { buildTestApp, call, type TestApp, type TestWorkspace, testClock } from '../../test/harness.ts';
import { decodeMail, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import type { AnswerEngine } from '../answer/engine.ts';
import { createRegistry } from '../answer/registry.ts';
import { createWorker } from '../notify/worker.ts';
import { smtpMailer } from '../outbox/mailer.ts';

const LISTING_URL = 'https://homes.example.com/listing/42';
const PUBLIC_URL = 'https://parlor.example.com';

// Answers with a listing link; "HANDOFF" questions make it call talk_to_human as a model would.
const engine: AnswerEngine = {
  name: 'scripted',
  async answer(req, onText) {
    if (req.question.content.startsWith('HANDOFF') && req.talkToHuman) {
      onText(await req.talkToHuman({ name: 'Carl Chat', email: 'carl@example.com', phone: '', message: 'call me' }));
      return { noAnswer: false };
    }
    onText(`One home matches: 12 Oak Blvd, $450,000 — ${LISTING_URL}.`);
    return { noAnswer: false };
  },
};

const clock = testClock(new Date('2031-05-06T15:00:00Z'));
let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({
    clock,
    notify: { enabled: false },
    env: { SMTP_URL: sink.url, PARLOR_PUBLIC_URL: PUBLIC_URL },
    engines: createRegistry([{ key: 'builtin', name: 'parlor-builtin', engine: 'builtin' }], { builtin: () => engine }),
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

function workerFor(ws: TestWorkspace, smtpUrl = sink.url) {
  return createWorker({
    db: t.db,
    mailer: smtpMailer(smtpUrl, 'Parlor <parlor@example.com>'),
    clock,
    digestHour: 8,
    publicUrl: PUBLIC_URL,
    workspaceIds: [ws.workspaceId],
  });
}

function fixture(settings: Record<string, unknown> = { TalkToHumanEmail: 'agent@demo.example' }) {
  return chatbotWithSession(t, settings, 'Demo Realty');
}

const lead = LEAD;

async function outboxOf(workspaceId: number) {
  return t.db.kysely.selectFrom('outbox').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
}

describe('TalkToHuman', () => {
  it('records the lead, answers TalkToHumanResponseMessage, and the email arrives with the transcript', async () => {
    const f = await fixture({
      TalkToHumanEmail: 'agent@demo.example, boss@demo.example',
      TalkToHumanResponseMessage: 'An agent will call you.',
    });
    await call(t.app, '/chat/Chat/ClientAsk', { sessionID: f.sessionId, content: 'Any homes in Austin?' }, f.ws.auth);
    const data = await call<{ LeadID: number; Message: string }>(
      t.app,
      '/chat/Chat/TalkToHuman',
      { sessionID: f.sessionId, ...lead },
      f.ws.auth,
    );
    expect(data.Message).toBe('An agent will call you.');
    expect(data.LeadID).toBeGreaterThan(0);

    const result = await workerFor(f.ws).runOnce(clock());
    expect(result).toEqual({ sent: 1, failed: 0 });
    const mail = sink.received.find((m) => m.to.includes('agent@demo.example'));
    if (!mail) throw new Error('no email arrived');
    expect(mail.to).toEqual(['agent@demo.example', 'boss@demo.example']);
    const text = decodeMail(mail.raw);
    expect(text).toContain('Subject: [Demo Realty] Jane Doe wants to talk to a person');
    expect(text).toContain('Visitor: Any homes in Austin?');
    expect(text).toContain(`Chatbot: One home matches: 12 Oak Blvd, $450,000 — ${LISTING_URL}.`);
    expect(text).toContain(`<a href="${LISTING_URL}">${LISTING_URL}</a>`);
    expect(text).toContain('jane@example.com');
    expect(text).toContain(`${PUBLIC_URL}/console#/conversations/${f.sessionId}`);
    expect(text).toContain('Reply-To: Jane Doe <jane@example.com>');
    expect(text).toContain('Content-Type: text/html');
    expect(text).toContain('Content-Type: text/plain');
    expect((await outboxOf(f.ws.workspaceId)).map((r) => [r.status, r.attempts])).toEqual([['sent', 0]]);
  });

  it('an SMTP outage delays the email but does not lose it: delivered exactly once when the server is back', async () => {
    const down = await startSmtpSink();
    const port = down.port;
    await down.close();
    const f = await fixture();
    await call(t.app, '/chat/Chat/TalkToHuman', { sessionID: f.sessionId, ...lead }, f.ws.auth);
    const worker = workerFor(f.ws, `smtp://127.0.0.1:${port}`);
    const start = clock();

    expect(await worker.runOnce(start)).toEqual({ sent: 0, failed: 1 });
    const [failed] = await outboxOf(f.ws.workspaceId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed?.next_attempt_at).toBe(new Date(start.getTime() + 30_000).toISOString());

    const received: { raw: string; to: string[]; from: string }[] = [];
    const up = await startSmtpSink(port, received);
    try {
      // Not due yet: the back-off holds even though the server is back.
      expect(await worker.runOnce(new Date(start.getTime() + 10_000))).toEqual({ sent: 0, failed: 0 });
      expect(await worker.runOnce(new Date(start.getTime() + 31_000))).toEqual({ sent: 1, failed: 0 });
      expect(await worker.runOnce(new Date(start.getTime() + 3_600_000))).toEqual({ sent: 0, failed: 0 });
      expect(received).toHaveLength(1);
      expect(decodeMail(received[0]?.raw ?? '')).toContain('Jane Doe wants to talk to a person');
      const [row] = await outboxOf(f.ws.workspaceId);
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await up.close();
    }
  });

  it('puts the session on hold: ClientAsk answers the waiting notice until Resume', async () => {
    const f = await fixture();
    await call(t.app, '/chat/Chat/TalkToHuman', { sessionID: f.sessionId, ...lead }, f.ws.auth);
    const held = await call<{ content: string; noAnswer: boolean }>(
      t.app,
      '/chat/Chat/ClientAsk',
      { sessionID: f.sessionId, content: 'Hello?' },
      f.ws.auth,
    );
    expect(held.content).toMatch(/person from our team will reply/);
    expect(held.noAnswer).toBe(false);
    const history = await call<{ List: { Content: string }[] }>(
      t.app,
      '/chat/Chat/GetMessages',
      { sessionID: f.sessionId },
      f.ws.auth,
    );
    expect(history.List.map((m) => m.Content)).toContain('Hello?');

    expect(await call(t.app, '/chat/Chat/Resume', { sessionID: f.sessionId }, f.ws.auth)).toEqual({
      SessionID: f.sessionId,
      Mode: 'bot',
    });
    const back = await call<{ content: string }>(
      t.app,
      '/chat/Chat/ClientAsk',
      { sessionID: f.sessionId, content: 'Homes?' },
      f.ws.auth,
    );
    expect(back.content).toContain(LISTING_URL);
  });

  it("the model's talk_to_human tool records a lead (source chat) and answers TalkToHumanResponseMessage", async () => {
    const f = await fixture({ TalkToHumanEmail: 'agent@demo.example', TalkToHumanResponseMessage: 'Passed on!' });
    const r = await call<{ content: string }>(
      t.app,
      '/chat/Chat/ClientAsk',
      { sessionID: f.sessionId, content: 'HANDOFF please' },
      f.ws.auth,
    );
    expect(r.content).toBe('Passed on!');
    const leads = await call<{ List: { Name: string; Source: string; SessionID: number }[] }>(
      t.app,
      '/chat/Chatbot/GetLeads',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    expect(leads.List).toMatchObject([{ Name: 'Carl Chat', Source: 'chat', SessionID: f.sessionId }]);
    const [leadId] = await leadIds(t.db, f.ws.workspaceId);
    expect((await outboxOf(f.ws.workspaceId)).map((r) => r.dedupe_key)).toEqual([`lead:${leadId}:email`]);
  });

  it('without TalkToHumanEmail records the lead and queues no email', async () => {
    const f = await fixture({});
    await call(
      t.app,
      '/chat/Chat/TalkToHuman',
      { sessionID: f.sessionId, Name: 'Phone Only', Phone: '555 0100' },
      f.ws.auth,
    );
    expect(await outboxOf(f.ws.workspaceId)).toEqual([]);
    expect(await leadIds(t.db, f.ws.workspaceId)).toHaveLength(1);
  });
});
