// What a visitor volunteers of what a brokerage qualifies on (docs/crm.md), read from their
// messages in English, Spanish, French and Portuguese: intent, timeline, pre-approval, budget,
// areas (the chatbot's own cities named) and the kind of home. Only what is said is read: a
// budget that cannot be read is left empty, never guessed. The builtin engine fills a lead with
// it when the lead is taken (lead-turn.ts). Each language's words are its vocabulary's
// `qualification` (vocab/), so that a language missing a concept fails the type check.

import type { AnswerRequest } from '../engine.ts';
import { mergeQualification, NO_QUALIFICATION, type Qualification, type Timeline } from '../qualification.ts';
import { loadState } from './conversation.ts';
import { type BudgetWords, budgetOf, endsWithAmount } from './qualification-budget.ts';
import { type Phrases, phrasesOf, VOCABULARIES, type Vocabulary } from './vocab/index.ts';

type Q = Vocabulary['qualification'];
const LANGS = Object.values(VOCABULARIES).map((v) => v.qualification);
const any = (pick: (w: Q) => Phrases) => phrasesOf((v) => pick(v.qualification)).join('|');
const re = (body: string) => new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, 'gu');

const INTENT_RES: [Qualification['intent'], RegExp][] = [
  ['sell', re(any((w) => w.sell))],
  ['buy', re(any((w) => w.buy))],
  ['rent', re(any((w) => w.rent))],
  ['invest', re(any((w) => w.invest))],
];
const SELF = re(any((w) => w.self));
const OTHERS = re(any((w) => w.others));
const NOT_APPROVED = re(`${any((w) => w.notApproved)}|${any((w) => w.plannedApproval)}`);
const APPROVED = re(any((w) => w.approved));
const NOW = re(any((w) => w.now));
const SOON = re(any((w) => w.soon));
const YEAR = re(any((w) => w.year));
const LATER = re(any((w) => w.later));
const COUNT_WORDS: Record<string, number> = Object.assign({}, ...LANGS.map((w) => w.counts));
const COUNT = `(\\d{1,2}|${Object.keys(COUNT_WORDS).join('|')})`;
const IN_MONTHS = new RegExp(
  `(?<![\\p{L}\\p{N}])${COUNT}(?:\\s*(?:-|${any((w) => w.countJoin)})\\s*(\\d{1,2}))?\\s+(${any((w) => w.months)})(?![\\p{L}])`,
  'gu',
);
const IN_WEEKS = new RegExp(`(?<![\\p{L}\\p{N}])${COUNT}\\s+(${any((w) => w.weeks)})(?![\\p{L}])`, 'gu');
const SEASONS = (['spring', 'summer', 'autumn', 'winter'] as const).map((season) => re(any((w) => w.seasons[season])));
const SEASON_START = [2, 5, 8, 11]; // March, June, September, December (northern hemisphere)

/** Lower-cased, without accents, one space between words. */
export function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** The value named last in the text (a visitor who corrects themselves is taken at their last word). */
function lastOf<T>(
  text: string,
  patterns: [T, RegExp][],
  counts: (text: string, m: RegExpMatchArray & { index: number }) => boolean = () => true,
): T | '' {
  let best: { at: number; value: T } | null = null;
  for (const [value, pattern] of patterns) {
    for (const m of text.matchAll(pattern)) {
      if (counts(text, m) && (!best || m.index >= best.at)) best = { at: m.index, value };
    }
  }
  return best ? best.value : '';
}

/** The last position of a pattern in a text, -1 if none. */
const lastAt = (text: string, pattern: RegExp) => Math.max(-1, ...[...text.matchAll(pattern)].map((m) => m.index));

/**
 * Whether an intent word is the visitor's: not when a third party stands before it in its clause
 * with no word of the visitor's between ("is the seller motivated to sell?"; but "can I buy this
 * with FHA?" and "the owner wants offers and we want to buy" are the visitor's).
 */
function visitorsOwn(text: string, m: RegExpMatchArray & { index: number }): boolean {
  const end = m.index + m[0].length;
  const start = Math.max(...[',', '.', ';', ':', '!', '?', '\n', '¿', '¡'].map((c) => text.lastIndexOf(c, m.index)));
  const clause = text.slice(start + 1, end);
  return lastAt(clause, SELF) >= lastAt(clause, OTHERS);
}

export function monthsToTimeline(months: number): Timeline {
  if (months < 1) return 'now';
  if (months <= 3) return '1-3 months';
  if (months <= 6) return '3-6 months';
  if (months <= 12) return '6-12 months';
  return 'later';
}

const countOf = (s: string) => COUNT_WORDS[s] ?? Number(s);

function timelineOf(text: string, now: Date): Timeline | '' {
  const found: [Timeline, RegExp][] = [
    ['now', NOW],
    ['1-3 months', SOON],
    ['6-12 months', YEAR],
    ['later', LATER],
  ];
  const months: { at: number; value: Timeline }[] = [];
  // "$2,000 a month" is a rent, not a timeline.
  const rate = (at: number) => endsWithAmount(text.slice(Math.max(0, at - 40), at));
  for (const m of text.matchAll(IN_MONTHS)) {
    if (rate(m.index)) continue;
    const hi = m[2] ? Number(m[2]) : countOf(m[1] ?? '');
    if (Number.isFinite(hi)) months.push({ at: m.index, value: monthsToTimeline(hi) });
  }
  for (const m of text.matchAll(IN_WEEKS)) {
    if (rate(m.index)) continue;
    const weeks = countOf(m[1] ?? '');
    if (Number.isFinite(weeks)) months.push({ at: m.index, value: weeks <= 2 ? 'now' : monthsToTimeline(weeks / 4.3) });
  }
  SEASONS.forEach((pattern, i) => {
    for (const m of text.matchAll(pattern)) {
      const ahead = ((SEASON_START[i] ?? 0) - now.getUTCMonth() + 12) % 12;
      months.push({ at: m.index, value: monthsToTimeline(ahead) });
    }
  });
  const words = lastOf(text, found);
  const wordAt = words ? Math.max(...found.flatMap(([, p]) => [...text.matchAll(p)].map((m) => m.index))) : -1;
  const counted = months.sort((a, b) => a.at - b.at).at(-1);
  if (counted && counted.at > wordAt) return counted.value;
  return words;
}

const TYPES: [string, RegExp][] = (['condo', 'apartment', 'townhouse', 'land', 'house'] as const).map((type) => [
  type,
  re(any((w) => w.types[type])),
]);

export interface ReadContext {
  now: Date;
  /** The chatbot's cities: an area is one of them, named. */
  cities: readonly string[];
}

/** What one message says; fields it does not speak of are left out. */
export function readMessage(message: string, ctx: ReadContext): Partial<Qualification> {
  const text = plain(message);
  const out: Partial<Qualification> = {};
  const intent = lastOf(text, INTENT_RES, visitorsOwn);
  if (intent) out.intent = intent;
  const timeline = timelineOf(text, ctx.now);
  if (timeline) out.timeline = timeline;
  // "not pre-approved" holds "pre-approved": the negation is looked for first. Questions ("do we
  // need to be pre-approved?") ask about it and say nothing of the visitor's: only statements count.
  const stated = statementsOf(text);
  if (NOT_APPROVED.test(stated)) out.preApproved = 'no';
  else if (APPROVED.test(stated)) out.preApproved = 'yes';
  NOT_APPROVED.lastIndex = 0;
  APPROVED.lastIndex = 0;
  const budget = budgetOf(text, WORDS_FOR_BUDGET);
  if (budget) Object.assign(out, budget);
  const areas = ctx.cities.filter((c) => c.trim() && re(escapeRe(plain(c))).test(text));
  if (areas.length) out.areas = areas.slice(0, 10);
  const type = lastOf(text, TYPES);
  if (type) out.propertyType = type;
  return out;
}

/** The text without its questions: sentences that end with "?" or open with "¿". */
function statementsOf(text: string): string {
  return (text.match(/[^.!?\n]*[.!?\n]*/g) ?? [])
    .filter((sentence) => {
      const s = sentence.trim();
      return !s.endsWith('?') && !s.startsWith('¿');
    })
    .join(' ');
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const WORDS_FOR_BUDGET: BudgetWords = {
  upTo: any((w) => w.upTo),
  atLeast: any((w) => w.atLeast),
  // "~600k"; "600-750k".
  around: `${any((w) => w.around)}|~`,
  budget: any((w) => w.budget),
  between: any((w) => w.between),
  and: `${any((w) => w.and)}|-|–`,
  postalCode: any((w) => w.postalCode),
};

/** The qualification over a visitor's messages, oldest first: what they said last wins. */
export function readQualification(messages: readonly string[], ctx: ReadContext): Qualification {
  let q: Qualification = { ...NO_QUALIFICATION, areas: [] };
  for (const m of messages) q = mergeQualification(q, readMessage(m, ctx));
  return q;
}

/** What the visitor volunteered over the whole conversation, this message included (lead-turn.ts). */
export async function volunteered(req: AnswerRequest, message: string): Promise<Qualification> {
  const said = req.history.filter((m) => m.role === 'user').map((m) => m.content);
  const cities = await req.listings.cities().catch(() => []);
  const q = readQualification([...said, message], { now: req.now, cities });
  return { ...q, mlsNumber: await listingAskedAbout(req) };
}

/** The MLS number of the listing the conversation was last about (or the one listing last shown); '' if none. */
async function listingAskedAbout(req: AnswerRequest): Promise<string> {
  const state = await loadState(req.conversation);
  const id = state.about ?? (state.shown.length === 1 ? state.shown[0] : undefined);
  if (id === undefined) return '';
  const { listings } = await req.listings.search({ ids: [id] }, { sort: 'Newest', offset: 0, limit: 1 });
  return listings[0]?.mls_number ?? '';
}
