// One schema per operation: validates, types (Static) and documents (OpenAPI).
// Required marks are the platform's (platform-api.md); ranges and lengths are Parlor's.
import { type Static, Type } from 'typebox';
import { SerialNumber as ChatbotSerial } from '../chatbots/index.ts';
import { EXAMPLE_SERIAL, Nullable as nullable, SINGLE_LINE, StringEnum, WithExample } from '../http/schema.ts';
import { FEATURES, TYPE_FAMILIES } from './filter.ts';

export const SALE_TYPES = ['for_sale', 'for_rent'] as const;
export const STATUSES = ['Active', 'PreOnMarket', 'Sold'] as const;
export const AREA_UNITS = ['Square Feet', 'Square Meters'] as const;
export const TOURS = ['OpenHouse', '3D'] as const;
export const SPACE_TYPES = ['Entire place', 'Room'] as const;
export const KEY_TYPES = ['NewOaks', 'MLSNumber', 'URL'] as const;
export const SORTS = [
  'Newest',
  'PriceAsc',
  'PriceDesc',
  'AreaAsc',
  'AreaDesc',
  'LotAsc',
  'LotDesc',
  'YearAsc',
  'YearDesc',
  'DaysOnMarketAsc',
  'DaysOnMarketDesc',
] as const;

export type SaleType = (typeof SALE_TYPES)[number];
export type Status = (typeof STATUSES)[number];
export type KeyType = (typeof KEY_TYPES)[number];
export type Sort = (typeof SORTS)[number];

const MAX_AMOUNT = 1e12;

// PostgreSQL text cannot hold NUL (a query carrying one fails), so no string may contain
// it, on either database; names and identifiers must also have a visible character.
const NO_NUL = { pattern: '^[^\\u0000]*$', 'x-rule': 'must not contain NUL characters' };
const NOT_BLANK = {
  pattern: '^\\s*[^\\s\\u0000][^\\u0000]*$',
  'x-rule': 'must not be blank or contain NUL characters',
};
const name = (max: number, example?: string) =>
  Type.String({
    minLength: 1,
    maxLength: max,
    ...NOT_BLANK,
    ...SINGLE_LINE,
    ...(example ? { examples: [example] } : {}),
  });

/** A chatbot ID, as the chatbots schema has it, without NUL. */
const SerialNumber = Type.String({ ...ChatbotSerial, ...NO_NUL });

const text = (max: number, example?: string) =>
  Type.String({ maxLength: max, ...NO_NUL, ...(example ? { examples: [example] } : {}) });
/** One line of text: control characters (CR and LF included) are refused (http/body-keys.ts). */
const line = (max: number, example?: string) =>
  Type.String({ maxLength: max, ...NO_NUL, ...SINGLE_LINE, ...(example ? { examples: [example] } : {}) });
const amount = (example?: number) =>
  Type.Number({ minimum: 0, maximum: MAX_AMOUNT, ...(example !== undefined ? { examples: [example] } : {}) });
const count = (max: number, example: number) => Type.Number({ minimum: 0, maximum: max, examples: [example] });
const listingUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s\\u0000]+$',
  ...SINGLE_LINE,
  'x-rule': 'must be an http(s) URL',
  examples: ['https://homes.example.com/demo2001'],
});

/** List's display form ("For Sale") is accepted back, so a List record can go into Update as it is. */
const SALE_TYPE_DISPLAY = { 'x-enum-aliases': { 'for sale': 'for_sale', 'for rent': 'for_rent' } };

/** An ID the platform types as a string; integers are accepted (List returns ID as one). */
const listingKey = Type.String({
  minLength: 1,
  maxLength: 2048,
  ...NOT_BLANK,
  ...SINGLE_LINE,
  'x-id': true,
  description: 'The value identifying the listing (an integer is accepted for an ID)',
  examples: ['1024'],
});

/** Fields required by the platform on create. */
const required = {
  SaleType: StringEnum(SALE_TYPES, { examples: ['for_sale'], ...SALE_TYPE_DISPLAY }),
  Status: StringEnum(STATUSES, { examples: ['Active'] }),
  CurrencySymbol: name(8, '$'),
  PropertyType: name(100, 'Single Family Residential'),
  Bedrooms: count(1000, 3),
  Bathrooms: count(1000, 2.5),
  Url: listingUrl,
  MLSNumber: name(64, 'DEMO2001'),
  YearBuilt: Type.Integer({ minimum: 0, maximum: 3000, examples: [1998] }),
  DaysOnMarket: count(100_000, 12),
  LotArea: amount(5000),
  BuildingArea: amount(1850),
  AreaUnit: StringEnum(AREA_UNITS, { examples: ['Square Feet'] }),
  ParkingSpots: count(10_000, 2),
};

const ExtensionItem = Type.Object({ Key: name(100), value: text(2000) }, { examples: [{ Key: 'Pool', value: 'Yes' }] });

/** Fields the platform marks optional. */
const optional = {
  Images: nullable(Type.Array(line(2048), { maxItems: 100 })),
  Tours: nullable(StringEnum(TOURS, {})),
  Description: nullable(text(20_000, 'Renovated 3-bed ranch with a pool and a two-car garage.')),
  ExtensionColumn: nullable(Type.Array(ExtensionItem, { maxItems: 100 })),
  Location: nullable(line(500)),
  Address: nullable(line(500, '3408 Clawson Rd')),
  City: nullable(line(200, 'Austin')),
  State: nullable(line(100, 'TX')),
  ZIP: nullable(line(20, '78704')),
  Latitude: nullable(Type.Number({ minimum: -90, maximum: 90, examples: [30.27954] })),
  Longitude: nullable(Type.Number({ minimum: -180, maximum: 180, examples: [-97.75963] })),
  SalePrice: nullable(amount(450000)),
  UnitAreaPrice: nullable(amount()),
  HOAMonth: nullable(amount(300)),
  ZestimatePrice: nullable(amount()),
  RentPrice: nullable(amount()),
  SpaceType: nullable(StringEnum(SPACE_TYPES, {})),
  DepositFee: nullable(amount()),
};

/** `Tour` is accepted for `Tours`, as the platform's clients send both. */
const aliases = { 'x-aliases': { Tour: 'Tours' } };

/**
 * A listing the samples (setup/sample-listings.json) do not have: Create's example adds it,
 * Update's changes it and Delete's removes it, so the three run in that order on a new server.
 */
const EXAMPLE_MLS = 'DEMO2001';

export const CreateBody = WithExample(Type.Object({ SerialNumber, ...required, ...optional }, aliases), {
  SerialNumber: EXAMPLE_SERIAL,
  SaleType: 'for_sale',
  Status: 'Active',
  CurrencySymbol: '$',
  PropertyType: 'Single Family Residential',
  Bedrooms: 3,
  Bathrooms: 2.5,
  Url: 'https://homes.example.com/demo2001',
  MLSNumber: EXAMPLE_MLS,
  YearBuilt: 1998,
  DaysOnMarket: 12,
  LotArea: 7200,
  BuildingArea: 1850,
  AreaUnit: 'Square Feet',
  ParkingSpots: 2,
  Images: ['https://img.example.com/demo2001/1.jpg'],
  Description: 'Renovated 3-bed ranch with a pool and a two-car garage.',
  ExtensionColumn: [
    { Key: 'Pool', value: 'Yes' },
    { Key: 'Garage', value: 'Yes' },
  ],
  Address: '3408 Clawson Rd',
  City: 'Austin',
  State: 'TX',
  ZIP: '78704',
  Latitude: 30.2427,
  Longitude: -97.7832,
  SalePrice: 465000,
  HOAMonth: 0,
});
export type CreateBody = Static<typeof CreateBody>;

const requiredOnUpdate = Object.fromEntries(Object.entries(required).map(([k, v]) => [k, Type.Optional(v)])) as {
  [K in keyof typeof required]: ReturnType<typeof Type.Optional<(typeof required)[K]>>;
};

export const UpdateBody = WithExample(
  Type.Object(
    {
      SerialNumber,
      Key: listingKey,
      KeyType: StringEnum(KEY_TYPES, { description: 'NewOaks = Parlor listing ID' }),
      ...requiredOnUpdate,
      ...optional,
    },
    aliases,
  ),
  { SerialNumber: EXAMPLE_SERIAL, Key: EXAMPLE_MLS, KeyType: 'MLSNumber', SalePrice: 449000, DaysOnMarket: 20 },
);
export type UpdateBody = Static<typeof UpdateBody>;

/** Every listing field, as create and update both carry them. */
export type ListingFields = Omit<CreateBody, 'SerialNumber'>;

const bound = (description: string, example: number) =>
  Type.Optional(Type.Number({ minimum: 0, maximum: MAX_AMOUNT, description, examples: [example] }));
const year = (description: string, example: number) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 3000, description, examples: [example] }));
const families = (description: string, example: string[]) =>
  Type.Optional(Type.Array(StringEnum(TYPE_FAMILIES, {}), { maxItems: 20, description, examples: [example] }));
const featureList = (description: string, example: string[]) =>
  Type.Optional(Type.Array(StringEnum(FEATURES, {}), { maxItems: 50, description, examples: [example] }));

const FAMILY_NAMES =
  'sfr (single-family, whatever the feed calls it: "Single Family Residence", "SFR"…), condo, town ' +
  '(townhouse, townhome, row house), multi (duplex, triplex, multi-family), apt (apartment), land, other';

export const ListBody = WithExample(
  Type.Object({
    SerialNumber,
    CityName: Type.Optional(
      Type.String({ maxLength: 200, ...NO_NUL, ...SINGLE_LINE, description: 'Case-insensitive', examples: ['Austin'] }),
    ),
    SaleType: Type.Optional(StringEnum(SALE_TYPES, SALE_TYPE_DISPLAY)),
    MLSNumber: Type.Optional(line(64, 'DEMO1001')),
    PageNumber: Type.Integer({
      minimum: 1,
      maximum: 1_000_000,
      default: 1,
      description: 'PageNumber × PageSize at most 100,000: deeper pages get a 400 (narrow the search instead)',
    }),
    PageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    Status: Type.Optional(StringEnum(STATUSES, {})),
    PropertyType: Type.Optional(
      Type.String({
        maxLength: 100,
        ...NO_NUL,
        ...SINGLE_LINE,
        description: 'Case-insensitive, the name exactly (see Types)',
      }),
    ),
    MinPrice: Type.Optional(amount(300000)),
    MaxPrice: Type.Optional(amount(600000)),
    MinBedrooms: Type.Optional(count(1000, 3)),
    MaxBedrooms: Type.Optional(count(1000, 4)),
    MinBathrooms: Type.Optional(count(1000, 2)),
    MaxBathrooms: Type.Optional(count(1000, 3)),
    MinArea: bound('Living area (BuildingArea) at least this', 1800),
    MaxArea: bound('Living area at most this; listings without one (0, e.g. land) are left out', 2500),
    MinLot: bound('Lot (LotArea) at least this', 5000),
    MaxLot: bound('Lot at most this; listings without one (0, e.g. most condos) are left out', 10000),
    MinYear: year('Built in this year or later', 2015),
    MaxYear: year('Built in this year or earlier; listings without a year (0, e.g. land) are left out', 1999),
    MaxHOA: bound('HOAMonth at most this; a listing without an HOA fee counts as 0', 300),
    NoHOA: Type.Optional(
      Type.Boolean({ description: 'true: only listings without an HOA fee (HOAMonth absent or 0)', examples: [true] }),
    ),
    Types: families(`Any of these property type families: ${FAMILY_NAMES}`, ['condo', 'town']),
    NotTypes: families('None of these property type families', ['land']),
    Features: featureList(
      'Every one of these features, as the listing states it (ExtensionColumn or description, in English, ' +
        'Spanish or French); "Pool: No", "Garage Spaces: 0" or "Unfurnished" state no',
      ['pool', 'garage'],
    ),
    NotFeatures: featureList('None of these features (a listing that says nothing about one has it not)', ['pets']),
    MinDaysOnMarket: Type.Optional(count(100_000, 0)),
    MaxDaysOnMarket: Type.Optional(count(100_000, 30)),
    Keyword: Type.Optional(
      Type.String({
        maxLength: 200,
        ...NO_NUL,
        ...SINGLE_LINE,
        description: 'Words that must all appear in address or description',
      }),
    ),
    SortBy: StringEnum(SORTS, {
      default: 'Newest',
      description:
        'Newest (ID descending), or by price, living area, lot, year built or days on market; listings ' +
        'without the value (no price, area, lot or year 0) come last either way, ties newest first',
    }),
    Near: Type.Optional(
      Type.Object({
        Latitude: Type.Number({ minimum: -90, maximum: 90 }),
        Longitude: Type.Number({ minimum: -180, maximum: 180 }),
        RadiusKm: Type.Number({ exclusiveMinimum: 0, maximum: 20_000 }),
      }),
    ),
  }),
  {
    SerialNumber: EXAMPLE_SERIAL,
    CityName: 'Austin',
    SaleType: 'for_sale',
    MinPrice: 300000,
    MaxPrice: 600000,
    MinBedrooms: 3,
    PageNumber: 1,
    PageSize: 20,
    SortBy: 'PriceAsc',
  },
);
export type ListBody = Static<typeof ListBody>;

export const DeleteBody = WithExample(
  Type.Object({
    SerialNumber,
    Keys: Type.Array(Type.String({ maxLength: 2048, ...NO_NUL, ...SINGLE_LINE, 'x-id': true }), {
      minItems: 1,
      maxItems: 1000,
      description: 'Listing IDs (integers are accepted), MLS numbers or URLs, as KeyType says',
      examples: [['1024', '1025']],
    }),
    KeyType: StringEnum(KEY_TYPES, {}),
  }),
  { SerialNumber: EXAMPLE_SERIAL, Keys: [EXAMPLE_MLS], KeyType: 'MLSNumber' },
);
export type DeleteBody = Static<typeof DeleteBody>;

const str = Type.String();
export const ListingRecord = Type.Object({
  ID: Type.Integer({ examples: [1024] }),
  PropertyType: str,
  SaleType: Type.String({ examples: ['For Sale'], description: 'Display form: "For Sale" or "For Rent"' }),
  Status: str,
  Images: Type.String({ description: 'JSON array of image URLs', examples: ['["https://img.example.com/1.jpg"]'] }),
  CurrencySymbol: str,
  Price: Type.String({ description: 'SalePrice for sale, RentPrice for rent', examples: ['450000'] }),
  State: str,
  City: str,
  Address: str,
  ZIP: str,
  Location: str,
  LATITUDE: Type.Union([Type.Number(), Type.Null()]),
  LONGITUDE: Type.Union([Type.Number(), Type.Null()]),
  Area: Type.String({ description: 'BuildingArea' }),
  AreaUnit: str,
  Bathrooms: str,
  Bedrooms: str,
  Url: str,
  Tours: str,
  YearBuilt: str,
  MLSNumber: str,
  DaysOnMarket: str,
  LotArea: str,
  BuildingArea: str,
  ParkingSpots: str,
  Description: str,
  ExtensionColumn: Type.String({ description: 'JSON array of {Key, value}' }),
  RentPrice: str,
  SpaceType: str,
  DepositFee: str,
  SalePrice: str,
  UnitAreaPrice: str,
  ZestimatePrice: str,
  HOAMonth: str,
  CreatedAt: Type.String({ format: 'date-time' }),
  UpdatedAt: Type.String({ format: 'date-time' }),
  TypeFamily: Type.String({ description: `The property type's family: ${FAMILY_NAMES}`, examples: ['sfr'] }),
  Features: Type.String({
    description: 'JSON array of the features the listing states yes, as Features filters them',
    examples: ['["pool","garage"]'],
  }),
});
export type ListingRecord = Static<typeof ListingRecord>;
