// Street addresses in a question ("What year was 4156 Bluebonnet Ln in Fort Worth built?").
import { NOT_CITY, normalize } from './lexicon.ts';
import { alternation, merged, wordSet } from './vocab/index.ts';

const STREET_SUFFIXES = merged((v) => v.address.suffixes);
const SUFFIX_FORMS = new Set(Object.values(STREET_SUFFIXES));
/** "S 700 E": the one-letter directions of a numbered grid street. */
const DIRECTION_LETTERS = new Set([...SUFFIX_FORMS].filter((w) => w.length === 1));
/** "Avenue" and "Ave" are the same street: both compare as "ave". */
export const streetWord = (w: string) => STREET_SUFFIXES[w.replace(/\.$/, '')] ?? w.replace(/\.$/, '');
const ADDRESS_STOP = wordSet((v) => v.address.stop);
const UNIT_WORD = alternation((v) => v.address.unit);
const UNIT_START_RE = new RegExp(`^(?:${UNIT_WORD}|#)`);
const UNIT_FIRST_RE = new RegExp(`(?:^|\\s)#\\s*([a-z0-9-]+)\\s+${alternation((v) => v.address.unitAt)}\\s`);
const JOIN_RE = new RegExp(`\\s${alternation((v) => v.address.join)}\\s`);

export interface StreetAddress {
  /** "2708" */
  number: string;
  /** "live", "oak", "ave": lower-cased, suffixes as streetWord writes them. */
  words: string[];
  /** "1105" of "Unit 1105", "#1105", "Apt 1105": which unit of a building. */
  unit?: string;
}

const UNIT_RE = new RegExp(`(?:\\b${UNIT_WORD}|#)\\s*([a-z0-9-]+)`);

/** The unit of a listing's address ("… Unit 9C" → "9c"), for telling a building's units apart. */
export function unitOf(address: string): string | undefined {
  return UNIT_RE.exec(address.toLowerCase())?.[1];
}

export function addressesOf(original: string): StreetAddress[] {
  const out: StreetAddress[] = [];
  const lower = original.toLowerCase();
  // "#402 at 1212 Laurel St": a unit may come first.
  const unitFirst = UNIT_FIRST_RE.exec(lower)?.[1];
  // The street is read in a lookahead, so that "A or B" finds both addresses. It is at most
  // 160 characters (six words and a unit): read to the end, every number of a long message
  // read all the rest of it again.
  let taken = 0;
  for (const m of lower.matchAll(/(?<![$€£\d,.#])\b(\d{1,6}[a-z]?)\s+(?=([^?!,;:()\n]{1,160}))/g)) {
    if (m.index < taken) continue;
    const words: string[] = [];
    const tail = m[2] ?? '';
    for (const w of tail.split(/\s+/)) {
      const word = w.replace(/(?<![.])[.]+$/, '');
      if (!word || ADDRESS_STOP.has(word) || UNIT_START_RE.test(word)) break;
      // Numbered streets ("12th Ave", "S 700 E") keep their numbers; other numbers end the street.
      if (
        /^\d/.test(word) &&
        !/^\d+(st|nd|rd|th)$/.test(word) &&
        !(words.length && DIRECTION_LETTERS.has(words[words.length - 1] ?? ''))
      )
        break;
      if (!words.length && NOT_CITY.has(normalize(word))) break;
      words.push(streetWord(word));
      if (words.length === 6) break;
    }
    // "2 kids" is not an address; "2708 Live Oak" and "5 Elm St" are.
    const suffix = words.some((w) => SUFFIX_FORMS.has(w));
    if (words.length && (m[1].length >= 2 || suffix)) {
      out.push({ number: m[1], words, unit: unitOf(tail.split(JOIN_RE)[0] ?? tail) ?? unitFirst });
      taken = m.index + m[0].length + words.join(' ').length;
    }
  }
  return out.slice(0, 2);
}
