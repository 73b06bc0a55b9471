// Questions grouped as people mean them (docs/review.md "Analytics"): case, accents,
// punctuation, spacing, chat shorthand ("ur", "u", "pls") and small typos aside, so "whats ur
// comission" and "What's your commission?" are one question.
//
// Typos are measured with the engine's own edit distance (answer/index.ts editDistance, the
// optimal string alignment distance the spelling correction and the knowledge search use):
// unlike the Levenshtein packages (fastest-levenshtein, js-levenshtein) it counts a swap of
// two letters ("commision"/"commisison") as one edit, and it stops counting past its cap, so
// comparing two hundred questions costs well under a millisecond. A fuzzy-search package
// (fuse.js) ranks matches against a query; it does not say when two questions are one.
import { editDistance } from '../answer/index.ts';

/** Chat shorthand read as the word it stands for (English: most visitors' questions). */
const SHORTHAND: Record<string, string> = {
  u: 'you',
  ur: 'your',
  r: 'are',
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  abt: 'about',
  wat: 'what',
  wht: 'what',
  hw: 'how',
  y: 'why',
  n: 'and',
};

/** A question as people mean it: case, accents, apostrophes, punctuation, spacing and shorthand aside. */
export function normalisedQuestion(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((w) => SHORTHAND[w] ?? w)
    .join(' ');
}

/** How many edits a word may be from another and still be the same word: none for short words or numbers. */
function allowedEdits(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/** Two normalised questions are one when they have the same words, each at most a small typo apart. */
export function sameQuestion(a: string, b: string): boolean {
  if (a === b) return true;
  const x = a.split(' ');
  const y = b.split(' ');
  if (x.length !== y.length) return false;
  return x.every((w, i) => {
    const v = y[i] ?? '';
    if (w === v) return true;
    const edits = Math.min(allowedEdits(w), allowedEdits(v));
    return edits > 0 && editDistance(w, v, edits) <= edits;
  });
}

export interface QuestionGroup {
  /** The way most visitors wrote it. */
  Question: string;
  Count: number;
}

/**
 * Groups question texts (with their counts) into the questions they mean, most asked first.
 * Most asked texts first: each joins the first group it is the same question as.
 */
export function groupQuestions(texts: { text: string; n: number }[], top: number): QuestionGroup[] {
  const groups: { key: string; Question: string; Count: number; best: number }[] = [];
  for (const t of [...texts].sort((a, b) => b.n - a.n)) {
    const key = normalisedQuestion(t.text);
    if (!key) continue;
    const g = groups.find((x) => sameQuestion(x.key, key));
    if (!g) {
      groups.push({ key, Question: t.text, Count: t.n, best: t.n });
      continue;
    }
    g.Count += t.n;
    if (t.n > g.best) Object.assign(g, { Question: t.text, best: t.n });
  }
  return groups
    .sort((a, b) => b.Count - a.Count || a.Question.localeCompare(b.Question))
    .slice(0, top)
    .map(({ Question, Count }) => ({ Question, Count }));
}
