// French: numbers: number words, multipliers, currencies, and how an amount is read as a price.
import type { Vocabulary } from '../types.ts';

export const numbers = {
  numbers: { une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10 },
  multipliers: { mille: 1e3, million: 1e6, millions: 1e6 },
  currencies: [],
  priceCues: {
    notPriceAfter: ['metres', 'ans', 'jours', 'etages?', 'biens', 'maisons'],
    yearBefore: ['construit(e|es|s)?', 'depuis', 'apres', 'avant'],
    yearBridge: [],
    maxBefore: ['moins de', "jusqu'a", 'au plus', 'au maximum', 'sous', 'inferieur a', 'en dessous de', 'pas plus de'],
    maxBridge: ['de'],
    minBefore: ['plus de', 'au moins', 'a partir de', 'superieur a', 'au-dessus de'],
    minBridge: ['de'],
    aboutBefore: ['environ', 'autour de', 'vers'],
    maxAfter: ['ou moins', 'au plus', 'maximum'],
    minAfter: ['ou plus', 'au moins'],
    rangeJoin: ['et', 'a'],
  },
} satisfies Partial<Vocabulary>;
