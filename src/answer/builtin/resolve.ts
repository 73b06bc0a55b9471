// Checks a parsed question's candidates against the chatbot's own listings: which words
// are one of its cities, property types, MLS numbers or street addresses. Each check is
// an indexed lookup or a count; nothing is cached across questions, so answers never go
// stale after listings change.
import type { Listing } from '../../listings/columns.ts';
import type { ListingFilter } from '../../listings/filter.ts';
import type { Status } from '../../listings/schemas.ts';
import type { ListingSearch } from '../engine.ts';
import { type StreetAddress, streetWord } from './address.ts';
import type { ParsedQuestion } from './parse.ts';

export const AVAILABLE: Status[] = ['Active', 'PreOnMarket'];
const ONE = { sort: 'Newest', offset: 0, limit: 1 } as const;

export interface Resolved {
  /** The listings the question names (MLS number, URL or street address), if any. */
  named: Listing[];
  /** The city as the listings write it ("San Antonio"), when the question names one. */
  city?: string;
  propertyType?: string;
  /** A place named in the question that is not a city but appears in listings (neighbourhood, ZIP, state). */
  placeKeyword?: string;
}

async function byMls(p: ParsedQuestion, listings: ListingSearch): Promise<Listing[]> {
  for (const mls of p.mlsCandidates) {
    const { listings: found } = await listings.search({ mlsNumber: mls }, ONE);
    if (found.length) return found;
  }
  return [];
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
  for (const a of p.addresses) {
    const page = { sort: 'Newest', offset: 0, limit: 50 } as const;
    // The street number is indexed (its digits: "12b" → "12"); the substring checks the rest.
    const streetNumber = a.number.replace(/\D+$/, '');
    const found = await listings.search({ streetNumber, address: `${a.number} ${a.words[0]}` }, page);
    const scored = found.listings.map((l) => ({ l, n: streetMatch(l, a) })).filter((x) => x.n > 0);
    const best = Math.max(0, ...scored.map((x) => x.n));
    let matches = scored.filter((x) => x.n === best).map((x) => x.l);
    const inCity = city ? matches.filter((l) => l.city?.toLowerCase() === city.toLowerCase()) : [];
    if (inCity.length) matches = inCity;
    if (matches.length) return matches.slice(0, 5);
  }
  return [];
}

/** The first candidate, longest first, that is one of the chatbot's cities (as written in the question). */
async function cityOf(p: ParsedQuestion, listings: ListingSearch): Promise<string | undefined> {
  for (const city of p.cityCandidates) {
    if ((await listings.count({ city })) > 0) return city.replace(/(^|[\s-])\p{Ll}/gu, (c) => c.toUpperCase());
  }
  return undefined;
}

/**
 * Another name for the type asked for, when the usual one found nothing. Type names are not indexed, so the usual name
 * is tried first, with the question's other criteria; the chatbot's other names for it are
 * looked for only when that finds nothing.
 */
export async function otherTypeFilter(
  p: ParsedQuestion,
  f: ListingFilter,
  listings: ListingSearch,
): Promise<ListingFilter | undefined> {
  if (!p.propertyTypes || f.propertyType !== p.propertyTypes[0]) return undefined;
  // Within the city when there is one: its rows are indexed, the type names are not.
  const has = async (name: string) => (await listings.count({ city: f.city, propertyType: name })) > 0;
  if (await has(f.propertyType)) return undefined;
  for (const name of p.propertyTypes.slice(1)) if (await has(name)) return { ...f, propertyType: name };
  // The chatbot has no such homes: the type stays, so the answer says nothing matched,
  // unless the word is loose ("apartment") and then it restricts nothing.
  return p.looseType ? { ...f, propertyType: undefined } : undefined;
}

export async function resolve(p: ParsedQuestion, listings: ListingSearch): Promise<Resolved> {
  const city = await cityOf(p, listings);
  let named = p.url ? (await listings.search({ url: p.url }, ONE)).listings : [];
  if (!named.length) named = await byMls(p, listings);
  if (!named.length) named = await byAddress(p, listings, city);
  const propertyType = named.length ? undefined : p.propertyTypes?.[0];
  if (city || !p.place || named.length) return { named, city, propertyType };
  // "in Chicago" when the chatbot has no Chicago: searching everywhere instead would
  // name homes that do not match, so the place stays a criterion (and matches nothing)
  // unless the listings mention it elsewhere (a neighbourhood, a state).
  const keyword = p.place.toLowerCase();
  if ((await listings.count({ keywords: [keyword] })) > 0) return { named, propertyType, placeKeyword: keyword };
  return { named, city: p.place, propertyType };
}

/** The search a question asks for: available listings unless it asks about sold ones. */
export function filterOf(p: ParsedQuestion, r: Resolved): ListingFilter {
  const keywords = [...p.features, ...(p.zip ? [p.zip] : []), ...(r.placeKeyword ? [r.placeKeyword] : [])];
  return {
    city: r.city,
    saleType: p.saleType,
    statuses: p.status ? [p.status] : AVAILABLE,
    propertyType: r.propertyType,
    minPrice: p.minPrice,
    maxPrice: p.maxPrice,
    minBedrooms: p.minBedrooms,
    maxBedrooms: p.maxBedrooms,
    minBathrooms: p.minBathrooms,
    keywords: keywords.length ? keywords : undefined,
  };
}
