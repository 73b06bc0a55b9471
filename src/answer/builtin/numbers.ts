// Numbers as people write them in questions ("$450k", "450,000", "1.2M", "500 000 $",
// "400 mil", "three") and as answers write them ("$450,000", "$1,800/month").
import { formatMoney as money } from '../../money.ts';
import { alternation, merged } from './vocab/index.ts';

/** Number words up to twelve in every language (vocab/; accents already stripped). */
const WORDS = merged((v) => v.numbers);

/** The alternation matching a small count written as digits or as a word. */
export const COUNT_PATTERN = `\\d+(?:[.,]5)?|${Object.keys(WORDS).join('|')}`;

/** "3", "2.5", "2,5", "three", "tres" → the number; anything else → undefined. */
export function countValue(s: string): number | undefined {
  const t = s.trim().toLowerCase();
  if (t in WORDS) return WORDS[t];
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/** "k", "mil", "million": longest first, so that "mm" is not read as "m". */
const MULTIPLIERS = merged((v) => v.multipliers);
const MULTIPLIER_WORDS = Object.keys(MULTIPLIERS).sort((x, y) => y.length - x.length);

export interface Amount {
  value: number;
  /** Where it starts and ends in the text it was found in. */
  start: number;
  end: number;
  /** Written with a currency sign or word, a multiplier (k, M, mil…) or thousands separators: money. */
  money: boolean;
  /** Has its own multiplier ("500k"): "between 300 and 500k" lends it to the bare 300. */
  multiplier: number;
}

// A separator followed by exactly three digits groups thousands ("1,500", "1.500", "500 000");
// otherwise it is a decimal mark ("2.5", "1,2").
const AMOUNT_RE = new RegExp(
  `(?<![a-z0-9.,])(?<cur>[$€£]\\s*)?(?<num>\\d{1,3}(?:(?:,|\\.|\\s)\\d{3})+(?![\\d])(?:[.,]\\d+)?|\\d+(?:[.,]\\d+)?)(?:\\s*(?<mult>${MULTIPLIER_WORDS.join('|')})\\b(?!²))?(?<cur2>\\s*(?:[$€£]|${alternation((v) => v.currencies)}\\b))?`,
  'gi',
);

const GROUPED = /^\d{1,3}(?:(?:,|\.|\s)\d{3})+/;

function numberOf(raw: string): number {
  const grouped = GROUPED.exec(raw);
  if (grouped) {
    const intPart = grouped[0].replace(/\D/g, '');
    const rest = raw.slice(grouped[0].length);
    return Number(intPart) + (rest ? Number(`0.${rest.slice(1)}`) : 0);
  }
  return Number(raw.replace(',', '.'));
}

/** Every amount in `text` (lower-cased or not), in order. */
export function findAmounts(text: string): Amount[] {
  const out: Amount[] = [];
  for (const m of text.matchAll(AMOUNT_RE)) {
    const g = m.groups ?? {};
    const multWord = g.mult ? g.mult.toLowerCase() : '';
    const multiplier = multWord ? (MULTIPLIERS[multWord] ?? 1) : 1;
    const value = numberOf(g.num ?? '') * multiplier;
    if (!Number.isFinite(value)) continue;
    out.push({
      value: Math.round(value * 100) / 100,
      start: m.index,
      end: m.index + m[0].length,
      money: Boolean(g.cur || g.cur2 || multWord || GROUPED.test(g.num ?? '')),
      multiplier,
    });
  }
  return out;
}

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 2232 → "2,232"; 2.5 → "2.5". */
export function formatNumber(n: number): string {
  return grouping.format(n);
}

/** 450000, "$" → "$450,000"; 1800.5 → "$1,800.50" (money.ts); no symbol reads as "$". */
export function formatMoney(n: number, symbol: string): string {
  return money(n, symbol.trim() || '$', { cents: true });
}
