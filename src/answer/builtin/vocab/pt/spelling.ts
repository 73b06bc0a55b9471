// Portuguese: small misspellings: the words a misspelling is read as, and words that are fine as they are.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const spelling = {
  spelled: w('quarto quartos banheiro banheiros imovel imoveis aluguel alugar garagem'),
  notMisspelled: [],
  sameSpelled: [],
} satisfies Partial<Vocabulary>;
