// The published list of AIResponseLanguage values (chatbots/README.md): full English names, as the
// platform's clients send them, with their ISO 639-1 codes for engines that need one.
// `Auto` answers in the visitor's own language.

export const AUTO_LANGUAGE = 'Auto';

export const LANGUAGE_CODES = {
  English: 'en',
  Spanish: 'es',
  French: 'fr',
  German: 'de',
  Portuguese: 'pt',
  Italian: 'it',
  Dutch: 'nl',
  Chinese: 'zh',
  Japanese: 'ja',
  Korean: 'ko',
  Arabic: 'ar',
  Hindi: 'hi',
  Russian: 'ru',
  Turkish: 'tr',
  Polish: 'pl',
  Vietnamese: 'vi',
  Indonesian: 'id',
  Thai: 'th',
  Greek: 'el',
  Hebrew: 'he',
  Swedish: 'sv',
  Ukrainian: 'uk',
  Norwegian: 'no',
  Danish: 'da',
  Finnish: 'fi',
  Czech: 'cs',
  Romanian: 'ro',
  Hungarian: 'hu',
  Bulgarian: 'bg',
  Croatian: 'hr',
  Serbian: 'sr',
  Slovak: 'sk',
  Slovenian: 'sl',
  Lithuanian: 'lt',
  Latvian: 'lv',
  Estonian: 'et',
  Catalan: 'ca',
  Malay: 'ms',
  Filipino: 'fil',
  Bengali: 'bn',
  Urdu: 'ur',
  Persian: 'fa',
  Tamil: 'ta',
  Telugu: 'te',
  Marathi: 'mr',
  Gujarati: 'gu',
  Punjabi: 'pa',
  Swahili: 'sw',
} as const;

export type LanguageName = keyof typeof LANGUAGE_CODES;

/** Every accepted AIResponseLanguage, `Auto` first; matched case-insensitively by the body normaliser. */
export const RESPONSE_LANGUAGES = [AUTO_LANGUAGE, ...(Object.keys(LANGUAGE_CODES) as LanguageName[])] as const;
