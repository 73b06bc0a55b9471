// How a listing is written in an answer: always its MLS number, address and city, price
// in full with the currency symbol ("$450,000", rents "$1,800/month") and URL, so
// people and tests can check every listing an answer names.
import { features, type Listing, type ListingFilter } from '../../listings/index.ts';
import type { Talk } from './i18n/talk.ts';
import type { Facts, Texts, Wanted } from './i18n/texts.ts';
import { formatMoney, formatNumber } from './numbers.ts';

export function priceOf(l: Listing, t: Texts): string {
  if (l.price === null) return '—';
  const money = formatMoney(l.price, l.currency_symbol);
  return l.sale_type === 'for_rent' ? `${money}${t.perMonth}` : money;
}

function placeOf(l: Listing): string {
  return [l.address, l.city].filter(Boolean).join(', ') || l.location || '';
}

/** One line: "MLS PA188166 — 9648 Oak Blvd, Austin — $450,000 — 3 bd, 2 ba, Condo — https://…". */
export function listingLine(l: Listing, t: Texts): string {
  const facts = `${formatNumber(l.bedrooms)} ${t.beds}, ${formatNumber(l.bathrooms)} ${t.baths}, ${l.property_type}`;
  const status = l.status === 'Active' ? '' : ` (${t.status(l.status)})`;
  return [`MLS ${l.mls_number}`, placeOf(l), `${priceOf(l, t)}${status}`, facts, l.url].filter(Boolean).join(' — ');
}

const area = (n: number, unit: string) => `${formatNumber(n)} ${unit.toLowerCase()}`;
const SQUARE_FEET_PER_ACRE = 43_560;
const inFeet = (unit: string) => unit.toLowerCase() === 'square feet';

function lotAcres(l: Listing): string | null {
  const acres = l.lot_area / SQUARE_FEET_PER_ACRE;
  return inFeet(l.area_unit) && acres >= 0.1 ? formatNumber(Math.round(acres * 100) / 100) : null;
}

/** The feed's price per unit of area, else the price over the living area. */
function pricePerArea(l: Listing, t: Texts): string | null {
  const per = l.unit_area_price ?? (l.price !== null && l.building_area > 0 ? l.price / l.building_area : null);
  if (per === null || per <= 0) return null;
  const unit = inFeet(l.area_unit) ? 'sq ft' : l.area_unit.toLowerCase();
  const money = formatMoney(Math.round(per * 100) / 100, l.currency_symbol);
  return `${money}/${unit}${l.sale_type === 'for_rent' ? t.perMonth : ''}`;
}

export function factsOf(l: Listing, t: Texts): Facts {
  return {
    price: priceOf(l, t),
    hoa: l.hoa_month === null ? null : formatMoney(l.hoa_month, l.currency_symbol),
    // Years are written without a thousands separator ("2005").
    year: String(l.year_built),
    size: area(l.building_area, l.area_unit),
    lot: area(l.lot_area, l.area_unit),
    lotAcres: lotAcres(l),
    pricePerArea: pricePerArea(l, t),
    zip: l.zip || null,
    parking: formatNumber(l.parking_spots),
    bedrooms: formatNumber(l.bedrooms),
    bathrooms: formatNumber(l.bathrooms),
    daysOnMarket: formatNumber(l.days_on_market),
    deposit: l.deposit_fee === null ? null : formatMoney(l.deposit_fee, l.currency_symbol),
    address: [l.address, l.city, l.state, l.zip].filter(Boolean).join(', '),
    features: features(l.extension_column),
    type: l.property_type,
    status: t.status(l.status),
    forRent: l.sale_type === 'for_rent',
  };
}

/**
 * What a filter asks for, as the answer's header states it: only the criteria the search
 * applied, prices formatted as the listings write them.
 */
export function wantedOf(f: ListingFilter, currency: string, talk: Talk, unit = 'sq ft'): Wanted {
  const area = (n?: number) => (n === undefined ? undefined : `${formatNumber(n)} ${unit}`);
  const extras = [
    talk.typeName(undefined, f.notTypes),
    talk.area(area(f.minArea), area(f.maxArea)),
    talk.lot(area(f.minLot), area(f.maxLot)),
    talk.year(f.minYear, f.maxYear),
    talk.hoa(f.maxHoa === undefined ? undefined : formatMoney(f.maxHoa, currency), f.noHoa),
  ].filter((x): x is string => Boolean(x));
  return {
    saleType: f.saleType,
    sold: f.statuses?.length === 1 && f.statuses[0] === 'Sold',
    propertyType: talk.typeName(f.types, undefined),
    city: f.city,
    minBedrooms: f.minBedrooms,
    maxBedrooms: f.maxBedrooms,
    minBathrooms: f.minBathrooms,
    maxBathrooms: f.maxBathrooms,
    minPrice: f.minPrice === undefined ? undefined : formatMoney(f.minPrice, currency),
    maxPrice: f.maxPrice === undefined ? undefined : formatMoney(f.maxPrice, currency),
    features: [
      ...(f.features ?? []).map((x) => talk.featureName(x)),
      ...(f.keywords ?? []).filter((k) => !/^\d+$/.test(k)),
    ],
    notFeatures: (f.notFeatures ?? []).map((x) => talk.featureName(x)),
    extras,
  };
}
