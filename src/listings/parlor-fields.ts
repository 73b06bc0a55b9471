// One listing in Parlor's own field names (the API's, any case) with the column names feeds
// and spreadsheets commonly use for them: `Price` (SalePrice or RentPrice by SaleType),
// `Beds`, `Baths`, `SqFt`, `MLS#`… A status that is not marketable ("Pending") skips the
// row; "Coming Soon" and "Closed" read as PreOnMarket and Sold.
import { isBlank, columnKey as key } from './feed-keys.ts';
import { readStatus } from './feed-status.ts';
import type { FeedRow } from './reso-fields.ts';
import { CreateBody, type ListingFields } from './schemas.ts';

type Field = keyof ListingFields;

const ALIASES: Record<string, Field> = {
  beds: 'Bedrooms',
  bed: 'Bedrooms',
  br: 'Bedrooms',
  baths: 'Bathrooms',
  bath: 'Bathrooms',
  ba: 'Bathrooms',
  sqft: 'BuildingArea',
  squarefeet: 'BuildingArea',
  livingarea: 'BuildingArea',
  lot: 'LotArea',
  lotsize: 'LotArea',
  lotsqft: 'LotArea',
  hoa: 'HOAMonth',
  hoafee: 'HOAMonth',
  year: 'YearBuilt',
  parking: 'ParkingSpots',
  garage: 'ParkingSpots',
  mls: 'MLSNumber',
  mlsid: 'MLSNumber',
  photos: 'Images',
  image: 'Images',
  type: 'PropertyType',
  dom: 'DaysOnMarket',
  lat: 'Latitude',
  lng: 'Longitude',
  lon: 'Longitude',
  long: 'Longitude',
  zipcode: 'ZIP',
  postalcode: 'ZIP',
  link: 'Url',
  remarks: 'Description',
  currency: 'CurrencySymbol',
};

/** The field an alias stands for; own properties only, so `constructor` is a column like any other. */
const aliasOf = (k: string): Field | undefined => (Object.hasOwn(ALIASES, k) ? ALIASES[k] : undefined);

/** The API's names and `Tour`, lower-cased: fields the validator reads by themselves. */
const OWN = new Set([...Object.keys(CreateBody.properties), 'Tour'].map(key));

/** Every column this reading knows (the rest of a file's columns are listed as ignored). */
export function isParlorColumn(column: string): boolean {
  const k = key(column);
  return OWN.has(k) || aliasOf(k) !== undefined || k === 'price';
}

/** Which field a `Price` column fills: RentPrice for a rental, SalePrice otherwise. */
function priceField(saleType: unknown): Field {
  return typeof saleType === 'string' && /rent|lease/i.test(saleType) ? 'RentPrice' : 'SalePrice';
}

export function parlorRow(raw: Record<string, unknown>): FeedRow {
  // No prototype: a column named `__proto__` or `constructor` is a key like any other.
  const out: Record<string, unknown> = Object.create(null);
  const sourceOf: Record<string, string> = Object.create(null);
  const given = new Set(Object.keys(raw).map(key));
  let price: [string, unknown] | undefined;
  for (const [name, value] of Object.entries(raw)) {
    const k = key(name);
    const alias = aliasOf(k);
    if (k === 'price') price = [name, value];
    // An alias fills its field only when the file has no column of the field's own name.
    else if (alias && !given.has(key(alias))) {
      if (!isBlank(value)) {
        out[alias] = alias === 'Images' && typeof value === 'string' ? value.split(/[|\s]+/).filter(Boolean) : value;
        sourceOf[alias] = name;
      }
    } else out[name] = value;
  }
  const saleType = Object.entries(out).find(([n]) => key(n) === 'saletype')?.[1];
  if (price && !isBlank(price[1])) {
    const field = priceField(saleType);
    if (!given.has(key(field))) {
      out[field] = price[1];
      sourceOf[field] = price[0];
    }
  }
  if (sourceOf.BuildingArea && !given.has('areaunit')) out.AreaUnit = 'Square Feet';

  const statusName = Object.keys(out).find((n) => key(n) === 'status');
  const mls = Object.entries(out).find(([n]) => key(n) === 'mlsnumber')?.[1];
  if (statusName && typeof out[statusName] === 'string') {
    const reading = readStatus(out[statusName] as string);
    if ('skip' in reading) {
      return { kind: 'skipped', reason: reading.skip, mlsNumber: isBlank(mls) ? null : String(mls).trim() };
    }
    if ('status' in reading) out[statusName] = reading.status;
  }
  return { kind: 'listing', fields: out, errors: [], sourceOf };
}
