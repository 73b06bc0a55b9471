// What the parser recognises, compiled from the languages' vocabularies (vocab/): the patterns
// and word sets parse.ts and the turn steps match with. Patterns run on normalized text (lower
// case, accents stripped: "habitación" → "habitacion") so that visitors who type without
// accents are understood too. No word of any language is written here.
import { alternation, conceptRe, LANGS, type Lang, VOCABULARIES, type Vocabulary, wordSet } from './vocab/index.ts';

export type { Lang } from './vocab/index.ts';

/** Lower case, accents stripped, typographic apostrophes and spaces made plain. */
export function normalize(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`]/g, "'")
    .replace(/[\u00a0\u202f]/g, ' ')
    .toLowerCase();
}

const DETECT = LANGS.map((lang) => ({
  lang,
  words: new Set(VOCABULARIES[lang].detect.words),
  marks: VOCABULARIES[lang].detect.marks.map((m) => ({ re: new RegExp(`[${m.chars}]`, 'i'), weight: m.weight })),
}));

/**
 * The question's language by its function words and letters; ties go to the language registered
 * first (English). A message with no word or mark of any language ("Tampa?", "2 beds") is in
 * `fallback`: the conversation's language.
 */
export function detectLanguage(original: string, fallback: Lang = 'en'): Lang {
  const words = normalize(original).match(/[a-z'-]+/g) ?? [];
  let best: Lang = fallback;
  let bestScore = 0;
  for (const { lang, words: known, marks } of DETECT) {
    let score = 0;
    for (const w of words) if (known.has(w)) score++;
    for (const m of marks) if (m.re.test(original)) score += m.weight;
    if (score > bestScore) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}

export const SALE_RE = conceptRe((v) => v.sale);
export const RENT_RE = conceptRe((v) => v.rent);
/** "a month", "al mes", "par mois": a rent's price, unless the question says it is for sale. */
export const MONTHLY_RE = conceptRe((v) => v.monthly);
export const SOLD_RE = conceptRe((v) => v.sold);
export const PRE_MARKET_RE = conceptRe((v) => v.preMarket);

export const COUNT_RE = conceptRe((v) => v.count);
/** The word a count asks about: "how many reviews", "cuántos agentes", "combien d'agents". */
export const COUNTED_RE = new RegExp(`\\b${alternation((v) => v.countLead)}\\s*([a-z]+)`);
/** Words that can follow "how many" without naming what is counted ("how many are there in…"). */
export const COUNT_FILLERS = wordSet((v) => v.countFillers);
export const AVERAGE_RE = conceptRe((v) => v.average);
export const HELP_RE = new RegExp(`^${alternation((v) => v.help)}\\b`);

/** Words that show the question is about homes even when no criterion was recognized. */
export const REAL_ESTATE_RE = conceptRe((v) => v.realEstate);
/** Topics a real-estate assistant does not answer even when a city is named. */
export const OFF_TOPIC_RE = conceptRe((v) => v.offTopic);
/** Words that look like a place after "in" but are not one ("in June", "in Spanish"). */
export const NOT_PLACE = wordSet((v) => v.notPlace);
/** A visitor asking for a person. */
export const HUMAN_RE = conceptRe((v) => v.human);

/** The visitor's own home ("my condo", "mi casa"), which a question about selling or valuing it names. */
export const OWN_HOME_RE = new RegExp(
  `\\b${alternation((v) => v.possessive)} ${alternation((v) => v.ownHome)}\\b`,
  'g',
);
/** Selling: with the visitor's own home, a seller (qualification's words). */
export const SELL_RE = conceptRe((v) => v.qualification.sell);

/** A message made only of a concept's core and filler words, with a core word or phrase in it. */
function smallTalk(pick: (v: Vocabulary) => Vocabulary['greeting']) {
  const core = wordSet((v) => pick(v).core);
  const filler = wordSet((v) => pick(v).filler);
  const phrase = conceptRe((v) => pick(v).phrases);
  return (text: string) => {
    const words = text.match(/[a-z']+/g) ?? [];
    return (words.some((w) => core.has(w)) || phrase.test(text)) && words.every((w) => core.has(w) || filler.has(w));
  };
}

/** The whole message is a greeting ("Hi!", "Hello there", "Buenos días", "¿qué tal?"), asking nothing else. */
export const isGreeting = smallTalk((v) => v.greeting);
/** A thank-you or a closing ("That's everything", "eso es todo", "c'est tout", "é só isso"). */
export const isThanks = smallTalk((v) => v.thanks);

/** Words that never start or end a city name in a question. */
export const NOT_CITY = wordSet((v) => v.notCity);
/** Articles that may start a city name ("El Paso", "La Porte", "Los Angeles", "Le Mans"). */
export const CITY_ARTICLES = wordSet((v) => v.cityArticles);
