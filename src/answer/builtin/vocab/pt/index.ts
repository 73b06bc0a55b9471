// Portuguese: every word and phrasing the builtin engine reads in Portuguese (../types.ts says how),
// one file per part of the vocabulary.

import type { Vocabulary } from '../types.ts';
import { asks } from './asks.ts';
import { contact } from './contact.ts';
import { criteria } from './criteria.ts';
import { details } from './details.ts';
import { detect } from './detect.ts';
import { fairHousing } from './fair-housing.ts';
import { glossary } from './glossary.ts';
import { numbers } from './numbers.ts';
import { places } from './places.ts';
import { qualification } from './qualification.ts';
import { reference } from './reference.ts';
import { routing } from './routing.ts';
import { spelling } from './spelling.ts';
import { talk } from './talk.ts';
import { tours } from './tours.ts';

export const pt = {
  ...detect,
  ...criteria,
  ...asks,
  ...routing,
  ...talk,
  ...places,
  ...numbers,
  ...spelling,
  ...reference,
  ...details,
  ...tours,
  ...fairHousing,
  ...qualification,
  ...contact,
  ...glossary,
} satisfies Vocabulary;
