// English: which facts of one listing a question asks for.
import type { Vocabulary } from '../types.ts';

export const details = {
  detailFields: {
    lot: ['lot( size| area)?\\b(?<!\\ba lot\\b)', 'acre(s|age)?'],
    hoa: ['hoa', 'association', 'homeowners?', 'condo fees?'],
    year: ['year', 'built', 'how old'],
    size: [
      'how (big|large)',
      'size',
      'square',
      'sq\\.? ?f(ee)?t',
      'sqft',
      'footage',
      'area',
      'living space',
      'm2',
      'm(?=²)',
    ],
    parking: ['parking', 'park', 'garage spaces?', 'car spaces?'],
    bedrooms: ['bed(room)?s?'],
    bathrooms: ['bath(room)?s?'],
    daysOnMarket: ['days on (the )?market', 'how long', 'listed'],
    deposit: ['deposit'],
    address: ['address', 'where is', 'located'],
    zip: ['zip( ?code)?', 'postal code', 'postcode'],
    pricePerArea: [
      '(price|cost) per (square (foot|feet|met(er|re)s?)|sq\\.? ?ft|sqft|sf|m2)',
      'per (square (foot|feet)|sq\\.? ?ft|sqft)',
      'ppsf',
    ],
    features: ['features?', 'amenit(y|ies)', 'pools?', 'garage', 'fireplace', 'waterfront'],
    type: ['what (type|kind)', 'property type'],
    status: ['available', 'still', 'status', 'sold'],
    price: ['prices?', 'costs?', 'how much', 'asking', 'rent'],
    description: ['describe', 'description', 'tell me (more )?about', 'more (info|information|details)'],
  },
  detailReadAs: { 'lot size': 'lot' },
  priceNamed: ['prices?', 'rent'],
} satisfies Partial<Vocabulary>;
