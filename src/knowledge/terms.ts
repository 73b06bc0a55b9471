// The words a passage or a question is searched by, the same on both databases: lower case,
// accents removed ("équipe" = "equipe"), stop words of English, Spanish, French and Portuguese left out,
// and plurals folded ("fees" = "fee", "horarios" = "horario"). Both the index and the query go
// through here, so a word matches whatever the database's own text search would make of it. The
// stop words are each language's (words/).
import { STOP_WORDS } from './words/index.ts';

const STOP = new Set(STOP_WORDS);

export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

/** A word's plural folded onto its singular (a light stem: -ies → -y, -es/-s, -x). */
function fold(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  if (word.length > 4 && word.endsWith('aux')) return `${word.slice(0, -3)}al`;
  return word;
}

/** The search words of a text, in order (repeats kept: they weigh in the ranking). */
export function termsOf(text: string): string[] {
  const words = stripAccents(text.toLowerCase()).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !STOP.has(w) && (w.length > 1 || /\d/.test(w))).map(fold);
}
