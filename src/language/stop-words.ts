// Stop words from the `stopword` package's lists (English, Spanish, French, Portuguese). A
// caller removes from them the words its own vocabulary gives meaning ("under", "more", "sem",
// "mais" say something about a home search), so each list is read as a starting point.
import { eng, fra, por, spa } from 'stopword';
import type { StemLanguage } from './stem.ts';

const LISTS: Record<StemLanguage, readonly string[]> = { en: eng, es: spa, fr: fra, pt: por };

/** The library's stop words of `lang`, lower case, minus `keep`. */
export function stopWords(lang: StemLanguage, keep: Iterable<string> = []): Set<string> {
  const out = new Set(LISTS[lang].map((w) => w.toLowerCase()));
  for (const w of keep) out.delete(w);
  return out;
}
