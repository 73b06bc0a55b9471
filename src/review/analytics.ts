// Analytics of a chatbot over a range of local days (docs/review.md): conversations,
// questions, answered and unanswered answers, ratings up and down, handoffs, leads and
// showings per day, in the chatbot's TimeZone (a day that crosses a daylight-saving change is
// 23 or 25 hours), the share answered, the top questions and the top unanswered ones (grouped
// as people mean them: question-groups.ts), the cities, property types and price bands
// visitors searched, and the funnel conversation → search → listing opened → lead → showing.
import {
  dayHolding,
  handoffSlices,
  messageDays,
  messageSlices,
  questionTexts,
  ratingSlices,
  searchedValues,
  searchingSessions,
  unansweredTexts,
} from '../chat/index.ts';
import { requireChatbot } from '../chatbots/index.ts';
import type { Db } from '../db/connect.ts';
import { leadSlices } from '../leads/index.ts';
import { dayStart, showingSlices } from '../tours/index.ts';
import { dayRange } from './date-range.ts';
import { groupQuestions } from './question-groups.ts';

export interface AnalyticsDeps {
  db: Db;
  clock: () => Date;
}

const DAY_MS = 86_400_000;
const TOP = 10;
/** Question texts read for grouping: the most asked, enough for ten groups of a few spellings each. */
const TEXTS = 200;

const SERIES = [
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
type Series = (typeof SERIES)[number];
export type DayCounts = { Day: string } & Record<Series, number>;

const named = (rows: { value: string; n: number }[]) => rows.map((r) => ({ Value: r.value, Count: r.n }));

export async function chatbotAnalytics(
  deps: AnalyticsDeps,
  workspaceId: number,
  q: { chatbot: string; from: string; to: string },
) {
  const checked = dayRange({ field: 'from', value: q.from }, { field: 'to', value: q.to });
  const db = deps.db.kysely;
  const bot = await requireChatbot({ db, workspaceId, now: deps.clock() }, q.chatbot);
  const tz = bot.settings.TimeZone;
  const lastNext = new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const scope = {
    workspaceId,
    chatbotId: bot.id,
    from: new Date(dayStart(q.from, tz)).toISOString(),
    to: new Date(dayStart(lastNext, tz)).toISOString(),
  };
  const days = new Map<string, DayCounts>();
  for (let i = 0; i < checked.days; i++) {
    const Day = new Date(Date.parse(`${q.from}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
    days.set(Day, { Day, ...(Object.fromEntries(SERIES.map((k) => [k, 0])) as Record<Series, number>) });
  }
  const bounds = [...days.keys()].map((day, i, all) => ({
    day,
    from: new Date(dayStart(day, tz)).toISOString(),
    to: all[i + 1] === undefined ? scope.to : new Date(dayStart(all[i + 1] as string, tz)).toISOString(),
  }));
  // A slice belongs to the day whose range holds its first instant (a search, not Intl per slice).
  const byIndex = [...days.values()];
  const dayOf = (slice: string) => byIndex[dayHolding(bounds, `${slice}0:00.000Z`)];
  const add = (rows: { slice: string; n: number }[], k: Series) => {
    for (const r of rows) {
      const d = dayOf(r.slice);
      if (d) d[k] += r.n;
    }
  };
  // Days that begin on a ten-minute slice (in every zone whose offset is a multiple of ten
  // minutes) sum the slices' counts; the others count their messages from the index.
  const onSlices = bounds.every((b) => /0:00\.000Z$/.test(b.from) && /0:00\.000Z$/.test(b.to));
  const [slices, messages, handoffs, ratings, texts, unanswered, cities, types, bands, searching, leads, showings] =
    await Promise.all([
      messageSlices(db, scope),
      onSlices ? [] : messageDays(db, scope, bounds),
      handoffSlices(db, scope),
      ratingSlices(db, scope),
      questionTexts(db, scope, TEXTS),
      unansweredTexts(db, scope, TEXTS),
      searchedValues(db, scope, 'city', TOP),
      searchedValues(db, scope, 'propertyType', TOP),
      searchedValues(db, scope, 'priceBand', TOP),
      searchingSessions(db, scope),
      leadSlices(db, scope),
      showingSlices(db, scope),
    ]);
  for (const m of messages) {
    const d = days.get(m.day);
    if (!d) continue;
    d.Questions += m.questions;
    d.Answered += m.answered;
    d.NoAnswer += m.noAnswer;
  }
  const series = (n: (c: (typeof slices)[number]) => number) => slices.map((c) => ({ slice: c.slice, n: n(c) }));
  if (onSlices) {
    add(
      series((c) => c.questions),
      'Questions',
    );
    add(
      series((c) => c.answers - c.noAnswer),
      'Answered',
    );
    add(
      series((c) => c.noAnswer),
      'NoAnswer',
    );
  }
  add(
    series((c) => c.conversations),
    'Conversations',
  );
  add(handoffs, 'Handoffs');
  add(
    ratings.filter((r) => r.rating === 'up'),
    'RatedUp',
  );
  add(
    ratings.filter((r) => r.rating === 'down'),
    'RatedDown',
  );
  add(leads.slices, 'Leads');
  add(showings.slices, 'Showings');
  const list = [...days.values()];
  const totals = Object.fromEntries(SERIES.map((k) => [k, list.reduce((n, d) => n + d[k], 0)])) as Record<
    Series,
    number
  >;
  const answers = totals.Answered + totals.NoAnswer;
  return {
    Chatbot: bot.serialNumber,
    TimeZone: tz,
    Days: list,
    Totals: totals,
    ShareAnswered: answers ? totals.Answered / answers : null,
    TopQuestions: groupQuestions(texts, TOP),
    TopUnanswered: groupQuestions(unanswered, TOP),
    SearchedCities: named(cities),
    SearchedPropertyTypes: named(types),
    SearchedPriceBands: named(bands),
    Funnel: {
      Conversations: totals.Conversations,
      Searched: searching.searched,
      OpenedListing: searching.opened,
      Lead: leads.sessions,
      Showing: showings.sessions,
    },
  };
}
