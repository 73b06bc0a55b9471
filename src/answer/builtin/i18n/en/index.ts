// English: everything the builtin engine writes in English.
import type { Language } from '../language.ts';
import { qualify } from './qualify.ts';
import { talk } from './talk.ts';
import { texts } from './texts.ts';
import { tours } from './tours.ts';

export const en: Language = { texts, talk, tours, qualify };
