// The review queue: each kind listed (rated down, noAnswer, a knowledge miss, a handoff),
// newest first, with its filters; "fix this answer" writes a Q&A entry after which the same
// question and a paraphrase are answered from it, and the item is resolved with who fixed it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, staffOf } from '../../test/console/staff.ts';
import { chatbotWithSession, expectFailure, LEAD } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, testClock } from '../../test/harness.ts';
import type { ReviewPageData } from './schemas.ts';

const clock = testClock(new Date('2031-04-01T10:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

interface Asked {
  messageid: number;
  content: string;
  noAnswer: boolean;
}

async function fixture() {
  const f = await chatbotWithSession(t, {}, 'Review Realty');
  const staff = await staffOf(t.app, t.db, f.ws.workspaceId, 'owner');
  const ask = async (content: string, sessionID = f.sessionId) => {
    clock.advance(1000);
    return call<Asked>(t.app, '/chat/Chat/ClientAsk', { sessionID, content, stream: false }, f.ws.auth);
  };
  const queue = async (query = '', as: SignedIn = staff) => {
    const res = await t.app.inject({ method: 'GET', url: `/console/api/review${query}`, headers: as.read });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { Data: ReviewPageData }).Data;
  };
  return { ...f, staff, ask, queue };
}

describe('review queue', () => {
  it('lists answers rated down, noAnswer, knowledge misses and handoffs, newest first, with filters', async () => {
    const f = await fixture();
    const hello = await f.ask('hello');
    const hours = await f.ask('What are your office hours?');
    expect(hours.noAnswer).toBe(true);
    clock.advance(1000);
    await call(
      t.app,
      '/chat/Chat/RateAnswer',
      { sessionID: f.sessionId, messageId: hello.messageid, rating: 'down', reason: 'Not what I asked' },
      f.ws.auth,
    );
    const other = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    await f.ask('Can someone call me about selling?', other.SessionID);
    clock.advance(1000);
    await call(t.app, '/chat/Chat/TalkToHuman', { sessionID: other.SessionID, ...LEAD }, f.ws.auth);

    const all = await f.queue();
    const kinds = all.Items.map((i) => [i.Kind, i.Reasons.join('+')]);
    // Newest first: the handoff, the rating (after the hours question), the hours answer.
    expect(kinds[0]).toEqual(['handoff', 'handoff']);
    expect(kinds[1]).toEqual(['answer', 'down']);
    const hoursItem = all.Items.find((i) => i.ID === hours.messageid);
    expect(hoursItem?.Reasons).toContain('no_answer');
    expect(hoursItem?.Reasons).toContain('knowledge');
    expect(hoursItem).toMatchObject({ Question: 'What are your office hours?', Chatbot: f.serial, Engine: 'builtin' });
    expect(all.Items[1]).toMatchObject({
      ID: hello.messageid,
      Reason: 'Not what I asked',
      Rating: 'down',
      Question: 'hello',
    });
    expect(all.Items[0]).toMatchObject({ SessionID: other.SessionID, Question: 'Can someone call me about selling?' });

    const ids = async (q: string) => (await f.queue(q)).Items.map((i) => `${i.Kind}:${i.ID}`);
    expect(await ids('?kind=down')).toEqual([`answer:${hello.messageid}`]);
    expect(await ids('?reason=not%20what%20i%20asked')).toEqual([`answer:${hello.messageid}`]);
    expect(await ids('?reason=wrong')).toEqual([]);
    expect(await ids('?kind=handoff')).toEqual([`handoff:${other.SessionID}`]);
    expect(await ids('?kind=knowledge')).toContain(`answer:${hours.messageid}`);
    expect(await ids('?kind=no_answer')).toContain(`answer:${hours.messageid}`);
    expect(await ids('?engine=openai')).toEqual([]);
    expect((await ids('?engine=builtin')).length).toBe(all.Items.length - 1);
    expect(await ids(`?chatbot=${f.serial}`)).toEqual(all.Items.map((i) => `${i.Kind}:${i.ID}`));

    // Resolving the handoff takes it off the open queue and onto the resolved one.
    const res = await post(t.app, `/console/api/review/handoff/${other.SessionID}/resolve`, {}, f.staff.write);
    expect(res.status).toBe(200);
    expect(await ids('?kind=handoff')).toEqual([]);
    expect(await ids('?kind=handoff&resolved=true')).toEqual([`handoff:${other.SessionID}`]);
  });

  it('fix this answer: the same question and a paraphrase are answered from the new Q&A entry', async () => {
    const f = await fixture();
    const before = await f.ask('Do your agents speak Portuguese?');
    expect(before.noAnswer, before.content).toBe(true);
    const answer = 'Yes: Ana Souza and Rui Costa speak Portuguese; ask for them at 555-0142.';
    const fixed = await post(
      t.app,
      `/console/api/review/answer/${before.messageid}/fix`,
      { Answer: answer },
      f.staff.write,
    );
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.Data).toMatchObject({
      Kind: 'answer',
      ID: before.messageid,
      FixQuestion: 'Do your agents speak Portuguese?',
    });

    const again = await f.ask('Do your agents speak Portuguese?');
    expect(again.noAnswer, again.content).toBe(false);
    expect(again.content).toContain('Ana Souza');
    const paraphrase = await f.ask('is there an agent who speaks portuguese?');
    expect(paraphrase.noAnswer, paraphrase.content).toBe(false);
    expect(paraphrase.content).toContain('Ana Souza');

    const resolved = await f.queue('?resolved=true');
    expect(resolved.Items.find((i) => i.ID === before.messageid)).toMatchObject({
      ResolvedBy: expect.stringMatching(/^owner \d+$/),
      FixQuestion: 'Do your agents speak Portuguese?',
      FixAnswer: answer,
    });
    expect((await f.queue()).Items.some((i) => i.ID === before.messageid)).toBe(false);
    // Fixing again replaces the entry rather than adding a second one.
    await post(
      t.app,
      `/console/api/review/answer/${before.messageid}/fix`,
      { Answer: `${answer} Closed in August.` },
      f.staff.write,
    );
    const sources = await call<{ Type: string; Value: string }[]>(
      t.app,
      '/chat/Chatbot/GetSource',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    const qa = JSON.parse(sources.find((s) => s.Type === 'QAList')?.Value ?? '[]') as { key: string }[];
    expect(qa.map((e) => e.key)).toEqual(['Do your agents speak Portuguese?']);
  });

  it('refuses bad input, other workspaces and missing sign-in', async () => {
    const f = await fixture();
    const a = await f.ask('Do you sell boats?');
    expectFailure(
      await post(t.app, `/console/api/review/answer/${a.messageid}/fix`, { Answer: '' }, f.staff.write),
      400,
      'Answer',
    );
    expectFailure(
      await post(t.app, `/console/api/review/answer/${a.messageid}/fix`, { Answer: 'x'.repeat(5001) }, f.staff.write),
      400,
      'Answer',
    );
    expectFailure(
      await post(t.app, `/console/api/review/answer/${a.messageid - 1}/fix`, { Answer: 'No.' }, f.staff.write),
      404,
    );
    const stranger = await newWorkspace(t.db, 'Elsewhere');
    const them = await staffOf(t.app, t.db, stranger.workspaceId, 'owner');
    expectFailure(
      await post(t.app, `/console/api/review/answer/${a.messageid}/fix`, { Answer: 'No.' }, them.write),
      404,
    );
    expectFailure(await post(t.app, `/console/api/review/handoff/${f.sessionId}/resolve`, {}, f.staff.write), 404);
    expect((await f.queue('', them)).Items).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/console/api/review?kind=sideways', headers: f.staff.read });
    expect(bad.statusCode).toBe(400);
    const anon = await t.app.inject({ method: 'GET', url: '/console/api/review' });
    expect(anon.statusCode).toBe(401);
    // No CSRF token: refused.
    expectFailure(
      await post(t.app, `/console/api/review/answer/${a.messageid}/fix`, { Answer: 'No.' }, f.staff.read),
      403,
    );
  });
});
