// The listing searches an answer ran (docs/review.md "Analytics"): the engine's listing search
// is watched while it answers, and what it asked for is kept with the answer, a row per
// distinct search. A search by city, property type or price (or none of them: "show me
// homes") is a 'search'; one that names a single listing by its ID, MLS number, address or
// link is an 'open' (the visitor asked about that listing). Reading back the listings an
// answer already showed (by their IDs) is neither.
import type { ListingSearch } from '../answer/index.ts';
import type { ListingFilter } from '../listings/index.ts';

export interface ListingSearchRecord {
  kind: 'search' | 'open';
  city: string;
  propertyType: string;
  priceBand: string;
}

const SALE_BANDS: [number, string][] = [
  [250_000, 'Up to $250k'],
  [500_000, '$250k–$500k'],
  [750_000, '$500k–$750k'],
  [1_000_000, '$750k–$1M'],
  [2_000_000, '$1M–$2M'],
];
const RENT_BANDS: [number, string][] = [
  [1_500, 'Up to $1.5k/month'],
  [2_500, '$1.5k–$2.5k/month'],
  [4_000, '$2.5k–$4k/month'],
];

const FAMILY_NAMES: Record<string, string> = {
  sfr: 'Single family',
  condo: 'Condo',
  town: 'Townhouse',
  multi: 'Multi-family',
  apt: 'Apartment',
  land: 'Land',
  other: 'Other',
};

/**
 * The band of a search's price: its maximum (what the visitor can spend: "under 500k" is
 * $250k–$500k), else its minimum ("over 500k" is $500k–$750k); rent searches in monthly
 * bands. '' when it named no price.
 */
export function priceBand(f: Pick<ListingFilter, 'minPrice' | 'maxPrice' | 'saleType'>): string {
  const price = f.maxPrice ?? f.minPrice;
  if (price === undefined || !Number.isFinite(price)) return '';
  const rent = f.saleType === 'for_rent';
  const bands = rent ? RENT_BANDS : SALE_BANDS;
  const byMax = f.maxPrice !== undefined;
  for (const [upper, name] of bands) if (byMax ? price <= upper : price < upper) return name;
  return rent ? '$4k/month and up' : '$2M and up';
}

/** What one search asked for, or null when it only read back listings already shown. */
export function searchRecordOf(f: ListingFilter): ListingSearchRecord | null {
  if (f.ids) return null;
  const one = f.id !== undefined || !!f.mlsNumber || !!f.url || !!f.address || !!f.streetNumber;
  const propertyType = f.propertyType?.trim() ?? (f.types ?? []).map((t) => FAMILY_NAMES[t] ?? t).join(' or ');
  return {
    kind: one ? 'open' : 'search',
    city: one ? '' : (f.city?.trim() ?? ''),
    propertyType: one ? '' : propertyType,
    priceBand: one ? '' : priceBand(f),
  };
}

/** The engine's listing search, noting each distinct search it runs for this answer. */
export function watchedListingSearch(inner: ListingSearch) {
  const seen = new Map<string, ListingSearchRecord>();
  const note = (f: ListingFilter) => {
    const r = searchRecordOf(f);
    if (r) seen.set(JSON.stringify(r), r);
  };
  const listings: ListingSearch = {
    search: (filter, page) => {
      note(filter);
      return inner.search(filter, page);
    },
    count: (filter) => inner.count(filter),
    cities: () => inner.cities(),
  };
  return { listings, searches: () => [...seen.values()] };
}
