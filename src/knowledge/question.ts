// How a visitor's question is read for the knowledge: its words (those that say what it asks),
// each with the words standing for it (glossary.ts) and, when long, its stem; the names it
// gives; the sentences that ask. search.ts finds the passages with them.
import { editDistance } from '../answer/index.ts';
import { equivalentsOf, GLOSSARY_WORDS } from './glossary.ts';
import { stripAccents, termsOf } from './terms.ts';
import { FILLER_WORDS, isVerbForm, type KnowledgeLang, languagesOf, PHRASES, saysWhen } from './words/index.ts';

/** Words of a question that say nothing of what it asks (each language's, words/). */
const FILLER = new Set(termsOf(FILLER_WORDS.join(' ')));

/** French "moi", "toi" ("chez moi") fold like "mois" (a month) would: left out before folding. */
const FRENCH_ME = /(?<![\p{L}\p{N}])(?:moi|toi)(?![\p{L}\p{N}])/giu;

/**
 * The names in a question: capitalised words (not all capitals) other than the first of a
 * sentence ("an office in Boulder?", "reviews on Google?"), but for a day or a month ("in
 * September"). A passage that answers a question naming something names it too.
 */
export function namesIn(text: string): Set<string>[] {
  // The capital is looked for before the look back over blanks: each run of blanks is read once.
  const names = text.match(/\b(?=\p{Lu})(?<![.!?¿¡]\s*|^\s*)\p{Lu}\p{Ll}{3,}\b/gu) ?? [];
  return [...new Set(names.flatMap((n) => termsOf(n)))].map((n) => equivalentsOf(n)).filter((c) => !saysWhen(c));
}

/** The words of a text's one-word names (`namesIn`): "Chicago", "Seguin", not "Round Rock". */
export function nameWordsIn(text: string): Set<string> {
  return new Set(namesIn(text).flatMap((n) => (n.size === 1 ? [...n] : [])));
}

/**
 * Whether a passage's words hold a name: the name, or for a name of five letters or more a word
 * sharing its first five ("Canada" in "canadiens", "Mexico" in "mexicanos").
 */
export function holdsName(words: Set<string>, name: Set<string>): boolean {
  if (holds(words, name)) return true;
  const [only] = name;
  if (name.size !== 1 || !only || only.length < 5) return false;
  const prefix = only.slice(0, 5);
  for (const w of words) if (w.startsWith(prefix)) return true;
  return false;
}

/** Every word of the glossary: everyday vocabulary, no name. */
export const EVERYDAY: ReadonlySet<string> = new Set(GLOSSARY_WORDS);

/** What a sentence naming a person holds besides its words (personWords); a question asking who asks for it. */
export const PERSON_NAMED = 'person:named';

/**
 * A person named in a sentence: two capitalised words in a row, not the sentence's first, that
 * are neither words of the glossary nor of the question ("Corinne Batiste", not "Historic
 * District", nor "Old Town" when asked about Old Town).
 */
export function personWords(sentence: string, asked: readonly Set<string>[]): string[] {
  const known = (w: string) => EVERYDAY.has(w) || asked.some((c) => c.has(w));
  for (const m of sentence.matchAll(/(?<![.!?¿¡]\s*|^\s*)\b(\p{Lu}\p{Ll}+)\s+(\p{Lu}\p{Ll}+)\b/gu)) {
    const words = [m[1], m[2]].flatMap((w) => termsOf(w ?? ''));
    if (words.length === 2 && !words.some(known)) return [PERSON_NAMED];
  }
  return [];
}

/** A street address: a number, up to four capitalised words, and a kind of street ("418 Glenwood Avenue"). */
const STREET_ADDRESS_RE =
  /\b\d{1,6} (?:[A-Z][a-z'-]* ){1,4}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Parkway|Pkwy|Highway|Hwy|Court|Ct|Place|Pl|Circle|Trail|Loop|Plaza|Pike)\b/;

/**
 * What a passage's contact details say without the word: an email address is an "email", a
 * phone number a "phone" and a "number" ("¿a qué correo la mando?" is answered by "write to
 * broker@…"). Among a passage's sentences, one with a street address also says "address" (`sentence`:
 * "c'est quoi l'adresse du bureau ?" is answered by "The office is at 418 Glenwood Avenue", not
 * by the parking "off West Lane Street"); a passage is not chosen by it ("street parking" is not
 * an address).
 */
export function contactWords(content: string, sentence = false): string {
  const out: string[] = [];
  if (EMAIL_RE.test(content)) out.push('email');
  if (/\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/.test(content)) out.push('phone number numero');
  if (sentence && STREET_ADDRESS_RE.test(content)) out.push('address');
  if (sentence && AMOUNT_RE.test(content)) out.push(AMOUNT_NAMED);
  return out.join(' ');
}

/** An email address, anchored at its start (a pattern starting anywhere inside one is quadratic). */
export const EMAIL_RE = /(?<![\w.+-])[\w.+-]+@[\w-]+\.[\w.]+/;

/** What a sentence stating an amount holds besides its words; a question asking how much asks for it. */
export const AMOUNT_NAMED = 'amount:named';

/** An amount of money or a share: "$395", "2.4%", "2.5 percent", "60 por ciento", "500 dollars". */
const AMOUNT_RE =
  /[$€£]\s?\d|\d\s?%|\b\d+(?:[.,]\d+)?\s(?:percent|por ciento|pour cent|por cento|dollars|d[oó]lares)\b/i;

/**
 * A long word also stands for the words sharing its first letters (`stem*`): a light stem
 * across the three languages' endings and their cognates ("coordinatrice" finds
 * "coordinator", "notaricen" "notario", "programa" "program"), where no list of equivalents
 * can keep up.
 */
export const STEM_FROM = 7;
const STEM_LENGTH = 6;

/** The question's word behind each concept that is not a meaning of the glossary. */
const WORD_OF = new WeakMap<Set<string>, string>();

function withStems(concept: Set<string>): Set<string> {
  // The glossary's words come with their forms already.
  const [word] = concept;
  if (concept.size > 1 || !word) return concept;
  const stems = word.length >= STEM_FROM && !/\d/.test(word) ? [`${word.slice(0, STEM_LENGTH)}*`] : [];
  const out = new Set([word, ...stems, ...englishForms(word)]);
  WORD_OF.set(out, word);
  return out;
}

/** The question's word a concept stands for, unless it is a meaning of the glossary. */
export function wordOf(concept: Set<string>): string | undefined {
  return WORD_OF.get(concept);
}

/**
 * An English word's forms the index keeps apart: a short word's ("list": "listing", "listed"),
 * and the bare word of one ending in "-ed" or "-ing" ("lowered": "lower", "transferred":
 * "transfer", "filing": "file").
 */
function englishForms(word: string): string[] {
  if (word.length < 3 || /\d/.test(word)) return [];
  const ending = /(?:ing|ed)$/.exec(word);
  if (ending) {
    const bare = word.slice(0, ending.index);
    if (bare.length < 3) return [];
    const undoubled = /(.)\1$/.test(bare) ? [bare.slice(0, -1)] : [];
    return [bare, `${bare}e`, ...undoubled];
  }
  if (word.length >= STEM_FROM) return [];
  const base = word.endsWith('e') ? word.slice(0, -1) : word;
  return [`${base}ing`, `${base}ed`];
}

/** A passage's words, with the stem (`stem*`) of each word long enough to have one. */
export function wordsAndStems(words: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const w of words) {
    out.add(w);
    if (w.length >= STEM_LENGTH) out.add(`${w.slice(0, STEM_LENGTH)}*`);
  }
  return out;
}

/** Whether a passage's words (wordsAndStems) hold a concept's word or stem. */
export function holds(words: Set<string>, concept: Set<string>): boolean {
  for (const t of concept) if (words.has(t)) return true;
  return false;
}

/**
 * A word of a question that counts only in a passage holding it: one saying when (`when` in
 * words/: "the summer storms"), and a number, mostly one the visitor tells ("all 3 of us",
 * "around 3 today", "108 out"). For one the question asks, among passages covering as much the
 * index still ranks first the one holding it ("a 12-month lease" finds "12 months" before
 * "six-month leases").
 */
export const countsWhereHeld = (concept: ReadonlySet<string>) =>
  saysWhen(concept) || [...concept].every((w) => /^\d/.test(w));

/** A question's text with each language's phrases read as one word ("in charge": responsible). */
function withPhrases(text: string): string {
  let out = stripAccents(text.toLowerCase());
  for (const { phrase, word } of PHRASES) out = out.replace(phrase, ` ${word} `);
  return out;
}

/**
 * A word glued to the prefix "pre" the glossary knows only apart ("preapproval",
 * "preaprobación", "prequalified"): read as the word after it, as "pre-approval" is.
 */
function withoutPrefix(word: string): string {
  if (!word.startsWith('pre') || word.length < 8 || EVERYDAY.has(word)) return word;
  const rest = word.slice(3);
  return EVERYDAY.has(rest) ? rest : word;
}

const askedWords = (text: string) =>
  [...new Set(termsOf(withPhrases(text).replace(FRENCH_ME, ' ')).map(withoutPrefix))].filter((w) => !FILLER.has(w));

/** A question's own words (each with its stem), without the words standing for them. */
export function ownWords(text: string): Set<string>[] {
  return askedWords(text).map((w) => withStems(new Set([w])));
}

/** A word with the words that stand for it and its stem, as a question's concept. */
export function conceptOf(word: string): Set<string> {
  return withStems(equivalentsOf(word));
}

/**
 * Whether a question's word (as searched, with its forms as typed: `typedWordsOf`, since folding
 * a plural takes the "-s" off "mudamos") ends like a verb form of the question's language: how
 * the visitor asks rather than what (search.ts: `asideIn`), and spelt as meant, not to be
 * corrected ("nous venons à omaha" is not "vendons", we sell).
 */
export function verbAsTyped(
  word: string,
  typed: ReadonlyMap<string, ReadonlySet<string>>,
  langs: readonly KnowledgeLang[],
): boolean {
  return [...(typed.get(word) ?? [word])].some((w) => isVerbForm(w, langs));
}

/**
 * The word a misspelt one stands for ("histroic", "comision", "recomendations"): the one word
 * of the vocabularies (the glossary's, the chatbot's own) within the edits its length allows,
 * with the same first letter; null when there is none, or more than one.
 */
export function correctedWord(word: string, ...vocabularies: readonly (readonly string[])[]): string | null {
  // One edit, two from ten letters: closer than the listings' words allow (resolve.ts), since
  // the knowledge's words include the other languages' ("preparar" is not "prepares").
  const edits = word.length >= 10 ? 2 : 1;
  if (word.length < 5 || /\d/.test(word)) return null;
  let found: string | null = null;
  let best = edits + 1;
  for (const vocabulary of vocabularies) {
    for (const v of vocabulary) {
      if (v[0] !== word[0] || Math.abs(v.length - word.length) > edits || v === word) continue;
      const d = editDistance(word, v, edits);
      if (d < best) [found, best] = [v, d];
      // Two words of one meaning ("commission", "comision") are one answer.
      else if (d === best && found !== null && !equivalentsOf(found).has(v)) found = null;
    }
  }
  return best <= edits ? found : null;
}

/**
 * The question's words as typed (lower case, without accents), by the search word each folds to:
 * "mudamos" by "mudamo", whose verb ending the folding took off. Each typed word once: a message
 * repeating one word thousands of times is read in linear time.
 */
export function typedWordsOf(text: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const typed of new Set(stripAccents(text.toLowerCase()).match(/[\p{L}\p{N}]+/gu))) {
    for (const term of termsOf(typed)) out.set(term, (out.get(term) ?? new Set()).add(typed));
  }
  return out;
}

/** The languages a question is likely in (words/index.ts). */
export function questionLanguages(text: string): KnowledgeLang[] {
  return languagesOf(stripAccents(text.toLowerCase()).match(/\p{L}+/gu) ?? []);
}

/**
 * A question's words, each with the words that stand for it (glossary.ts) and its stem, read in
 * the question's languages (given when the caller has them already).
 */
export function questionConcepts(text: string, langs = questionLanguages(text)): Set<string>[] {
  const words = askedWords(text);
  // Two words of one meaning ("comisión", "cobran") are one thing asked.
  const key = (c: Set<string>) => [...c].sort().join(' ');
  const byMeaning = new Map(words.map((w) => equivalentsOf(w, langs)).map((c) => [key(c), c]));
  // An email address ("l'adresse e-mail", "dirección de correo") is an email, not a street.
  if (byMeaning.has(key(equivalentsOf('email')))) byMeaning.delete(key(equivalentsOf('address')));
  return [...byMeaning.values()].map(withStems);
}

/**
 * A concept that says what is asked even where no passage holds it: a word of the glossary
 * ("parking") or a long word of the question alone; not a short word ("went", "middle").
 */
export function isTelling(concept: Set<string>): boolean {
  return !WORD_OF.has(concept) || isSpecific(concept);
}

/** A word of the question alone (not a glossary meaning), long, and not a number. */
export function isSpecific(concept: Set<string>): boolean {
  const word = WORD_OF.get(concept) ?? '';
  return word.length >= STEM_FROM && !/\d/.test(word);
}

/** "how many agents?", "¿cuántos agentes?", "combien d'agents ?": a question a number answers. */
export function asksHowMany(text: string): boolean {
  return /\b(?:how many|number of|cu[aá]nt[oa]s|combien|nombre d)/i.test(text);
}

const NUMBER_WORDS =
  'one two three four five six seven eight nine ten eleven twelve dozen uno una dos tres cuatro cinco seis siete ocho nueve diez once doce un une deux trois quatre cinq sept huit neuf dix onze douze';
const NUMBER_RE = new RegExp(`^(?:\\d[\\d,.]*|${NUMBER_WORDS.split(' ').join('|')})$`);

/** A question's word that is a number, in digits or in words ("3", "two"). */
export const isNumber = (concept: Set<string>) => NUMBER_RE.test(wordOf(concept) ?? '');

/**
 * Whether a text counts what a question counts: a number followed, within two words, by a word
 * of one of its concepts ("our team has 14 agents", "up to four homes").
 */
export function countsConcept(content: string, concepts: Set<string>[]): boolean {
  const words = stripAccents(content.toLowerCase()).match(/[\p{L}\p{N}][\p{L}\p{N},.]*/gu) ?? [];
  return words.some((w, i) => {
    if (!NUMBER_RE.test(w.replace(/[.,]$/, ''))) return false;
    const next = wordsAndStems(words.slice(i + 1, i + 4).flatMap((x) => termsOf(x)));
    return concepts.some((c) => holds(next, c));
  });
}
