// Spanish: small misspellings: the words a misspelling is read as, and words that are fine as they are.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const spelling = {
  spelled: w('habitaciones habitacion alquiler venta piscina garaje chimenea apartamento apartamentos propiedades'),
  notMisspelled: [],
  sameSpelled: [],
} satisfies Partial<Vocabulary>;
