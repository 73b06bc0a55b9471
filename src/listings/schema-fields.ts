// The field types the listing schemas are built from: lengths, NUL and blank rules, amounts,
// URLs and keys (schemas.ts, list-schemas.ts).
import { Type } from 'typebox';
import { SerialNumber as ChatbotSerial } from '../chatbots/index.ts';
import { SINGLE_LINE } from '../http/schema.ts';

export const MAX_AMOUNT = 1e12;

// PostgreSQL text cannot hold NUL (a query carrying one fails), so no string may contain
// it, on either database; names and identifiers must also have a visible character.
export const NO_NUL = { pattern: '^[^\\u0000]*$', 'x-rule': 'must not contain NUL characters' };
const NOT_BLANK = {
  pattern: '^\\s*[^\\s\\u0000][^\\u0000]*$',
  'x-rule': 'must not be blank or contain NUL characters',
};
export const name = (max: number, example?: string) =>
  Type.String({
    minLength: 1,
    maxLength: max,
    ...NOT_BLANK,
    ...SINGLE_LINE,
    ...(example ? { examples: [example] } : {}),
  });

/** A chatbot ID, as the chatbots schema has it, without NUL. */
export const SerialNumber = Type.String({ ...ChatbotSerial, ...NO_NUL });

export const text = (max: number, example?: string) =>
  Type.String({ maxLength: max, ...NO_NUL, ...(example ? { examples: [example] } : {}) });
/** One line of text: control characters (CR and LF included) are refused (http/body-keys.ts). */
export const line = (max: number, example?: string) =>
  Type.String({ maxLength: max, ...NO_NUL, ...SINGLE_LINE, ...(example ? { examples: [example] } : {}) });
export const amount = (example?: number) =>
  Type.Number({ minimum: 0, maximum: MAX_AMOUNT, ...(example !== undefined ? { examples: [example] } : {}) });
export const count = (max: number, example: number) => Type.Number({ minimum: 0, maximum: max, examples: [example] });
export const listingUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s\\u0000]+$',
  ...SINGLE_LINE,
  'x-rule': 'must be an http(s) URL',
  examples: ['https://homes.example.com/demo2001'],
});

/** List's display form ("For Sale") is accepted back, so a List record can go into Update as it is. */
export const SALE_TYPE_DISPLAY = { 'x-enum-aliases': { 'for sale': 'for_sale', 'for rent': 'for_rent' } };

/** An ID the platform types as a string; integers are accepted (List returns ID as one). */
export const listingKey = Type.String({
  minLength: 1,
  maxLength: 2048,
  ...NOT_BLANK,
  ...SINGLE_LINE,
  'x-id': true,
  description: 'The value identifying the listing (an integer is accepted for an ID)',
  examples: ['1024'],
});
