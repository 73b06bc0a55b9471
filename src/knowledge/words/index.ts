// The knowledge search's words in every language shipped (one file per language, types.ts).
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pt } from './pt.ts';
import type { KnowledgeWords } from './types.ts';

const ALL: readonly KnowledgeWords[] = [en, es, fr, pt];

const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** Every language's stop words (not yet folded). */
export const STOP_WORDS: readonly string[] = ALL.flatMap((l) => words(l.stop));

/** Every language's filler words (not yet folded). */
export const FILLER_WORDS: readonly string[] = ALL.flatMap((l) => words(l.filler));

/** The related groups: for each meaning, its words in every language. */
export function relatedGroups(): string[][] {
  const keys = [...new Set(ALL.flatMap((l) => Object.keys(l.related)))];
  return keys.map((k) => ALL.flatMap((l) => words(l.related[k] ?? '')));
}
