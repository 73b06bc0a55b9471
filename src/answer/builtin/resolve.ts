// Checks a parsed question's candidates against the chatbot's own listings: which words
// are one of its cities, property types, MLS numbers or street addresses. Each check is
// an indexed lookup or a count, cached only while the listings are unchanged
// (answer/listing-search.ts), so answers never go stale after listings change.
import type { Listing, ListingFilter, Status } from '../../listings/index.ts';
import type { ListingSearch } from '../engine.ts';
import { type StreetAddress, streetWord, unitOf } from './address.ts';
import { type ParsedQuestion, typesForSale } from './parse.ts';
import { allowedEdits, editDistance } from './spelling.ts';

export const AVAILABLE: Status[] = ['Active', 'PreOnMarket'];
const ONE = { sort: 'Newest', offset: 0, limit: 1 } as const;

export interface Resolved {
  /** The listings the question names (MLS number, URL or street address), if any. */
  named: Listing[];
  /** The city as the listings write it ("San Antonio"), when the question names one. */
  city?: string;
  /** A place named in the question that is not a city but appears in listings (neighbourhood, ZIP, state). */
  placeKeyword?: string;
}

/** Every listing the question names by MLS number, in the order it names them. */
async function byMls(p: ParsedQuestion, listings: ListingSearch): Promise<Listing[]> {
  const out: Listing[] = [];
  for (const mls of p.mlsCandidates) {
    const { listings: found } = await listings.search({ mlsNumber: mls }, ONE);
    for (const l of found) if (!out.some((x) => x.id === l.id)) out.push(l);
  }
  return out;
}

/** How many of the street's words, in order, the listing's address has after the number. */
function streetMatch(listing: Listing, a: StreetAddress): number {
  const words = (listing.address ?? '').toLowerCase().split(/\s+/).map(streetWord);
  const at = words.indexOf(a.number);
  if (at < 0) return 0;
  let n = 0;
  while (n < a.words.length && words[at + 1 + n] === a.words[n]) n++;
  return n;
}

// An address is a substring search (a scan of the chatbot's listings), so it runs once,
// on the number and the street's first word, and the rest is compared here.
async function byAddress(p: ParsedQuestion, listings: ListingSearch, city?: string): Promise<Listing[]> {
  const out: Listing[] = [];
  for (const a of p.addresses) {
    for (const l of await oneAddress(a, listings, city)) if (!out.some((x) => x.id === l.id)) out.push(l);
  }
  return out.slice(0, 5);
}

async function oneAddress(a: StreetAddress, listings: ListingSearch, city?: string): Promise<Listing[]> {
  const page = { sort: 'Newest', offset: 0, limit: 50 } as const;
  // The street number is indexed (its digits: "12b" → "12"); the substring checks the rest.
  const streetNumber = a.number.replace(/(?<!\D)\D+$/, '');
  const found = await listings.search({ streetNumber, address: `${a.number} ${a.words[0]}` }, page);
  const scored = found.listings.map((l) => ({ l, n: streetMatch(l, a) })).filter((x) => x.n > 0);
  const best = Math.max(0, ...scored.map((x) => x.n));
  let matches = scored.filter((x) => x.n === best).map((x) => x.l);
  const inCity = city ? matches.filter((l) => l.city?.toLowerCase() === city.toLowerCase()) : [];
  if (inCity.length) matches = inCity;
  // Units of one building: "Unit 1105", "#1105", "Apt 1105" is that unit only.
  const unit = a.unit;
  if (unit) {
    const same = matches.filter((l) => unitOf(l.address ?? '') === unit);
    if (same.length) matches = same;
  }
  return matches.slice(0, 5);
}

const initials = (city: string) =>
  city
    .split(/[\s-]+/)
    .map((w) => w[0] ?? '')
    .join('')
    .toLowerCase();
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The first candidate, longest first, that is one of the chatbot's cities, as its listings
 * write it: exactly, by the initials of a city of two or more words ("SLC"), or within a
 * small misspelling ("Sacremento", "Portlnad").
 */
async function cityOf(p: ParsedQuestion, listings: ListingSearch): Promise<string | undefined> {
  if (p.cityCandidates.length === 0) return undefined;
  const cities = await listings.cities();
  const byKey = new Map(cities.map((c) => [plain(c), c]));
  for (const candidate of p.cityCandidates) {
    const exact = byKey.get(plain(candidate));
    if (exact) return exact;
  }
  for (const candidate of p.cityCandidates) {
    const c = plain(candidate);
    const abbreviated = cities.find((city) => city.includes(' ') && c.length >= 2 && initials(city) === c);
    if (abbreviated) return abbreviated;
  }
  for (const candidate of p.cityCandidates) {
    const c = plain(candidate);
    const allowed = allowedEdits(c);
    if (!allowed) continue;
    const near = cities.filter((city) => editDistance(c, plain(city), allowed) <= allowed);
    if (near.length === 1) return near[0];
  }
  return undefined;
}

export async function resolve(p: ParsedQuestion, listings: ListingSearch): Promise<Resolved> {
  const city = await cityOf(p, listings);
  let named = p.url ? (await listings.search({ url: p.url }, ONE)).listings : [];
  if (!named.length) named = await byMls(p, listings);
  if (!named.length) named = await byAddress(p, listings, city);
  if (city || !p.place || named.length) return { named, city };
  // "in Chicago" when the chatbot has no Chicago: searching everywhere instead would
  // name homes that do not match, so the place stays a criterion (and matches nothing)
  // unless the listings mention it elsewhere (a neighbourhood, a state).
  const keyword = p.place.toLowerCase();
  if ((await listings.count({ keywords: [keyword] })) > 0) return { named, placeKeyword: keyword };
  return { named, city: p.place };
}

/** The search a question asks for: available listings unless it asks about sold ones. */
export function filterOf(p: ParsedQuestion, r: Resolved): ListingFilter {
  const keywords = [...(p.zip ? [p.zip] : []), ...(r.placeKeyword ? [r.placeKeyword] : [])];
  const w = p.wants;
  return clean({
    city: r.city,
    saleType: p.saleType,
    statuses: p.status ? [p.status] : AVAILABLE,
    minPrice: p.minPrice,
    maxPrice: p.maxPrice,
    minBedrooms: p.minBedrooms,
    maxBedrooms: p.maxBedrooms,
    minBathrooms: p.minBathrooms,
    maxBathrooms: p.maxBathrooms,
    keywords: keywords.length ? keywords : undefined,
    types: w.types,
    notTypes: w.notTypes,
    features: w.features.length ? w.features : undefined,
    notFeatures: w.notFeatures.length ? w.notFeatures : undefined,
    minArea: w.minArea,
    maxArea: w.maxArea,
    minLot: w.minLot,
    maxLot: w.maxLot,
    minYear: w.minYear,
    maxYear: w.maxYear,
    maxHoa: w.maxHoa,
    noHoa: w.noHoa,
  });
}

/** A filter without its unset fields, so that it can be stored and merged as JSON. */
export function clean(f: ListingFilter): ListingFilter {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as ListingFilter;
}

/**
 * A follow-up's criteria over the last search's: what the follow-up names replaces the
 * same criterion; features add up; the rest is kept.
 */
export function refine(previous: ListingFilter, next: ListingFilter, p: ParsedQuestion): ListingFilter {
  const merged: ListingFilter = { ...previous };
  for (const [k, v] of Object.entries(next) as [keyof ListingFilter, unknown][]) {
    if (k === 'statuses' && !p.status) continue; // the default, not something the visitor said
    if (k === 'features' || k === 'notFeatures') continue;
    (merged as Record<string, unknown>)[k] = v;
  }
  const union = <T>(a?: T[], b?: T[]) => {
    const all = [...new Set([...(a ?? []), ...(b ?? [])])];
    return all.length ? all : undefined;
  };
  merged.features = union(previous.features, next.features);
  merged.notFeatures = union(previous.notFeatures, next.notFeatures);
  if (merged.features?.includes('finishedBasement')) merged.features = merged.features.filter((f) => f !== 'basement');
  // "houses", then "rentals, not houses": the types excluded leave the kept ones; none left, none kept.
  if (next.notTypes && !next.types && merged.types) {
    const left = merged.types.filter((t) => !next.notTypes?.includes(t));
    merged.types = left.length ? left : undefined;
  }
  // "apartments in Sacramento", then "more than $200,000": apartments bought are condos too.
  merged.types = typesForSale(merged.saleType, merged.types);
  // "only 3 bedrooms" after "at least 2": the new count replaces both bounds.
  if (p.minBedrooms !== undefined || p.maxBedrooms !== undefined) {
    merged.minBedrooms = p.minBedrooms;
    merged.maxBedrooms = p.maxBedrooms;
  }
  if (p.minBathrooms !== undefined || p.maxBathrooms !== undefined) {
    merged.minBathrooms = p.minBathrooms;
    merged.maxBathrooms = p.maxBathrooms;
  }
  // "any price range": the bounds are dropped (a price said with it is kept).
  if (p.anyPrice) {
    merged.minPrice = next.minPrice;
    merged.maxPrice = next.maxPrice;
  }
  return clean(merged);
}
