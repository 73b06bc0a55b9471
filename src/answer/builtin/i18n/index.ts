// The answer language: AIResponseLanguage, or the question's own language for 'Auto'.
// English, Spanish, French and Portuguese have templates; any other language falls back to English
// templates (the builtin engine does not translate).
import type { Lang } from '../lexicon.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pt } from './pt.ts';
import type { Texts } from './texts.ts';

const TEXTS: Record<Lang, Texts> = { en, es, fr, pt };

const SETTING: Record<string, Lang | 'auto'> = {
  english: 'en',
  en: 'en',
  spanish: 'es',
  espanol: 'es',
  es: 'es',
  french: 'fr',
  francais: 'fr',
  fr: 'fr',
  portuguese: 'pt',
  portugues: 'pt',
  pt: 'pt',
  auto: 'auto',
  '': 'auto',
};

export function answerLanguage(setting: string, questionLang: Lang): Lang {
  const key = setting
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
  const chosen = SETTING[key] ?? 'en';
  return chosen === 'auto' ? questionLang : chosen;
}

export function textsFor(lang: Lang): Texts {
  return TEXTS[lang];
}
