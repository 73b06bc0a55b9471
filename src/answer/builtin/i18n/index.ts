// The answer language: AIResponseLanguage, or the question's own language for 'Auto'.
// English, Spanish, French and Portuguese have templates; any other language falls back to English
// templates (the builtin engine does not translate).
import { LANGS, type Lang, VOCABULARIES } from '../vocab/index.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pt } from './pt.ts';
import type { Texts } from './texts.ts';

const TEXTS: Record<Lang, Texts> = { en, es, fr, pt };

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
  return TEXTS[lang];
}
