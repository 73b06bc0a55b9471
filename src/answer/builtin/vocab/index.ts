// The languages the builtin engine reads, and their vocabularies compiled once into the sets
// and patterns the engine matches with. A concept's pattern is the union of every language's
// phrases: a visitor may mix languages, and a word is read whatever the answer's language.
//
// Adding a language: its vocabulary folder here (a file per part, joined in its index.ts
// `satisfies Vocabulary`), its texts folder (i18n/), and one line in VOCABULARIES below (and in
// i18n/index.ts LANGUAGES).
import { en } from './en/index.ts';
import { es } from './es/index.ts';
import { fr } from './fr/index.ts';
import { pt } from './pt/index.ts';
import type { Phrases, Vocabulary, Words } from './types.ts';

/** Registration order is the order ties are broken in when telling a message's language. */
export const VOCABULARIES = { en, es, fr, pt } satisfies Record<string, Vocabulary>;
export type Lang = keyof typeof VOCABULARIES;
export const LANGS = Object.keys(VOCABULARIES) as Lang[];

const ALL: Vocabulary[] = Object.values(VOCABULARIES);

/** Every language's phrases for one concept, without repeats, in registration order. */
export function phrasesOf(pick: (v: Vocabulary) => Phrases | undefined): string[] {
  return [...new Set(ALL.flatMap((v) => pick(v) ?? []))];
}

/** The alternation of every language's phrases for a concept: `(?:a|b|c)`, no boundaries. */
export function alternation(pick: (v: Vocabulary) => Phrases | undefined): string {
  const all = phrasesOf(pick);
  return all.length ? `(?:${all.join('|')})` : '(?!)';
}

/** A concept as one pattern: any of its phrases, between word boundaries. */
export function conceptRe(pick: (v: Vocabulary) => Phrases | undefined, flags = ''): RegExp {
  return new RegExp(`\\b${alternation(pick)}\\b`, flags);
}

/** Every language's words for one concept, as a set. */
export function wordSet(pick: (v: Vocabulary) => Words): Set<string> {
  return new Set(ALL.flatMap(pick));
}

/** Every language's entries of a record (number words, multipliers). */
export function merged<T>(pick: (v: Vocabulary) => Readonly<Record<string, T>>): Record<string, T> {
  return Object.assign({}, ...ALL.map(pick));
}

/** The glossary's groups: for each concept, its words in every language (knowledge/glossary.ts). */
export function glossaryGroups(): string[][] {
  const concepts = [...new Set(ALL.flatMap((v) => Object.keys(v.glossary)))];
  return concepts.map((c) => ALL.flatMap((v) => (v.glossary[c] ?? '').split(/\s+/).filter(Boolean)));
}

/** The glossary's one-way pairs: the words asking, and every language's words answering them. */
export function glossaryAnsweredBy(): { asked: string[]; answers: string[] }[] {
  const split = (s: string) => s.split(/\s+/).filter(Boolean);
  return (['duration', 'weekday'] as const).map((pair) => ({
    asked: ALL.flatMap((v) => split(v.glossaryAnsweredBy[pair].asked)),
    answers: ALL.flatMap((v) => split(v.glossaryAnsweredBy[pair].answers)),
  }));
}

export type { Phrases, Vocabulary, Words } from './types.ts';
