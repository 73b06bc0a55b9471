// RealEstateList's body and the record it answers with (the shape the model's tools read too).
import { type Static, Type } from 'typebox';
import { EXAMPLE_SERIAL, SINGLE_LINE, StringEnum, WithExample } from '../http/schema.ts';
import { FEATURES, TYPE_FAMILIES } from './filter.ts';
import { amount, count, line, MAX_AMOUNT, NO_NUL, SALE_TYPE_DISPLAY, SerialNumber } from './schema-fields.ts';
import { SALE_TYPES, SORTS, STATUSES } from './schemas.ts';

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
        description: 'Words that must all appear in address or description (at most 8 words)',
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
