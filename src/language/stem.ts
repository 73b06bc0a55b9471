// Word stems from the Snowball stemmers (snowball-stemmers, a port of snowballstem.org's
// algorithms) for the four languages Parlor answers in. The knowledge index, its questions and
// the builtin engine fold words through here, so "houses", "housing" and "house" meet.
import snowball from 'snowball-stemmers';

export type StemLanguage = 'en' | 'es' | 'fr' | 'pt';

const ALGORITHM: Record<StemLanguage, string> = {
  en: 'english',
  es: 'spanish',
  fr: 'french',
  pt: 'portuguese',
};

interface Stemmer {
  stem(word: string): string;
}

const stemmers = new Map<StemLanguage, Stemmer>();

function stemmerFor(lang: StemLanguage): Stemmer {
  let s = stemmers.get(lang);
  if (!s) {
    s = snowball.newStemmer(ALGORITHM[lang]) as Stemmer;
    stemmers.set(lang, s);
  }
  return s;
}

/** The Snowball stem of one lower-case word in `lang`. */
export function stemWord(word: string, lang: StemLanguage): string {
  return stemmerFor(lang).stem(word);
}
