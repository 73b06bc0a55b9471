// Numbers as people write them in questions ("$450k", "450,000", "1.2M", "500 000 $",
// "400 mil", "three") and as answers write them ("$450,000", "$1,800/month").
import { formatMoney as money } from '../../money.ts';

/** Number words up to twelve in English, Spanish, French and Portuguese (accents already stripped). */
const WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  um: 1,
  dois: 2,
  duas: 2,
  quatro: 4,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
};

/** The alternation matching a small count written as digits or as a word. */
export const COUNT_PATTERN = `\\d+(?:[.,]5)?|${Object.keys(WORDS).join('|')}`;

/** "3", "2.5", "2,5", "three", "tres" → the number; anything else → undefined. */
export function countValue(s: string): number | undefined {
  const t = s.trim().toLowerCase();
  if (t in WORDS) return WORDS[t];
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  thousand: 1e3,
  grand: 1e3,
  mil: 1e3,
  mille: 1e3,
  m: 1e6,
  mm: 1e6,
  million: 1e6,
  millions: 1e6,
  millon: 1e6,
  millones: 1e6,
  milhao: 1e6,
  milhoes: 1e6,
};

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
const AMOUNT_RE =
  /(?<![a-z0-9.,])(?<cur>[$€£]\s*)?(?<num>\d{1,3}(?:(?:,|\.|\s)\d{3})+(?![\d])(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?:\s*(?<mult>k|mm|m|thousand|grand|mil|mille|millions?|millon|millones|milhao|milhoes)\b(?!²))?(?<cur2>\s*(?:[$€£]|usd\b|dollars?\b|dolares\b|euros?\b))?/gi;

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
