// A question's word the glossary lacks, read as the glossary's words of the same Snowball stem
// in the same language: "compro", "paga", "achète", "gérée" are conjugations of "comprar",
// "pagar", "acheter", "gérer", which the glossary lists once each. Query-side only, and only to
// find the glossary's words: the index keeps its light folding (terms.ts), since stemming every
// word of the passages lost more than it gained (docs/knowledge-tried.md, "Snowball stems").
// A language's stemmer reads its own glossary's words, and a question's words only when the
// question is in that language (words/: languagesOf): the Portuguese one would find "conta" (a
// bill) in the Spanish "contado" (cash).
import snowball from 'snowball-stemmers';
import { VOCABULARIES } from '../answer/index.ts';
import { termsOf } from './terms.ts';

/**
 * The Snowball algorithm of each language whose verbs the glossary cannot list in all their
 * forms. English is left out: plurals, -ing and -ed are folded already (terms.ts, question.ts),
 * and its stemmer took "accessible" for "access" (a lockbox's) and answered what the material
 * does not say.
 */
const ALGORITHMS: Record<string, string> = { es: 'spanish', fr: 'french', pt: 'portuguese' };

/** A stem this short says too little ("pa", "ca"): no word is matched by it. */
const STEM_MIN = 3;

/** A word's or stem's first letters, y read as i. */
const startOf = (w: string) => w.slice(0, STEM_MIN).replaceAll('y', 'i');

/** Each language's stemmer and its glossary's words by their stem. */
const BY_LANGUAGE = Object.entries(VOCABULARIES).flatMap(([lang, v]) => {
  const algorithm = ALGORITHMS[lang];
  if (!algorithm) return [];
  const stemmer = snowball.newStemmer(algorithm);
  const byStem = new Map<string, string[]>();
  for (const w of new Set(termsOf(Object.values(v.glossary).join(' ')))) {
    const stem = stemmer.stem(w);
    if (stem.length >= STEM_MIN) byStem.set(stem, [...(byStem.get(stem) ?? []), w]);
  }
  // A Snowball stem of these languages begins as its word does, but for French's y read as i
  // ("loyer": "loi"): a word whose first letters begin no glossary stem has none to find, and is
  // not stemmed (a question of 1,400 made-up words stemmed each in three languages: ~15 ms).
  const starts = new Set([...byStem.keys()].map(startOf));
  return [{ lang, stemmer, byStem, starts }];
});

/**
 * Longer than any word of these languages: a visitor's longer token is no word, and stemming it
 * costs its length in each language (10,000 letters took ~30 ms a language).
 */
const WORD_MAX = 40;

/** The glossary's words sharing a stem with `word` in one of the languages the question is in. */
export function glossaryWordsOfStem(word: string, langs: readonly string[]): string[] {
  if (word.length > WORD_MAX) return [];
  return BY_LANGUAGE.flatMap(({ lang, stemmer, byStem, starts }) =>
    langs.includes(lang) && starts.has(startOf(word)) ? (byStem.get(stemmer.stem(word)) ?? []) : [],
  );
}
