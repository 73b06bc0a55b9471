// The tools' parameters, in JSON Schema through TypeBox (sent to the provider as the tool
// definitions, checked with Ajv in tools.ts), and what a search's arguments ask of the listings.
import { type Static, type TSchema, Type } from 'typebox';
import { FEATURES, type ListingFilter, type ListingPage, SORTS, TYPE_FAMILIES } from '../listings/index.ts';
import { INTENTS, PRE_APPROVED, type Qualification, TIMELINES } from './qualification.ts';

export const MAX_LISTINGS_PER_SEARCH = 10;

// Models often send null for a parameter they do not use: accept it as "not given".
const nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Optional(Type.Union([schema, Type.Null()], description ? { description } : {}));
const optionalText = (description?: string) => nullable(Type.String(), description);
const optionalNumber = (description?: string) => nullable(Type.Number(), description);

const families = (description: string) =>
  nullable(Type.Array(Type.Enum([...TYPE_FAMILIES], { type: 'string' }), { maxItems: 20 }), description);
const featureList = (description: string) =>
  nullable(Type.Array(Type.Enum([...FEATURES], { type: 'string' }), { maxItems: 50 }), description);

export const searchInput = Type.Object({
  city: optionalText('City name, e.g. "Austin"'),
  saleType: nullable(Type.Enum(['for_sale', 'for_rent'], { type: 'string' }), 'for_sale or for_rent'),
  minPrice: optionalNumber(),
  maxPrice: optionalNumber(),
  minBedrooms: optionalNumber('At least this many bedrooms'),
  maxBedrooms: optionalNumber('At most this many bedrooms'),
  minBathrooms: optionalNumber('At least this many bathrooms'),
  maxBathrooms: optionalNumber('At most this many bathrooms'),
  minArea: optionalNumber("Living area at least this (in the listing's AreaUnit, usually square feet)"),
  maxArea: optionalNumber('Living area at most this'),
  minLot: optionalNumber('Lot size at least this'),
  maxLot: optionalNumber('Lot size at most this'),
  minYear: optionalNumber('Built in this year or later'),
  maxYear: optionalNumber('Built in this year or earlier'),
  maxHoa: optionalNumber('Monthly HOA fee at most this (no HOA counts as 0)'),
  noHoa: nullable(Type.Boolean(), 'true: only listings without an HOA fee'),
  types: families(
    'Property types, any of: sfr (single-family house), condo, town (townhouse), multi (duplex, multi-family), ' +
      'apt (apartment), land, other',
  ),
  notTypes: families('Property types to leave out, e.g. ["land"] for homes only'),
  features: featureList('Features the listing must state it has, e.g. ["pool", "garage"]'),
  notFeatures: featureList('Features the listing must not have'),
  propertyType: optionalText("A feed's exact property type name; prefer types"),
  keywords: nullable(Type.Array(Type.String()), 'Words that must all appear in the address or description'),
  status: nullable(
    Type.Enum(['available', 'sold'], { type: 'string' }),
    'available (default: active and coming soon) or sold',
  ),
  sort: nullable(
    Type.Enum([...SORTS], { type: 'string' }),
    'Newest (default), or by price, living area, lot, year built or days on market, e.g. PriceAsc for the cheapest',
  ),
  page: nullable(Type.Integer({ minimum: 1, maximum: 1000 }), 'Page of results, from 1: page 2 shows the next ones'),
  limit: optionalNumber(`How many listings to return, at most ${MAX_LISTINGS_PER_SEARCH} (default 5)`),
});
export type SearchInput = Static<typeof searchInput>;

export const getInput = Type.Object({
  id: nullable(Type.Integer({ minimum: 1 }), "Parlor's listing ID"),
  mlsNumber: optionalText('The MLS number of the listing'),
  url: optionalText("The listing's URL"),
});

export const handoffInput = Type.Object({
  name: optionalText(),
  email: optionalText(),
  phone: optionalText(),
  message: optionalText('What the visitor wants, in their words'),
  // What the visitor said of what a brokerage qualifies on; leave out what they did not say.
  intent: nullable(Type.Enum([...INTENTS], { type: 'string' }), 'buy, sell, rent or invest'),
  timeline: nullable(Type.Enum([...TIMELINES], { type: 'string' }), 'How soon they want to move'),
  preApproved: nullable(Type.Enum([...PRE_APPROVED], { type: 'string' }), 'Pre-approved for a mortgage'),
  budgetMin: nullable(Type.Number({ minimum: 0 }), "Lowest budget, in the chatbot's currency"),
  budgetMax: nullable(Type.Number({ minimum: 0 }), 'Highest budget'),
  areas: nullable(Type.Array(Type.String(), { maxItems: 10 }), 'Cities or neighbourhoods they named'),
  propertyType: optionalText('The kind of home: house, condo, apartment, townhouse, land…'),
  mlsNumber: optionalText('The MLS number of the listing they asked about'),
});

/** The qualification the model passed to talk_to_human (what it left out is not known). */
export function qualificationOf(input: Static<typeof handoffInput>): Partial<Qualification> {
  return {
    intent: given(input.intent) ?? '',
    timeline: given(input.timeline) ?? '',
    preApproved: given(input.preApproved) ?? '',
    budgetMin: given(input.budgetMin) ?? null,
    budgetMax: given(input.budgetMax) ?? null,
    areas: given(input.areas) ?? [],
    propertyType: given(input.propertyType)?.trim() ?? '',
    mlsNumber: given(input.mlsNumber)?.trim() ?? '',
  };
}

/** A parameter the model sent as null is not given. */
export const given = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);
/** An empty list asks for nothing. */
const some = <T>(v: T[] | null | undefined): T[] | undefined => (v?.length ? v : undefined);

export function filterOf(input: SearchInput): ListingFilter {
  const keywords = (input.keywords ?? []).map((k) => k.trim()).filter(Boolean);
  return {
    city: given(input.city)?.trim() || undefined,
    saleType: given(input.saleType),
    minPrice: given(input.minPrice),
    maxPrice: given(input.maxPrice),
    minBedrooms: given(input.minBedrooms),
    maxBedrooms: given(input.maxBedrooms),
    minBathrooms: given(input.minBathrooms),
    maxBathrooms: given(input.maxBathrooms),
    minArea: given(input.minArea),
    maxArea: given(input.maxArea),
    minLot: given(input.minLot),
    maxLot: given(input.maxLot),
    minYear: given(input.minYear),
    maxYear: given(input.maxYear),
    maxHoa: given(input.maxHoa),
    noHoa: input.noHoa || undefined,
    types: some(input.types),
    notTypes: some(input.notTypes),
    features: some(input.features),
    notFeatures: some(input.notFeatures),
    propertyType: given(input.propertyType)?.trim() || undefined,
    keywords: keywords.length ? keywords : undefined,
    statuses: input.status === 'sold' ? ['Sold'] : ['Active', 'PreOnMarket'],
  };
}

/** The page a search asks for: `limit` listings (1 to MAX_LISTINGS_PER_SEARCH), sorted, page `page`. */
export function pageOf(input: SearchInput): ListingPage {
  const limit = Math.min(MAX_LISTINGS_PER_SEARCH, Math.max(1, Math.trunc(given(input.limit) ?? 5)));
  return { sort: given(input.sort) ?? 'Newest', offset: ((given(input.page) ?? 1) - 1) * limit, limit };
}

export const knowledgeInput = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 500, description: "The visitor's question, or its key words" }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: 'Passages to return (default 3)' })),
});

export const tourSlotsInput = Type.Object({
  mlsNumber: optionalText('The MLS number of the listing to see; omit for a call or meeting with an agent'),
  date: nullable(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    "The first day to look at, YYYY-MM-DD in the business's time zone (default: today)",
  ),
  days: nullable(Type.Integer({ minimum: 1, maximum: 31 }), 'How many days from date to look at (default: 7)'),
});

export const bookTourInput = Type.Object({
  start: Type.String({
    minLength: 1,
    maxLength: 40,
    description: 'The start of one of the slots find_tour_slots returned, exactly as it gave it',
  }),
  mlsNumber: optionalText('The MLS number of the listing to see; omit for a call with an agent'),
  name: Type.String({ minLength: 1, maxLength: 200, description: "The visitor's name" }),
  email: optionalText(),
  phone: optionalText(),
  message: optionalText('Anything the visitor asked to pass on'),
});
