// One listing in RESO Data Dictionary names (an MLS feed's CSV, or a record of a RESO Web API
// export) → the API's field names, for the same validation RealEstateCreate applies.
// - ListPrice is SalePrice, or RentPrice when PropertyType is a lease; a Closed listing's
//   ClosePrice wins over its ListPrice.
// - AssociationFee (and AssociationFee2) become HOAMonth by AssociationFeeFrequency (Monthly
//   when the feed gives none); lot sizes are converted into the living area's unit.
// - What RESO leaves to the receiving system takes Parlor's "not given": 0 bedrooms, year or
//   area for land, "$" for the currency (the Data Dictionary is North American's).
// - Yes/no flags (PoolPrivateYN, GarageYN…) become ExtensionColumn entries the feature
//   reader knows ("Pool: Yes").

import { isBlank, columnKey as key } from './feed-keys.ts';
import { readStatus, STATUS_CHOICES } from './feed-status.ts';
import { ADDRESS_PARTS, AREA_UNITS, FLAGS, LISTS, PER_MONTH, SQUARE_FEET } from './reso-names.ts';
import { Reader } from './reso-reader.ts';

/** A feed row in the API's names, or a row skipped on purpose. */
export type FeedRow =
  | {
      kind: 'listing';
      fields: Record<string, unknown>;
      /** Problems found while mapping ("AssociationFeeFrequency: …"), beside the validator's. */
      errors: string[];
      /** The file's column behind each API field the mapping derived, for messages. */
      sourceOf: Record<string, string>;
    }
  | { kind: 'skipped'; reason: string; mlsNumber: string | null };

type Record_ = Record<string, unknown>;

function yes(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v > 0;
  return typeof v === 'string' && /^(y|yes|true|t|1)$/i.test(v.trim());
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function monthlyFee(r: Reader, fee: string, frequency: string): number | undefined {
  const amount = r.number(fee);
  if (amount === undefined) return undefined;
  const freq = r.text(frequency);
  if (freq === undefined) return amount;
  const perMonth = PER_MONTH.get(key(freq));
  if (key(freq) === 'onetime') return undefined;
  if (perMonth === undefined) {
    r.errors.push(`${frequency}: "${freq}" cannot be made monthly (Monthly, Quarterly, Annually, Weekly…)`);
    return undefined;
  }
  return round2(amount * perMonth);
}

function hoaMonth(r: Reader): number | undefined {
  const fees = [
    monthlyFee(r, 'AssociationFee', 'AssociationFeeFrequency'),
    monthlyFee(r, 'AssociationFee2', 'AssociationFee2Frequency'),
  ].filter((f): f is number => f !== undefined);
  return fees.length ? round2(fees.reduce((a, b) => a + b, 0)) : undefined;
}

function lotArea(r: Reader, areaUnit: string): number | undefined {
  const perUnit = areaUnit === 'Square Meters' ? 1 / 10.763_910_4 : 1;
  const area = r.number('LotSizeArea');
  if (area !== undefined) {
    const units = r.text('LotSizeUnits') ?? 'Square Feet';
    const sqft = SQUARE_FEET.get(key(units));
    if (sqft === undefined) {
      r.errors.push(`LotSizeUnits: must be one of: Acres, Square Feet, Square Meters, Hectares`);
      return undefined;
    }
    return round2(area * sqft * perUnit);
  }
  const sqft = r.number('LotSizeSquareFeet');
  if (sqft !== undefined) return round2(sqft * perUnit);
  const acres = r.number('LotSizeAcres');
  return acres === undefined ? undefined : round2(acres * 43_560 * perUnit);
}

function bathrooms(r: Reader): number | undefined {
  const total = r.number('BathroomsTotalDecimal', 'BathroomsTotalInteger');
  if (total !== undefined) return total;
  const full = r.number('BathroomsFull');
  const half = r.number('BathroomsHalf');
  return full === undefined && half === undefined ? undefined : (full ?? 0) + 0.5 * (half ?? 0);
}

function address(r: Reader): string | undefined {
  const unparsed = r.text('UnparsedAddress');
  if (unparsed) return unparsed;
  const street = ADDRESS_PARTS.map((p) => r.text(p))
    .filter(Boolean)
    .join(' ');
  const unit = r.text('UnitNumber');
  return street ? (unit ? `${street} #${unit}` : street) : undefined;
}

/** Photo URLs: RESO's Media records (Photo category, in their Order), or URLs separated by | or spaces. */
function images(r: Reader): string[] | undefined {
  const media = r.value('Media', 'MediaURL', 'PhotoURLs');
  if (Array.isArray(media)) {
    const photos = media
      .filter((m): m is Record_ => typeof m === 'object' && m !== null)
      .filter((m) => isBlank(m.MediaCategory) || /photo|image/i.test(String(m.MediaCategory)))
      .sort((a, b) => (Number(a.Order) || 0) - (Number(b.Order) || 0))
      .map((m) => String(m.MediaURL ?? '').trim())
      .filter(Boolean);
    return photos.length ? photos.slice(0, 100) : undefined;
  }
  if (typeof media !== 'string') return undefined;
  const urls = media.split(/[|\s,]+/).filter(Boolean);
  return urls.length ? urls.slice(0, 100) : undefined;
}

function extensionColumn(r: Reader): { Key: string; value: string }[] | undefined {
  const items: { Key: string; value: string }[] = [];
  for (const [flag, name] of FLAGS) {
    const v = r.value(flag);
    if (v !== undefined && !items.some((i) => i.Key === name)) items.push({ Key: name, value: yes(v) ? 'Yes' : 'No' });
  }
  for (const [list, name] of LISTS) {
    const v = r.value(list);
    if (v === undefined || items.some((i) => i.Key === name)) continue;
    const value = Array.isArray(v) ? v.join(', ') : String(v).trim();
    if (value) items.push({ Key: name, value: value.slice(0, 2000) });
  }
  return items.length ? items : undefined;
}

function status(r: Reader, out: Record_): string | null {
  const hit = r.first('StandardStatus', 'MlsStatus');
  if (!hit) return null;
  const reading = readStatus(String(hit[1]));
  if ('skip' in reading) return reading.skip;
  if ('status' in reading) out.Status = reading.status;
  else r.errors.push(`${hit[0]}: must be one of: ${STATUS_CHOICES.join(', ')}`);
  return null;
}

export interface ResoOptions {
  /** The listing page's URL for feeds without ListingURL: `{MLSNumber}` is replaced. */
  urlTemplate?: string;
}

/** One RESO record → the API's fields; a status that is not marketable skips the row. */
export function resoRow(raw: Record_, options: ResoOptions = {}): FeedRow {
  const r = new Reader(raw);
  const out: Record_ = {};
  r.copy(out, 'MLSNumber', 'ListingId', 'ListingKey');
  const mls = out.MLSNumber === undefined ? null : String(out.MLSNumber).trim();
  const skip = status(r, out);
  if (skip) return { kind: 'skipped', reason: skip, mlsNumber: mls };

  r.copy(out, 'PropertyType', 'PropertySubType', 'PropertyType');
  const lease = /lease|rental/i.test(r.text('PropertyType') ?? '');
  out.SaleType = lease ? 'for_rent' : 'for_sale';
  const price = out.Status === 'Sold' ? r.first('ClosePrice', 'ListPrice') : r.first('ListPrice');
  if (price) {
    const field = lease ? 'RentPrice' : 'SalePrice';
    out[field] = price[1];
    r.sourceOf[field] = price[0];
  }
  out.CurrencySymbol = r.text('CurrencySymbol') ?? '$';
  const unit = r.text('LivingAreaUnits');
  out.AreaUnit = unit === undefined ? 'Square Feet' : (AREA_UNITS.get(key(unit)) ?? unit);
  if (unit !== undefined) r.sourceOf.AreaUnit = 'LivingAreaUnits';

  out.Bedrooms = 0;
  r.copy(out, 'Bedrooms', 'BedroomsTotal');
  out.Bathrooms = bathrooms(r) ?? 0;
  out.BuildingArea = 0;
  r.copy(out, 'BuildingArea', 'LivingArea', 'BuildingAreaTotal');
  out.LotArea = lotArea(r, String(out.AreaUnit)) ?? 0;
  out.YearBuilt = 0;
  r.copy(out, 'YearBuilt', 'YearBuilt');
  out.DaysOnMarket = 0;
  r.copy(out, 'DaysOnMarket', 'DaysOnMarket', 'CumulativeDaysOnMarket');
  out.ParkingSpots = 0;
  r.copy(out, 'ParkingSpots', 'ParkingTotal', 'GarageSpaces');
  const hoa = hoaMonth(r);
  if (hoa !== undefined) out.HOAMonth = hoa;

  r.copy(out, 'Description', 'PublicRemarks');
  const street = address(r);
  if (street) out.Address = street;
  r.copy(out, 'City', 'City');
  r.copy(out, 'State', 'StateOrProvince');
  r.copy(out, 'ZIP', 'PostalCode');
  r.copy(out, 'Latitude', 'Latitude');
  r.copy(out, 'Longitude', 'Longitude');
  const photos = images(r);
  if (photos) out.Images = photos;
  if (r.first('VirtualTourURLUnbranded', 'VirtualTourURLBranded')) out.Tours = '3D';
  const extension = extensionColumn(r);
  if (extension) out.ExtensionColumn = extension;

  r.copy(out, 'Url', 'ListingURL', 'Url');
  if (out.Url === undefined && options.urlTemplate && mls) {
    out.Url = options.urlTemplate.replaceAll('{MLSNumber}', encodeURIComponent(mls));
  }
  if (out.Url === undefined) r.sourceOf.Url = 'ListingURL';
  return { kind: 'listing', fields: out, errors: r.errors, sourceOf: r.sourceOf };
}
