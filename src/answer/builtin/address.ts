// Street addresses in a question ("What year was 4156 Bluebonnet Ln in Fort Worth built?").
import { NOT_CITY, normalize } from './lexicon.ts';

const STREET_SUFFIXES: Record<string, string> = {
  avenue: 'ave',
  street: 'st',
  drive: 'dr',
  boulevard: 'blvd',
  lane: 'ln',
  road: 'rd',
  court: 'ct',
  place: 'pl',
  parkway: 'pkwy',
  highway: 'hwy',
  circle: 'cir',
  terrace: 'ter',
};
/** "Avenue" and "Ave" are the same street: both compare as "ave". */
export const streetWord = (w: string) => STREET_SUFFIXES[w.replace(/\.$/, '')] ?? w.replace(/\.$/, '');
const ADDRESS_STOP = new Set(
  'in at of for is was has have does do built near with on and or en de del a au the what how price'.split(' '),
);

export interface StreetAddress {
  /** "2708" */
  number: string;
  /** "live", "oak", "ave": lower-cased, suffixes as streetWord writes them. */
  words: string[];
}

export function addressesOf(original: string): StreetAddress[] {
  const out: StreetAddress[] = [];
  for (const m of original.toLowerCase().matchAll(/(?<![$€£\d,.])\b(\d{1,6}[a-z]?)\s+([^?!,;:()\n]+)/g)) {
    const words: string[] = [];
    for (const w of m[2].split(/\s+/)) {
      const word = w.replace(/[.]+$/, '');
      if (!word || ADDRESS_STOP.has(word) || /^\d/.test(word) || (!words.length && NOT_CITY.has(normalize(word))))
        break;
      words.push(streetWord(word));
      if (words.length === 5) break;
    }
    // "2 kids" is not an address; "2708 Live Oak" and "5 Elm St" are.
    const suffix = words.some((w) => Object.values(STREET_SUFFIXES).includes(w));
    if (words.length && (m[1].length >= 2 || suffix)) out.push({ number: m[1], words });
  }
  return out.slice(0, 2);
}
