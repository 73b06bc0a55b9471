// Portuguese: numbers: number words, multipliers, currencies, and how an amount is read as a price.
import type { Vocabulary } from '../types.ts';

export const numbers = {
  numbers: { um: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10 },
  multipliers: { mil: 1e3, milhao: 1e6, milhoes: 1e6 },
  currencies: [],
  priceCues: {
    notPriceAfter: ['metros', 'anos', 'dias', 'casas'],
    yearBefore: ['construid[ao]s?', 'depois', 'antes'],
    yearBridge: [],
    maxBefore: ['ate', 'abaixo de', 'no maximo', 'menos de'],
    maxBridge: ['de'],
    minBefore: ['acima de', 'pelo menos', 'mais de', 'a partir de'],
    minBridge: ['de'],
    aboutBefore: ['cerca de', 'por volta de', 'aproximadamente'],
    maxAfter: ['ou menos', 'no maximo'],
    minAfter: ['ou mais', 'no minimo'],
    rangeJoin: ['e', 'a', 'ate'],
  },
} satisfies Partial<Vocabulary>;
