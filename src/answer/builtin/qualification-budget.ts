// A budget in a visitor's words (qualification-reader.ts): "around 600k", "600-750k",
// "600 000 €", "between $500,000 and $650,000", "up to 1.2m", "hasta 600 mil", "jusqu'à 700 000 €",
// "até 1,5 milhão". An amount counts only when it says it is money (a currency or a k/mil/million)
// or a budget word or qualifier stands just before it: "3 bedrooms", "2,000 sq ft" and "built
// between 1998 and 2005" are not budgets, and a budget that cannot be read is left empty, never
// guessed. The words are each
// language's (vocab/, qualification).
import type { Qualification } from '../qualification.ts';
import { merged, type Phrases, phrasesOf, type Vocabulary } from './vocab/index.ts';

export interface BudgetWords {
  upTo: string;
  atLeast: string;
  around: string;
  budget: string;
  between: string;
  and: string;
  /** Before a ZIP or postal code ("zip", "código postal", "CEP"). */
  postalCode: string;
}

type Budget = Pick<Qualification, 'budgetMin' | 'budgetMax'>;

const words = (pick: (q: Vocabulary['qualification']) => Phrases) => phrasesOf((v) => pick(v.qualification)).join('|');
const CURRENCY = `(?:r\\$|us\\$|\\$|€|£|${words((q) => q.currencies)})`;
const NUMBER = '(\\d{1,3}(?:([ ,.])\\d{3})(?:\\3\\d{3})*(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d+)?)';
const MULTIPLIER: Record<string, number> = merged((v) => v.qualification.scales);
const SCALE = `(${Object.keys(MULTIPLIER).join('|')})?`;
/** One amount: an optional currency, the number, an optional scale, an optional currency. */
const AMOUNT = `(${CURRENCY}\\s*)?${NUMBER}\\s*${SCALE}(?![\\p{L}])(\\s*${CURRENCY})?`;
const AMOUNT_AT_END = new RegExp(`(?:\\d\\s*${SCALE}|(?<![\\p{L}])${CURRENCY})\\s*$`, 'u');
/** Whether the text ends with an amount ("$2,000 ", "1500 euros "): a period after it is its rate ("a month"). */
export const endsWithAmount = (text: string): boolean => AMOUNT_AT_END.test(text);
const UNITS = new RegExp(`^\\s*(?:(?:${words((q) => q.units)})(?![\\p{L}])|m²|%)`, 'u');
const AMOUNT_BRIDGE = `(?:${words((q) => q.amountBridge)}|:)`;

interface Amount {
  at: number;
  end: number;
  value: number;
  scaled: boolean;
  money: boolean;
  /** The number before its scale (to carry "750k"'s k back to "600-"). */
  raw: number;
  /** Four bare digits from 1900 to 2099, neither money nor scaled: most likely a year. */
  year: boolean;
}

function numberOf(digits: string, separator: string | undefined): number {
  if (separator) {
    // 600 000, 600,000, 600.000 (and a decimal part after the other mark).
    const [whole = '', decimals = ''] = digits.split(separator === '.' ? ',' : '.');
    return Number(`${whole.split(separator).join('')}.${decimals || '0'}`);
  }
  return Number(digits.replace(',', '.'));
}

function amountsOf(text: string): Amount[] {
  const out: Amount[] = [];
  for (const m of text.matchAll(new RegExp(AMOUNT, 'gu'))) {
    const end = m.index + m[0].length;
    if (UNITS.test(text.slice(end))) continue;
    const raw = numberOf(m[2] ?? '', m[3]);
    const scale = m[4] ? (MULTIPLIER[m[4]] ?? 1) : 1;
    if (!Number.isFinite(raw)) continue;
    const money = Boolean(m[1] || m[5]);
    const year = !money && scale === 1 && /^(?:19|20)\d\d$/.test(m[2] ?? '');
    out.push({ at: m.index, end, value: raw * scale, raw, scaled: scale > 1, money, year });
  }
  return out;
}

/** Phone numbers, e-mail addresses and postal codes ("zip 78701", "CEP 01310-100") are not amounts. */
function withoutContacts(text: string, postalCode: string): string {
  // Word by word (a pattern around "@" over the whole text would be quadratic on a long word).
  return text
    .split(/(\s+)/)
    .map((word) => (word.includes('@') ? ' ' : word))
    .join('')
    .replace(/\+?\(?\d{2,4}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g, ' ')
    .replace(/\+\d[\d\s().-]{8,}\d/g, ' ')
    .replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${postalCode})\\s*[:#]?\\s*\\d{5}(?:-\\d{3,4})?(?!\\p{N})`, 'gu'), ' ');
}

const MIN_HOME_BUDGET = 1000;

export function budgetOf(message: string, words: BudgetWords): Budget | null {
  const text = withoutContacts(message, words.postalCode);
  const amounts = amountsOf(text);
  const before = (a: Amount, pattern: string) =>
    new RegExp(`(?:${pattern})\\s*${AMOUNT_BRIDGE}?\\s*$`, 'u').test(text.slice(Math.max(0, a.at - 40), a.at));
  // A budget word a few words before the amount, in the same clause: "our budget for the house is
  // 600000", but not "our budget is flexible, 78701" (a comma, a full stop… ends the clause). A
  // comma right after the budget word ends no clause, nothing having been said: "budget, 600000".
  const near = (a: Amount) =>
    before(a, words.budget) ||
    before(a, `(?:${words.budget})\\s*,`) ||
    new RegExp(`(?:${words.budget})[^,.;!?\\n]*$`, 'u').test(text.slice(Math.max(0, a.at - 60), a.at));
  // A year ("built between 1998 and 2005", "from 1998") is an amount only right after a budget
  // word ("budget 2000", "budget between 1500 and 2000") or an upper bound ("up to 2000").
  const yearCounts = (a: Amount) =>
    before(a, words.budget) || before(a, `(?:${words.budget})\\s*(?:${words.between})`) || before(a, words.upTo);
  let found: Budget | null = null;
  for (let i = 0; i < amounts.length; i++) {
    const a = amounts[i] as Amount;
    const b = amounts[i + 1];
    // A range: "600-750k", "$500,000 to $650,000", "entre 500 y 600 mil".
    const joined = b && new RegExp(`^\\s*(?:${words.and})\\s*$`, 'u').test(text.slice(a.end, b.at));
    if (b && joined) {
      const lo = !a.scaled && b.scaled && a.raw < b.raw ? a.raw * (b.value / b.raw) : a.value;
      const hi = b.value;
      const years = a.year && (b.year || !(b.money || b.scaled)) && !yearCounts(a);
      const counts = a.money || b.money || a.scaled || b.scaled || near(a) || before(a, words.between);
      if (counts && !years && lo >= MIN_HOME_BUDGET && lo <= hi) found = { budgetMin: lo, budgetMax: hi };
      i++;
      continue;
    }
    const qualified = before(a, words.upTo)
      ? 'max'
      : before(a, words.atLeast)
        ? 'min'
        : before(a, words.around)
          ? 'around'
          : '';
    const counts = a.money || a.scaled || near(a) || qualified !== '';
    if (!counts || (a.year && !yearCounts(a)) || a.value < MIN_HOME_BUDGET) continue;
    if (qualified === 'max') found = { budgetMin: null, budgetMax: a.value };
    else if (qualified === 'min') found = { budgetMin: a.value, budgetMax: null };
    else found = { budgetMin: a.value, budgetMax: a.value };
  }
  return found;
}
