// Analytics over a seeded month in America/New_York, daylight saving starting on 9 March 2031
// (a 23-hour day): every figure equals the count this test makes itself from the seeded
// instants, with Intl's own reading of the local day. Also the range rules and other workspaces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, staffOf } from '../../test/console/staff.ts';
import { chatbotWithSession } from '../../test/factories.ts';
import { buildTestApp, newWorkspace, type TestApp } from '../../test/harness.ts';
import { countForAnalytics } from '../chat/index.ts';
import type { AnalyticsData } from './schemas.ts';

const TZ = 'America/New_York';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
const dayOf = (ms: number) => localDay.format(new Date(ms));

async function seeded() {
  const f = await chatbotWithSession(t, { TimeZone: TZ });
  const db = t.db.kysely;
  const { chatbot_id: chatbotId } = await db
    .selectFrom('sessions')
    .select('chatbot_id')
    .where('id', '=', f.sessionId)
    .executeTakeFirstOrThrow();
  const ws = f.ws.workspaceId;
  // 420 conversations from 27 February to 3 April (UTC), every 2 h 3 min, and the edges of the DST day.
  const instants: number[] = [];
  for (let j = 0; j < 420; j++) instants.push(Date.UTC(2031, 1, 27) + j * 123 * 60_000);
  instants.push(
    Date.parse('2031-03-01T04:59:59Z'), // 23:59:59 on 28 February, local
    Date.parse('2031-03-01T05:00:00Z'), // 00:00 on 1 March
    Date.parse('2031-03-09T06:59:00Z'), // 01:59 EST on the 9th, just before the change
    Date.parse('2031-03-09T07:00:00Z'), // 03:00 EDT on the 9th
    Date.parse('2031-03-10T03:59:00Z'), // 23:59 EDT on the 9th
    Date.parse('2031-03-10T04:00:00Z'), // 00:00 on the 10th
    Date.parse('2031-04-01T03:59:00Z'), // 23:59 on 31 March
    Date.parse('2031-04-01T04:00:00Z'), // 00:00 on 1 April: outside
  );
  const expected = new Map<string, Record<string, number>>();
  const bump = (ms: number, k: string) => {
    const d = expected.get(dayOf(ms)) ?? {};
    d[k] = (d[k] ?? 0) + 1;
    expected.set(dayOf(ms), d);
  };
  const topics = new Map<string, number>();
  const unanswered = new Map<string, number>();
  const [cities, types, bands] = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  const funnel = { Conversations: 0, Searched: 0, OpenedListing: 0, Lead: 0, Showing: 0 };
  for (const [j, at] of instants.entries()) {
    const iso = (ms: number) => new Date(ms).toISOString();
    const s = await db
      .insertInto('sessions')
      .values({
        workspace_id: ws,
        chatbot_id: chatbotId,
        mode: 'bot',
        created_at: iso(at),
        ...(j % 13 === 0 ? { lead_at: iso(at + 3000) } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Case, accents, punctuation, shorthand and typos of three questions.
    const topic = j % 3 !== 2 ? 'office' : j % 4 < 2 ? 'montreal' : 'commission';
    const text = {
      office: j % 3 === 0 ? 'What are your office hours?' : 'what are your OFFICE  hours',
      montreal: j % 2 ? 'Homes in Montréal?' : 'homes in montreal',
      commission: j % 2 ? 'whats ur comission' : "What's your commission?",
    }[topic];
    const base = {
      workspace_id: ws,
      chatbot_id: chatbotId,
      session_id: s.id,
      ask_type: 'Text',
      total_token: 1,
      status: 'complete',
    };
    const q = await db
      .insertInto('messages')
      .values({ ...base, role: 'user', content: text, no_answer: 0, created_at: iso(at) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const noAnswer = j % 5 === 0;
    const a = await db
      .insertInto('messages')
      .values({
        ...base,
        role: 'assistant',
        content: 'answer',
        question_id: q.id,
        no_answer: noAnswer ? 1 : 0,
        created_at: iso(at + 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Stored as chat stores a question and its answer: counted for the analytics with them.
    await countForAnalytics(db, [q.id, a.id]);
    const search = (kind: string, city: string, property_type: string, price_band: string) =>
      db
        .insertInto('listing_searches')
        .values({
          workspace_id: ws,
          chatbot_id: chatbotId,
          session_id: s.id,
          message_id: a.id,
          kind,
          city,
          property_type,
          price_band,
          created_at: iso(at + 1000),
        })
        .execute();
    const searched = j % 4 === 0;
    const opened = j % 6 === 0;
    const city = j % 8 === 0 ? 'Austin' : j % 12 === 0 ? 'DALLAS' : 'austin';
    if (searched) await search('search', city, j % 3 ? 'Condo' : '', j % 5 ? '$250k–$500k' : '');
    if (opened) await search('open', '', '', '');
    const lead = j % 9 === 0;
    const showing = j % 18 === 0;
    const person = { name: 'Ann', email: 'ann@example.com', phone: '', message: '' };
    if (lead) {
      await db
        .insertInto('leads')
        .values({
          workspace_id: ws,
          chatbot_id: chatbotId,
          session_id: s.id,
          ...person,
          source: 'chat',
          created_at: iso(at + 4000),
        })
        .execute();
    }
    if (showing) {
      const l = await db
        .insertInto('leads')
        .values({
          workspace_id: ws,
          chatbot_id: chatbotId,
          session_id: s.id,
          ...person,
          source: 'chat',
          type: 'Appointment',
          created_at: iso(at + 5000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('appointments')
        .values({
          workspace_id: ws,
          chatbot_id: chatbotId,
          session_id: s.id,
          lead_id: l.id,
          listing_id: null,
          mls_number: 'MLS1',
          address: '1 Main St',
          listing_url: '',
          start_at: iso(at + 86_400_000),
          end_at: iso(at + 88_200_000),
          status: 'booked',
          ...person,
          email_key: 'ann@example.com',
          phone_key: '',
          locale: 'en',
          assigned_user_id: null,
          remind_at: null,
          created_at: iso(at + 5000),
          updated_at: iso(at + 5000),
        })
        .execute();
    }
    const rating = j % 7 === 0 ? 'up' : j % 11 === 0 ? 'down' : null;
    if (rating) {
      await db
        .insertInto('answer_ratings')
        .values({
          workspace_id: ws,
          chatbot_id: chatbotId,
          session_id: s.id,
          message_id: a.id,
          rating,
          reason: '',
          created_at: iso(at + 2000),
          updated_at: iso(at + 2000),
        })
        .execute();
    }
    const inMarch = dayOf(at).startsWith('2031-03');
    bump(at, 'Conversations');
    bump(at, 'Questions');
    bump(at + 1000, noAnswer ? 'NoAnswer' : 'Answered');
    if (rating) bump(at + 2000, rating === 'up' ? 'RatedUp' : 'RatedDown');
    if (j % 13 === 0) bump(at + 3000, 'Handoffs');
    if (lead) bump(at + 4000, 'Leads');
    if (showing) bump(at + 5000, 'Showings');
    // Unanswered questions count by their answer's time (a second after the question).
    if (noAnswer && dayOf(at + 1000).startsWith('2031-03')) unanswered.set(topic, (unanswered.get(topic) ?? 0) + 1);
    if (inMarch) topics.set(topic, (topics.get(topic) ?? 0) + 1);
    // Each step counts by its own time: the searches with the answer, a second after the question.
    const inRange = (ms: number) => dayOf(ms).startsWith('2031-03');
    if (inMarch) funnel.Conversations += 1;
    if (searched && inRange(at + 1000)) {
      funnel.Searched += 1;
      const count = (m: Map<string, number>, k: string) => k && m.set(k, (m.get(k) ?? 0) + 1);
      count(cities, city.toLowerCase());
      count(types, j % 3 ? 'Condo' : '');
      count(bands, j % 5 ? '$250k–$500k' : '');
    }
    if (opened && inRange(at + 1000)) funnel.OpenedListing += 1;
    if ((lead && inRange(at + 4000)) || (showing && inRange(at + 5000))) funnel.Lead += 1;
    if (showing && inRange(at + 5000)) funnel.Showing += 1;
  }
  return { f, expected, topics, unanswered, funnel, cities, types, bands };
}

async function analytics(staff: SignedIn, query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/console/api/analytics?${query}`, headers: staff.read });
  return { status: res.statusCode, body: res.json() as { Data: AnalyticsData; Message: string } };
}

describe('analytics', () => {
  it("equals the month's own counts, per local day across the DST change", async () => {
    const { f, expected, topics, unanswered, funnel, cities, types, bands } = await seeded();
    const staff = await staffOf(t.app, t.db, f.ws.workspaceId, 'owner');
    const res = await analytics(staff, `chatbot=${f.serial}&from=2031-03-01&to=2031-03-31`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.Data;
    expect(data.TimeZone).toBe(TZ);
    expect(data.Days.map((d) => d.Day)).toEqual(
      Array.from({ length: 31 }, (_, i) => `2031-03-${String(i + 1).padStart(2, '0')}`),
    );
    const keys = [
      'Conversations',
      'Questions',
      'Answered',
      'NoAnswer',
      'RatedUp',
      'RatedDown',
      'Handoffs',
      'Leads',
      'Showings',
    ] as const;
    for (const d of data.Days) {
      const want = expected.get(d.Day) ?? {};
      for (const k of keys) expect(d[k], `${d.Day} ${k}`).toBe(want[k] ?? 0);
    }
    // The 23-hour day holds the conversations either side of the change.
    const ninth = data.Days.find((d) => d.Day === '2031-03-09');
    expect(ninth?.Questions).toBe(expected.get('2031-03-09')?.Questions);
    const total = (k: (typeof keys)[number]) => data.Days.reduce((n, d) => n + d[k], 0);
    for (const k of keys) expect(data.Totals[k]).toBe(total(k));
    expect(data.ShareAnswered).toBeCloseTo(total('Answered') / (total('Answered') + total('NoAnswer')), 10);
    // Case, accents, punctuation, spacing, shorthand and typos fall together.
    const counts = (m: Map<string, number>) => [...m.values()].sort((a, b) => b - a);
    expect(data.TopQuestions.map((q) => q.Count)).toEqual(counts(topics));
    expect(data.TopQuestions).toHaveLength(3);
    expect(data.TopUnanswered.map((q) => q.Count)).toEqual(counts(unanswered));
    expect(data.TopUnanswered).toHaveLength(3);
    // The searches: cities case aside, no empty value counted.
    expect(data.SearchedCities.map((c) => [c.Value.toLowerCase(), c.Count])).toEqual(
      [...cities].sort((a, b) => b[1] - a[1]),
    );
    expect(data.SearchedPropertyTypes).toEqual([...types].map(([Value, Count]) => ({ Value, Count })));
    expect(data.SearchedPriceBands).toEqual([...bands].map(([Value, Count]) => ({ Value, Count })));
    expect(data.Funnel).toEqual(funnel);
    expect(funnel.Showing).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a reversed range or one over two years (400 naming the field), and other workspaces', async () => {
    const f = await chatbotWithSession(t);
    const staff = await staffOf(t.app, t.db, f.ws.workspaceId, 'owner');
    const reversed = await analytics(staff, `chatbot=${f.serial}&from=2031-03-02&to=2031-03-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.Message).toMatch(/^to\b/);
    const long = await analytics(staff, `chatbot=${f.serial}&from=2029-01-01&to=2031-03-01`);
    expect(long.status).toBe(400);
    expect(long.body.Message).toMatch(/^to\b/);
    const bad = await analytics(staff, `chatbot=${f.serial}&from=2031-13-01&to=2031-03-01`);
    expect(bad.body.Message).toMatch(/^from\b/);
    const other = await newWorkspace(t.db, 'Elsewhere');
    const them = await staffOf(t.app, t.db, other.workspaceId, 'owner');
    expect((await analytics(them, `chatbot=${f.serial}&from=2031-03-01&to=2031-03-02`)).status).toBe(404);
  });
});
