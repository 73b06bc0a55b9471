// Small misspellings of the words the engine reads ("bedrooom", "townhoses", "sael",
// "Portlnad"): a word that is not in the vocabulary but is one edit (two for long words)
// from exactly one vocabulary word is read as that word. Cities are corrected the same way
// against the chatbot's own cities (resolve.ts), since only its data knows them. The words are
// each language's `spelled` (vocab/).
import { VOCABULARIES } from './vocab/index.ts';

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits), capped. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > cap) return cap + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] ?? cap + 1;
}

/** How far a word may be from a vocabulary word and still be read as it. */
export function allowedEdits(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

const LANGUAGES = Object.values(VOCABULARIES);
const VOCABULARY = [...new Set(LANGUAGES.flatMap((v) => v.spelled))];
const KNOWN = new Set(VOCABULARY);
/** Words that are fine as they are, though one edit from a vocabulary word ("hose" → "house"). */
const KEEP = new Set(LANGUAGES.flatMap((v) => v.notMisspelled));

/** Words that mean the same to the engine: a tie between them is no ambiguity. */
const SAME = LANGUAGES.flatMap((v) => v.sameSpelled);
const groupOf = (w: string) => SAME.findIndex((g) => g.includes(w));

/**
 * The most words of one question checked against the vocabulary (each against every word of
 * it); the words after them are left as they are. A question has a few dozen words; a
 * message of thousands of unknown words would otherwise cost a second.
 */
export const CORRECTIONS_MAX = 64;

/**
 * The text with misspelled vocabulary words corrected; other words are left as they are, and so
 * are `names`: the words of a place the visitor wrote ("Salt Lake City" is no misspelled "sale").
 */
export function correctSpelling(text: string, names: ReadonlySet<string> = new Set()): string {
  const checked = new Map<string, string>();
  return text.replace(/\p{L}{4,}/gu, (word) => {
    if (KNOWN.has(word) || KEEP.has(word) || names.has(word)) return word;
    let read = checked.get(word);
    if (read === undefined && checked.size < CORRECTIONS_MAX) {
      read = corrected(word);
      checked.set(word, read);
    }
    return read ?? word;
  });
}

/** The one vocabulary word `word` is a small misspelling of, or `word`. */
function corrected(word: string): string {
  const allowed = allowedEdits(word);
  let best = allowed + 1;
  let matches: string[] = [];
  for (const v of VOCABULARY) {
    const d = editDistance(word, v, allowed);
    if (d < best) {
      best = d;
      matches = [v];
    } else if (d === best && d <= allowed) matches.push(v);
  }
  if (!matches.length || best > allowed) return word;
  const first = matches[0] ?? word;
  const group = groupOf(first);
  // Two candidates of different meaning: leave the word alone.
  return matches.every((m) => m === first || (group >= 0 && groupOf(m) === group)) ? first : word;
}
