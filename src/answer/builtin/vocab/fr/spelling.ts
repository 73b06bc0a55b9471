// French: small misspellings: the words a misspelling is read as, and words that are fine as they are.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const spelling = {
  spelled: w('chambres maison maisons appartement appartements location vendre louer piscine cheminee'),
  notMisspelled: w('quart'),
  sameSpelled: [],
} satisfies Partial<Vocabulary>;
