// Analytics of a chatbot over a range of local days (docs/review.md): conversations,
// questions, answered and unanswered answers, ratings up and down and handoffs per day, in
// the chatbot's TimeZone (a day that crosses a daylight-saving change is 23 or 25 hours), the
// share answered, and the top questions grouped by their normalised text (case, accents,
// punctuation and spacing aside).
import { messageSlices, questionTexts, ratingSlices, sessionSlices } from '../chat/index.ts';
import { requireChatbot } from '../chatbots/index.ts';
import type { Db } from '../db/connect.ts';
import { dayStart, localDate } from '../tours/index.ts';
import { dayRange } from './date-range.ts';

export interface AnalyticsDeps {
  db: Db;
  clock: () => Date;
}

const DAY_MS = 86_400_000;
const TOP = 10;

export interface DayCounts {
  Day: string;
  Conversations: number;
  Questions: number;
  Answered: number;
  NoAnswer: number;
  RatedUp: number;
  RatedDown: number;
  Handoffs: number;
}

/** A question as people mean it: case, accents, punctuation and spacing aside. */
export function normalisedQuestion(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

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
    days.set(Day, {
      Day,
      Conversations: 0,
      Questions: 0,
      Answered: 0,
      NoAnswer: 0,
      RatedUp: 0,
      RatedDown: 0,
      Handoffs: 0,
    });
  }
  const dayOf = (slice: string) => days.get(localDate(Date.parse(`${slice}0:00.000Z`), tz));
  const [messages, sessions, ratings, texts] = await Promise.all([
    messageSlices(db, scope),
    sessionSlices(db, scope),
    ratingSlices(db, scope),
    questionTexts(db, scope, 200),
  ]);
  for (const m of messages) {
    const d = dayOf(m.slice);
    if (!d) continue;
    if (m.role === 'user') d.Questions += m.n;
    else if (m.noAnswer) d.NoAnswer += m.n;
    else d.Answered += m.n;
  }
  for (const s of sessions.conversations) {
    const d = dayOf(s.slice);
    if (d) d.Conversations += s.n;
  }
  for (const s of sessions.handoffs) {
    const d = dayOf(s.slice);
    if (d) d.Handoffs += s.n;
  }
  for (const r of ratings) {
    const d = dayOf(r.slice);
    if (d && r.rating === 'up') d.RatedUp += r.n;
    if (d && r.rating === 'down') d.RatedDown += r.n;
  }
  const list = [...days.values()];
  const sum = (k: keyof Omit<DayCounts, 'Day'>) => list.reduce((n, d) => n + d[k], 0);
  const totals = {
    Conversations: sum('Conversations'),
    Questions: sum('Questions'),
    Answered: sum('Answered'),
    NoAnswer: sum('NoAnswer'),
    RatedUp: sum('RatedUp'),
    RatedDown: sum('RatedDown'),
    Handoffs: sum('Handoffs'),
  };
  const answers = totals.Answered + totals.NoAnswer;
  const grouped = new Map<string, { Question: string; Count: number; best: number }>();
  for (const t of texts) {
    const key = normalisedQuestion(t.text);
    if (!key) continue;
    const g = grouped.get(key) ?? { Question: t.text, Count: 0, best: 0 };
    g.Count += t.n;
    if (t.n > g.best) Object.assign(g, { Question: t.text, best: t.n });
    grouped.set(key, g);
  }
  const top = [...grouped.values()]
    .sort((a, b) => b.Count - a.Count || a.Question.localeCompare(b.Question))
    .slice(0, TOP)
    .map(({ Question, Count }) => ({ Question, Count }));
  return {
    Chatbot: bot.serialNumber,
    TimeZone: tz,
    Days: list,
    Totals: totals,
    ShareAnswered: answers ? totals.Answered / answers : null,
    TopQuestions: top,
  };
}
