// Listing fields (the API's names) ↔ listing columns, and the columns derived from them.
import type { Insertable, Selectable } from 'kysely';
import type { ListingTable } from '../db/tables.ts';
import { extensionItems, featuresColumn, featuresOf, typeFamilyOf } from './features.ts';
import type { ListingFields } from './schemas.ts';

export type Listing = Selectable<ListingTable>;
export type ListingColumns = Omit<
  Insertable<ListingTable>,
  'id' | 'workspace_id' | 'chatbot_id' | 'created_at' | 'updated_at'
>;
type FieldColumn = Exclude<
  keyof ListingColumns,
  'city_key' | 'price' | 'search_text' | 'street_number' | 'property_type_key' | 'type_family' | 'features'
>;

const COLUMN_OF: { [K in keyof ListingFields]-?: FieldColumn } = {
  SaleType: 'sale_type',
  Status: 'status',
  CurrencySymbol: 'currency_symbol',
  PropertyType: 'property_type',
  Bedrooms: 'bedrooms',
  Bathrooms: 'bathrooms',
  Url: 'url',
  MLSNumber: 'mls_number',
  YearBuilt: 'year_built',
  DaysOnMarket: 'days_on_market',
  LotArea: 'lot_area',
  BuildingArea: 'building_area',
  AreaUnit: 'area_unit',
  Images: 'images',
  Tours: 'tours',
  ParkingSpots: 'parking_spots',
  Description: 'description',
  ExtensionColumn: 'extension_column',
  Location: 'location',
  Address: 'address',
  City: 'city',
  State: 'state',
  ZIP: 'zip',
  Latitude: 'latitude',
  Longitude: 'longitude',
  SalePrice: 'sale_price',
  UnitAreaPrice: 'unit_area_price',
  HOAMonth: 'hoa_month',
  ZestimatePrice: 'zestimate_price',
  RentPrice: 'rent_price',
  SpaceType: 'space_type',
  DepositFee: 'deposit_fee',
};

/**
 * Coordinates kept to 7 decimals (about 1 cm). A subnormal one (5e-324) would make the
 * distance arithmetic of a Near search underflow, which PostgreSQL reports as an error.
 */
export function coordinate(degrees: number): number {
  return Math.round(degrees * 1e7) / 1e7 || 0; // || 0: no -0
}

function columnValue(field: keyof ListingFields, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field === 'Images' || field === 'ExtensionColumn') return JSON.stringify(value);
  if ((field === 'Latitude' || field === 'Longitude') && typeof value === 'number') return coordinate(value);
  if (typeof value === 'string') return value.trim();
  return value;
}

/** The columns for the fields present in `fields` (undefined = not given; null = clear). */
export function columnsOf(fields: Partial<ListingFields>): Partial<ListingColumns> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN_OF) as [keyof ListingFields, FieldColumn][]) {
    const value = fields[field];
    if (value !== undefined) out[column] = columnValue(field, value);
  }
  return out as Partial<ListingColumns>;
}

/** Feature names of ExtensionColumn entries whose value says yes ("Pool: Yes" → "pool"). */
export function features(extensionColumn: string | null): string[] {
  if (!extensionColumn) return [];
  try {
    const items = JSON.parse(extensionColumn) as { Key: string; value: string }[];
    return items.filter((i) => !/^(no|false|0|none)$/i.test(i.value.trim())).map((i) => i.Key.toLowerCase());
  } catch {
    return [];
  }
}

/**
 * Recomputes the columns derived from the others: what filters, sorting and search read.
 * Features and the type family are read here, on every write, so no search parses text.
 */
export function withDerived(c: ListingColumns): ListingColumns {
  const price = c.sale_type === 'for_rent' ? (c.rent_price ?? null) : (c.sale_price ?? null);
  const searchText = [
    c.address,
    c.city,
    c.state,
    c.zip,
    c.location,
    c.property_type,
    c.description,
    ...features(c.extension_column ?? null),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return {
    ...c,
    price,
    city_key: c.city ? c.city.toLowerCase() : null,
    property_type_key: c.property_type.toLowerCase(),
    street_number: c.address ? (/^\s*(\d+)/.exec(c.address)?.[1] ?? null) : null,
    search_text: searchText,
    type_family: typeFamilyOf(c.property_type),
    features: featuresColumn(featuresOf(extensionItems(c.extension_column ?? null), c.description ?? null)),
  };
}
