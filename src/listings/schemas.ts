// One schema per write (Create, Update, Delete; List's is list-schemas.ts): validates, types
// (Static) and documents (OpenAPI). Required marks are the hosted platform's (its API
// reference); ranges and lengths are Parlor's. The field types are schema-fields.ts's.
import { type Static, Type } from 'typebox';
import { EXAMPLE_SERIAL, Nullable as nullable, SINGLE_LINE, StringEnum, WithExample } from '../http/schema.ts';
import {
  amount,
  count,
  line,
  listingKey,
  listingUrl,
  NO_NUL,
  name,
  SALE_TYPE_DISPLAY,
  SerialNumber,
  text,
} from './schema-fields.ts';

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
