// Counts and prices in a question: bedrooms ("3+ beds", "at least 4 bedrooms", "tres
// habitaciones", "3 chambres"), bathrooms ("at most 2 baths", "2 baños como máximo"), and a
// price range ("under $800k", "between 300k and 500k", "por menos de $400,000", "moins de 500 000 $").
import { type Amount, COUNT_PATTERN, countValue, findAmounts } from './numbers.ts';
import { alternation, conceptRe, type Phrases, type Vocabulary } from './vocab/index.ts';

export interface Counts {
  minBedrooms?: number;
  maxBedrooms?: number;
  minBathrooms?: number;
  maxBathrooms?: number;
}

const AT_LEAST = alternation((v) => v.atLeast);
const EXACTLY = alternation((v) => v.exactly);
const AT_MOST = alternation((v) => v.atMost);
const OR_MORE_WORDS = alternation((v) => v.orMore);
const OR_MORE = `\\+|\\s*${OR_MORE_WORDS}`;
/** "2 baths or fewer", "2 baños máximo"; not a price's cue ("3 beds max $500k"). */
const OR_FEWER = `\\s*${alternation((v) => v.orFewer)}\\b(?!\\s*[$€£]?\\s*\\d)`;
/** "3+ ambientes", "3 ambientes o más", "más de 3 ambientes": rooms with no upper bound. */
const UNBOUNDED_RE = new RegExp(`\\+|\\b(?:${OR_MORE_WORDS}|${alternation((v) => v.above)})\\b`);
const RANGE_JOIN = alternation((v) => v.rangeJoin);
const BED_WORD = alternation((v) => v.bedroom);
const BATH_WORD = alternation((v) => v.bathroom);

function countRe(word: string): RegExp {
  return new RegExp(
    `(?:\\b(?<pre>${AT_LEAST}|${EXACTLY}|${AT_MOST})\\s+)?(?:\\b(?<low>${COUNT_PATTERN})\\s*(?:-|–|${RANGE_JOIN})\\s*)?\\b(?<n>${COUNT_PATTERN})(?<plus>${OR_MORE})?\\s*-?\\s*(?<w>${word})\\b(?:(?<fewer>${OR_FEWER})|(?<post>${OR_MORE}|\\s+${OR_MORE_WORDS}))?`,
    'g',
  );
}
const BED_RE = countRe(BED_WORD);
const BATH_RE = countRe(BATH_WORD);
/** "3 ambientes", "2 amb" (Argentina): the rooms with the living room, so one bedroom fewer. */
const ROOMS_RE = countRe(alternation((v) => v.rooms));
/** "un T3", "F2" (France): rooms with the living room, the letter before the count. */
const ROOMS_BEFORE_RE = new RegExp(`\\b${alternation((v) => v.roomsBefore)}(?<n>[1-9])(?<plus>\\+)?\\b`);
/** A studio has no separate bedroom: "studio", "monoambiente", "kitnet". */
const STUDIO_RE = conceptRe((v) => v.studio);

interface CountMatch {
  value: number;
  kind: 'min' | 'max' | 'exact';
  /** "3-4 bedrooms", "3 or 4 beds": the lower bound; `value` is the upper. */
  low?: number;
}

function scan(re: RegExp, text: string, blank: (start: number, end: number) => void): CountMatch | undefined {
  let found: CountMatch | undefined;
  for (const m of text.matchAll(re)) {
    const g = m.groups ?? {};
    const value = countValue(g.n ?? '');
    if (value === undefined || value > 100) continue;
    const pre = g.pre ?? '';
    const kind = new RegExp(`^(${EXACTLY})$`).test(pre)
      ? 'exact'
      : new RegExp(`^(${AT_MOST})$`).test(pre) || g.fewer
        ? 'max'
        : 'min';
    const low = g.low ? countValue(g.low) : undefined;
    found ??= low !== undefined && low < value && !g.plus && !g.post ? { value, kind: 'exact', low } : { value, kind };
    blank(m.index, m.index + m[0].length);
  }
  return found;
}

/** Bedrooms and bathrooms; their phrases are blanked out of `text` so prices do not see them. */
export function parseCounts(text: string): { counts: Counts; rest: string } {
  let rest = text;
  const blank = (start: number, end: number) => {
    rest = rest.slice(0, start) + ' '.repeat(end - start) + rest.slice(end);
  };
  const counts: Counts = {};
  const beds = scan(BED_RE, text, blank);
  if (beds) {
    if (beds.kind !== 'max') counts.minBedrooms = beds.low ?? beds.value;
    if (beds.kind !== 'min') counts.maxBedrooms = beds.value;
  }
  if (!beds) {
    const letter = ROOMS_BEFORE_RE.exec(rest);
    const rooms: CountMatch | undefined = letter
      ? { value: Number(letter.groups?.n), kind: 'min' }
      : scan(ROOMS_RE, rest, blank);
    if (letter) blank(letter.index, letter.index + letter[0].length);
    if (rooms && rooms.value >= 1) {
      if (rooms.kind !== 'max') counts.minBedrooms = (rooms.low ?? rooms.value) - 1;
      counts.maxBedrooms =
        rooms.kind === 'min' && (rooms.low !== undefined || UNBOUNDED_RE.test(text)) ? undefined : rooms.value - 1;
    } else if (STUDIO_RE.test(rest)) {
      counts.minBedrooms = 0;
      counts.maxBedrooms = 0;
    }
  }
  const baths = scan(BATH_RE, rest, blank);
  if (baths) {
    if (baths.kind !== 'max') counts.minBathrooms = baths.low ?? baths.value;
    if (baths.kind !== 'min') counts.maxBathrooms = baths.value;
  }
  return { counts, rest };
}

export interface PriceRange {
  minPrice?: number;
  maxPrice?: number;
}

const cue = (pick: (c: Vocabulary['priceCues']) => Phrases) => alternation((v) => pick(v.priceCues));
const NOT_PRICE_AFTER = new RegExp(`^\\s*${cue((c) => c.notPriceAfter)}\\b`);
const YEAR_BEFORE = new RegExp(`${cue((c) => c.yearBefore)}\\s*(?:${cue((c) => c.yearBridge)} )?$`);
// The cues before an amount read the 30 characters before it, so their backtracking is bounded.
const MAX_CUE = new RegExp(`(?:<|${cue((c) => c.maxBefore)})\\s*(?::|${cue((c) => c.maxBridge)})?\\s*$`);
const MIN_CUE = new RegExp(`(?:>|${cue((c) => c.minBefore)})\\s*(?::|${cue((c) => c.minBridge)})?\\s*$`);
const ABOUT_CUE = new RegExp(`${cue((c) => c.aboutBefore)}\\s*$`);
const MAX_AFTER = new RegExp(`^\\s*${cue((c) => c.maxAfter)}\\b`);
const MIN_AFTER = new RegExp(`^\\s*(?:\\+|${cue((c) => c.minAfter)})`);
const RANGE_SEP = new RegExp(`^\\s*(?:-|–|${cue((c) => c.rangeJoin)})\\s*$`);

function pricesOf(text: string): Amount[] {
  return findAmounts(text).filter((a) => {
    if (NOT_PRICE_AFTER.test(text.slice(a.end))) return false;
    const before = text.slice(Math.max(0, a.start - 20), a.start);
    if (!a.money && a.value >= 1800 && a.value <= 2100 && Number.isInteger(a.value) && YEAR_BEFORE.test(before)) {
      return false;
    }
    return a.money || a.value >= 100;
  });
}

/** The price range a question asks for; `text` should have bedroom/bathroom phrases blanked. */
export function parsePrice(text: string): PriceRange {
  const amounts = pricesOf(text);
  const range: PriceRange = {};
  for (let i = 0; i < amounts.length; i++) {
    const a = amounts[i];
    const next = amounts[i + 1];
    const before = text.slice(Math.max(0, i > 0 ? amounts[i - 1].end : 0, a.start - 30), a.start);
    if (next && RANGE_SEP.test(text.slice(a.end, next.start))) {
      // "between 300 and 500k": the bare bound borrows the other's multiplier.
      const low =
        a.multiplier === 1 && next.multiplier > 1 && a.value < next.value / 10 ? a.value * next.multiplier : a.value;
      range.minPrice = Math.min(low, next.value);
      range.maxPrice = Math.max(low, next.value);
      i++;
    } else if (MAX_AFTER.test(text.slice(a.end))) range.maxPrice = a.value;
    else if (MIN_AFTER.test(text.slice(a.end))) range.minPrice = a.value;
    else if (a.money && ABOUT_CUE.test(before)) {
      range.minPrice = Math.round(a.value * 0.9);
      range.maxPrice = Math.round(a.value * 1.1);
    } else if (MIN_CUE.test(before) && !MAX_CUE.test(before)) range.minPrice = a.value;
    else if (a.money || MAX_CUE.test(before)) range.maxPrice = a.value;
    // A bare number with no cue ("homes in 78717", "top 5") is not a price.
  }
  return range;
}
