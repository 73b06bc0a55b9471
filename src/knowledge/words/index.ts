// The knowledge search's words in every language shipped (one file per language, types.ts).
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pt } from './pt.ts';
import type { KnowledgeWords } from './types.ts';

const LANGUAGES = { en, es, fr, pt } satisfies Record<string, KnowledgeWords>;
export type KnowledgeLang = keyof typeof LANGUAGES;
const ALL: readonly KnowledgeWords[] = Object.values(LANGUAGES);

const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** Every language's stop words (not yet folded). */
export const STOP_WORDS: readonly string[] = ALL.flatMap((l) => words(l.stop));

const WHEN_WORDS: ReadonlySet<string> = new Set(ALL.flatMap((l) => words(l.when)));

/** Whether a word of a question, with its equivalents, says when (`when`): a day, a month. */
export const saysWhen = (concept: ReadonlySet<string>) => [...concept].some((w) => WHEN_WORDS.has(w));

/** Every language's filler words (not yet folded). */
export const FILLER_WORDS: readonly string[] = ALL.flatMap((l) => words(l.filler));

/** The related groups: for each meaning, its words in every language. */
export function relatedGroups(): string[][] {
  const keys = [...new Set(ALL.flatMap((l) => Object.keys(l.related)))];
  return keys.map((k) => ALL.flatMap((l) => words(l.related[k] ?? '')));
}

/** For each concept of the glossary (one of its English words), the visitor's words standing for it in every language. */
export function meaningWords(): { concept: string; words: string[] }[] {
  const keys = [...new Set(ALL.flatMap((l) => Object.keys(l.means)))];
  return keys.map((k) => ({ concept: k, words: ALL.flatMap((l) => words(l.means[k] ?? '')) }));
}

/** For each language, its own words standing for a concept when a question is in it (`own`). */
export function ownMeaningWords(): { lang: KnowledgeLang; concept: string; words: string[] }[] {
  return Object.entries(LANGUAGES).flatMap(([lang, l]) =>
    Object.entries(l.own).map(([concept, w]) => ({ lang: lang as KnowledgeLang, concept, words: words(w) })),
  );
}

const STOP_BY_LANGUAGE = Object.entries(LANGUAGES).map(([lang, l]) => ({
  lang: lang as KnowledgeLang,
  stop: new Set(words(l.stop)),
}));

/**
 * The languages a text is likely in: those whose stop words it holds most of ("¿ustedes compran
 * casas al contado?": Spanish); every language when it holds none. Words are lower case,
 * without accents.
 */
export function languagesOf(textWords: readonly string[]): KnowledgeLang[] {
  const counts = STOP_BY_LANGUAGE.map(({ lang, stop }) => ({ lang, n: textWords.filter((w) => stop.has(w)).length }));
  const most = Math.max(...counts.map((c) => c.n));
  return counts.filter((c) => c.n === most).map((c) => c.lang);
}

const VERB_FORM = Object.fromEntries(
  Object.entries(LANGUAGES).map(([lang, l]) => {
    const endings = words(l.verbEndings);
    return [lang, endings.length ? new RegExp(`(?:${endings.join('|')})$`) : null];
  }),
) as Record<KnowledgeLang, RegExp | null>;

const VAGUE_WORDS: ReadonlySet<string> = new Set(ALL.flatMap((l) => words(l.vague)));

/** Whether a word of a question stands for something it does not name (`vague`). */
export const isVague = (word: string) => VAGUE_WORDS.has(word);

/** Whether a word ends like a verb form of one of the languages a question is in (`verbEndings`). */
export function isVerbForm(word: string, langs: readonly KnowledgeLang[]): boolean {
  return langs.some((lang) => VERB_FORM[lang]?.test(word) ?? false);
}

/** Every language's phrases, each with the word it is read as (`phrases`). */
export const PHRASES: readonly { phrase: RegExp; word: string }[] = ALL.flatMap((l) =>
  Object.entries(l.phrases).map(([phrase, word]) => ({
    phrase: new RegExp(
      `(?<![\\p{L}\\p{N}])${phrase.replace(/ /g, '\\s+').replace(/'/g, "['’]")}(?![\\p{L}\\p{N}])`,
      'gu',
    ),
    word,
  })),
);

/** A question asking where, in any of the languages (`asksWhere`). */
export const ASKS_WHERE_RE = new RegExp(ALL.map((l) => l.asksWhere).join('|'), 'i');

/** A question asking who, or for someone, in any of the languages (`asksWho`). */
export const ASKS_WHO_RE = new RegExp(ALL.map((l) => l.asksWho).join('|'), 'i');

/** A question asking how much, in any of the languages (`asksHowMuch`). */
export const ASKS_HOW_MUCH_RE = new RegExp(ALL.map((l) => l.asksHowMuch).join('|'), 'i');
