// Land said in words ("half an acre", "a quarter-acre lot", "1 1/2 acres", "media hectárea",
// "un demi-hectare", "dois hectares e meio") written as a number before its unit ("0.5 acre"), so
// that the area reader (wants.ts) bounds the lot with it. The words are each language's
// `landAmounts`; no word of any language is written here.
import { COUNT_PATTERN, countValue } from './numbers.ts';
import { merged, phrasesOf } from './vocab/index.ts';

const BEFORE = Object.entries(merged((v) => v.landAmounts)).map(([phrase, value]) => ({
  re: new RegExp(`^(?:${phrase})$`),
  value,
}));
const AFTER = Object.entries(merged((v) => v.landAmountsAfter)).map(([phrase, value]) => ({
  re: new RegExp(`^(?:${phrase})$`),
  value,
}));
const alternationOf = (entries: { re: RegExp }[]) => entries.map((e) => e.re.source.slice(1, -1)).join('|') || '(?!)';
const UNIT = phrasesOf((v) => [...v.areaUnits.acres, ...v.areaUnits.hectares]).join('|');

/**
 * An optional whole number, an optional fraction ("1/2", "half an"), the unit, an optional
 * fraction after it. Each part is bounded (words of a vocabulary, at most 3 digits), so a long
 * run of digits or words is read once.
 */
const LAND_RE = new RegExp(
  `(?<![\\w.,/])(?:(?<whole>\\d{1,3}|${COUNT_PATTERN})\\s+)?` +
    `(?:(?<num>\\d{1,2})\\s?\\/\\s?(?<den>\\d{1,2})|(?<word>${alternationOf(BEFORE)}))?` +
    `[\\s-]*(?<unit>${UNIT})\\b(?:\\s+(?<after>${alternationOf(AFTER)})\\b)?`,
  'g',
);

const amountOf = (table: { re: RegExp; value: number }[], phrase: string) =>
  table.find((e) => e.re.test(phrase))?.value ?? 0;

/** The text with every amount of land in words written as a number. */
export function landInNumbers(text: string): string {
  return text.replace(LAND_RE, (all, ...args) => {
    const g = args.at(-1) as Record<string, string | undefined>;
    if (!g.word && !g.num && !g.after && (!g.whole || /^\d+$/.test(g.whole))) return all;
    // "une demi", "un cuarto de": the article is the phrase's, not a whole one.
    const article = g.whole && g.word && BEFORE.some((e) => e.re.test(`${g.whole} ${g.word}`));
    const whole = g.whole && !article ? (countValue(g.whole) ?? 0) : 0;
    const word = g.word ? amountOf(BEFORE, article ? `${g.whole} ${g.word}` : g.word) : 0;
    const fraction = g.num && g.den && Number(g.den) > 0 ? Number(g.num) / Number(g.den) : 0;
    const after = g.after ? amountOf(AFTER, g.after) : 0;
    const value = Math.round((whole + fraction + word + after) * 1000) / 1000;
    if (value <= 0) return all;
    const lead = /^\s/.test(all) ? ' ' : '';
    return `${lead}${value} ${g.unit}`;
  });
}
