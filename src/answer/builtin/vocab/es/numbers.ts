// Spanish: numbers: number words, multipliers, currencies, and how an amount is read as a price.
import type { Vocabulary } from '../types.ts';

export const numbers = {
  numbers: { una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10 },
  multipliers: { mil: 1e3, millon: 1e6, millones: 1e6 },
  currencies: ['dolares'],
  priceCues: {
    notPriceAfter: ['metros', 'pies', 'anos', 'dias', 'pisos', 'propiedades', 'casas', 'de ellas'],
    yearBefore: ['construid[ao]s?', 'despues', 'antes'],
    yearBridge: ['de', 'en'],
    maxBefore: ['menos de', 'hasta', 'maximo', 'no mas de', 'por debajo de'],
    maxBridge: ['de'],
    minBefore: ['mas de', 'minimo', 'desde', 'por encima de', 'al menos'],
    minBridge: ['de'],
    aboutBefore: ['alrededor de', 'aproximadamente', 'cerca de', 'unos'],
    maxAfter: ['o menos', 'como maximo', 'maximo'],
    minAfter: ['o mas', 'como minimo'],
    rangeJoin: ['y', 'a', 'hasta'],
  },
} satisfies Partial<Vocabulary>;
