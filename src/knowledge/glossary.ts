// Words that mean the same to a visitor asking about a brokerage, across English, Spanish,
// French and Portuguese: a question's words are searched together with their equivalents, so that "¿cuánto
// cobran de comisión?" finds a fee schedule written in English, and "can I bring my dog?" a
// passage about pets. Query-side only: the index keeps the brokerage's own words.
//
// A small hand-made list rather than a translation model or a thesaurus package: Parlor runs
// offline, and what a brokerage's visitors ask about (hours, fees, pets, rentals, showings,
// agents, neighborhoods, deposits, repairs) is a small, stable vocabulary. Words with another
// meaning in another of the languages are left out ("location", French for a rental and English
// for a place), or read only in a question in their own language ("chat", a cat in French). The
// words are each language's vocabulary's `glossary` (answer/builtin/vocab/), grouped by concept
// across the languages, and the knowledge's own related words (words/): how a brokerage's text
// says what a visitor asks in other words, and a visitor's own words for a concept (one way: "see
// the house" asks about a showing).
import { glossaryAnsweredBy, glossaryGroups } from '../answer/index.ts';
import { glossaryWordsOfStem } from './stems.ts';
import { termsOf } from './terms.ts';
import { meaningWords, ownMeaningWords, relatedGroups } from './words/index.ts';

const EQUIVALENTS = new Map<string, Set<string>>();
for (const group of glossaryGroups()) {
  const words = [...new Set(group.flatMap((w) => termsOf(w)))];
  for (const w of words) {
    const set = EQUIVALENTS.get(w) ?? new Set<string>();
    for (const other of words) set.add(other);
    EQUIVALENTS.set(w, set);
  }
}

// A related word stands for its group's words too, on top of its own meaning in the glossary
// ("vistoria" is an inspection, and the final walkthrough): the glossary's groups are not merged.
for (const group of relatedGroups()) {
  const words = [...new Set(group.flatMap((w) => termsOf(w)))];
  for (const w of words) EQUIVALENTS.set(w, new Set([...(EQUIVALENTS.get(w) ?? [w]), ...words]));
}

// A visitor's word for a concept stands for the concept's words, one way: "see" the house asks
// about showings and tours, but "showing" does not ask for every passage holding "see".
/** The words a concept of the glossary stands for, named by one of its English words. */
const meaningOf = (concept: string) => new Set(termsOf(concept).flatMap((c) => [...(EQUIVALENTS.get(c) ?? [c])]));

for (const { concept, words } of meaningWords()) {
  const meaning = meaningOf(concept);
  for (const w of words.flatMap((x) => termsOf(x))) {
    EQUIVALENTS.set(w, new Set([...(EQUIVALENTS.get(w) ?? [w]), ...meaning]));
  }
}

// A question's word answered by other words, one way: "how long", "¿cuánto tiempo?", "combien de
// temps dure…" by a duration ("40 minutes", "48 hours", "12 months"); "¿qué día?" by a weekday.
for (const { asked, answers } of glossaryAnsweredBy()) {
  const more = answers.flatMap((w) => termsOf(w));
  for (const w of asked.flatMap((x) => termsOf(x))) {
    EQUIVALENTS.set(w, new Set([...(EQUIVALENTS.get(w) ?? [w]), ...more]));
  }
}

// A language's own word for a concept ("chat", a cat in French), read so only in a question in
// that language: by language, the word and what it stands for.
const OWN = new Map<string, Map<string, Set<string>>>();
for (const { lang, concept, words } of ownMeaningWords()) {
  const byWord = OWN.get(lang) ?? new Map<string, Set<string>>();
  const meaning = meaningOf(concept);
  for (const w of words.flatMap((x) => termsOf(x))) byWord.set(w, new Set([w, ...meaning]));
  OWN.set(lang, byWord);
}

/** Every word of the glossary. */
export const GLOSSARY_WORDS: readonly string[] = [...EQUIVALENTS.keys()];

/**
 * The word and the words that stand for it: the glossary's; for a word it lacks, those of the
 * glossary's words of the same stem in the question's languages `langs` ("compro" those of
 * "comprar", stems.ts); itself only when there are none.
 */
export function equivalentsOf(term: string, langs: readonly string[] = []): Set<string> {
  // Told apart only when the question's language is (every language when none is).
  const own = langs.length === 1 ? OWN.get(langs[0] ?? '')?.get(term) : undefined;
  if (own) return own;
  const listed = EQUIVALENTS.get(term);
  if (listed) return listed;
  const out = new Set([term]);
  for (const w of glossaryWordsOfStem(term, langs)) for (const e of EQUIVALENTS.get(w) ?? []) out.add(e);
  return out;
}
