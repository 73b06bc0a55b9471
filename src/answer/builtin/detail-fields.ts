// Which facts a question about one listing asks for ("What year was … built?", "How big is
// MLS …?", "¿Cuánto cuesta …?", "Combien de places de parking …?"), by each language's words (vocab/).

import { TIME_RE } from './reference.ts';
import { conceptRe, VOCABULARIES } from './vocab/index.ts';
import type { DetailField } from './vocab/parts.ts';

export type { DetailField } from './vocab/parts.ts';

/** Tried in this order; a question may ask for several. */
const FIELDS: DetailField[] = [
  'lot',
  'hoa',
  'year',
  'size',
  'parking',
  'bedrooms',
  'bathrooms',
  'daysOnMarket',
  'deposit',
  'pricePerArea',
  'zip',
  'address',
  'features',
  'type',
  'status',
  'price',
  'description',
];
const FIELD_PATTERNS: [DetailField, RegExp][] = FIELDS.map((f) => [f, conceptRe((v) => v.detailFields[f])]);
const READ_AS = Object.values(VOCABULARIES).flatMap((v) =>
  Object.entries(v.detailReadAs).map(([phrase, as]) => [new RegExp(`\\b${phrase}\\b`, 'g'), as] as const),
);
const PRICE_NAMED = conceptRe((v) => v.priceNamed);

/** The facts asked for, in a stable order; none means "tell me about it". */
export function detailFields(text: string): DetailField[] {
  // "lot size" asks for the lot, not the house; "how much is the HOA" for the HOA, not the price;
  // "next year" is a time, not the year a home was built.
  const t = READ_AS.reduce((t, [re, as]) => t.replace(re, as), text).replace(TIME_RE, ' ');
  const found = FIELD_PATTERNS.filter(([, re]) => re.test(t)).map(([f]) => f);
  // "the price per square foot" is one fact, not the price and the size.
  const fields = found.includes('pricePerArea') ? found.filter((f) => f !== 'price' && f !== 'size') : found;
  const specific = fields.filter((f) => f !== 'price' && f !== 'description');
  if (fields.includes('price') && specific.length && !PRICE_NAMED.test(t)) {
    return specific;
  }
  return fields;
}
