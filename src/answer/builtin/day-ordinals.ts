// Ordinals that also name a weekday: Portuguese "segunda" is the second one and Monday
// ("segunda-feira"), as "quarta", "quinta" and "sexta" are. How each reads comes from the
// words around it (vocab/, `dayOrdinal…`): "feira" after it, or "na", "próxima", "de … a"
// before it, is the day; the feminine article before it is a position ("a segunda casa"), and
// so is the article alone right after a list ("a segunda", of the listings or slots just shown).
// Anything else is left as it was read before: a day for the dates, a position for references.
import { alternation } from './vocab/index.ts';

export type DayOrdinalReading = 'day' | 'position' | 'either';

const WORD = alternation((v) => v.dayOrdinals);
const wordRe = () => new RegExp(`(?<![\\p{L}\\p{N}])${WORD}(?![\\p{L}\\p{N}])`, 'giu');
const DAY_AFTER_RE = new RegExp(`^[\\s-]+${alternation((v) => v.dayOrdinalDayAfter)}\\b`);
const DAY_BEFORE_RE = new RegExp(`\\b${alternation((v) => v.dayOrdinalDayBefore)}\\s+$`);
const ARTICLE_RE = new RegExp(`\\b${alternation((v) => v.dayOrdinalArticle)}\\s+$`);
const NOUN_AFTER_RE = new RegExp(`^\\s+${alternation((v) => v.dayOrdinalNouns)}\\b`);

/** Characters read on each side of a word: more than its longest cue ("de quinta-feira a "), and a message of
 *  nothing but these words costs a window per word rather than the whole text. */
const AROUND = 48;

/**
 * How each ambiguous word of a normalized message reads, in order. `afterList`: the last
 * answer showed a list (listings, or slots to pick from).
 */
export function dayOrdinalReadings(norm: string, afterList: boolean): DayOrdinalReading[] {
  return [...norm.matchAll(wordRe())].map((m) => {
    const end = m.index + m[0].length;
    const before = norm.slice(Math.max(0, m.index - AROUND), m.index);
    const after = norm.slice(end, end + AROUND);
    if (DAY_AFTER_RE.test(after) || DAY_BEFORE_RE.test(before)) return 'day';
    if (ARTICLE_RE.test(before) && (afterList || NOUN_AFTER_RE.test(after))) return 'position';
    return 'either';
  });
}

/** The text with the ambiguous words that read as `reading` blanked (as many spaces); unchanged when it has none. */
function blanked(text: string, readings: readonly DayOrdinalReading[], reading: DayOrdinalReading): string {
  const found = [...text.matchAll(wordRe())];
  // The text as written and its normalized form hold the same words; if not, nothing is blanked.
  if (found.length !== readings.length || !readings.includes(reading)) return text;
  let out = '';
  let at = 0;
  for (const [i, m] of found.entries()) {
    if (readings[i] !== reading) continue;
    out += text.slice(at, m.index) + ' '.repeat(m[0].length);
    at = m.index + m[0].length;
  }
  return out + text.slice(at);
}

/** A normalized message without the words that name a day here: where positions are looked for. */
export const withoutDayOrdinals = (norm: string): string => blanked(norm, dayOrdinalReadings(norm, true), 'day');

/** The message as written without the words that name a position here: where dates are read. */
export const withoutPositionOrdinals = (text: string, norm: string, afterList: boolean): string =>
  blanked(text, dayOrdinalReadings(norm, afterList), 'position');
