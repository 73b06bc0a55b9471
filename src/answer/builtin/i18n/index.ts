// The answer language: AIResponseLanguage, or the question's own language for 'Auto'.
// Each language the vocabularies read has its texts in a folder here (en/, es/, fr/, pt/); the
// builtin engine does not translate.
import { LANGS, type Lang, VOCABULARIES } from '../vocab/index.ts';
import { en } from './en/index.ts';
import { es } from './es/index.ts';
import { fr } from './fr/index.ts';
import type { Language } from './language.ts';
import { pt } from './pt/index.ts';
import type { QualifyTexts } from './qualify-texts.ts';
import type { Talk } from './talk.ts';
import type { Texts } from './texts.ts';
import type { TourTexts } from './tour-texts.ts';

/** Every language the vocabularies read (vocab/index.ts), one line each: the type check fails without it. */
const LANGUAGES: Record<Lang, Language> = { en, es, fr, pt };

/** What AIResponseLanguage may say: each language's names (vocab/), or Auto. */
const SETTING: Record<string, Lang | 'auto'> = {
  ...Object.fromEntries(LANGS.flatMap((lang) => VOCABULARIES[lang].settingNames.map((name) => [name, lang]))),
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
  return LANGUAGES[lang].texts;
}

export function talkFor(lang: Lang): Talk {
  return LANGUAGES[lang].talk;
}

export function qualifyTextsFor(lang: Lang): QualifyTexts {
  return LANGUAGES[lang].qualify;
}

/** A showing's texts in the answer's language; English for any other. */
export function tourTextsFor(lang: string): TourTexts {
  return (LANGUAGES[lang as Lang] ?? LANGUAGES.en).tours;
}

/** The language chrono reads dates in: the answer's, English for any other. */
export function tourLangOf(lang: string): Lang {
  return lang in LANGUAGES ? (lang as Lang) : 'en';
}
