// Portuguese: everything the builtin engine writes in Portuguese.
import type { Language } from '../language.ts';
import { qualify } from './qualify.ts';
import { talk } from './talk.ts';
import { texts } from './texts.ts';
import { tours } from './tours.ts';

export const pt: Language = { texts, talk, tours, qualify };
