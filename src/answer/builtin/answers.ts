// The builtin engine's answers over listings: searches (pages, superlatives), counts,
// averages, one listing's details and yes/no features, and comparisons. Each says only
// the criteria it applied and returns the listings it named, in order.
import type { Feature, Listing, ListingFilter, Sort } from '../../listings/index.ts';
import type { ListingSearch } from '../engine.ts';
import { factsOf, listingLine, wantedOf } from './compose.ts';
import type { DetailField } from './detail-fields.ts';
import type { Talk } from './i18n/talk.ts';
import type { Relaxed, Texts } from './i18n/texts.ts';
import { hasFeature } from './listing-features.ts';
import { formatMoney, formatNumber } from './numbers.ts';

export const SHOWN = 5;
/** Up to this many matches an average is computed exactly; above it the median is given. */
const AVERAGE_LIMIT = 500;

export type Say = (line: string) => void;

export interface Lang {
  t: Texts;
  talk: Talk;
}

const unitOf = (listings: Listing[]) => listings[0]?.area_unit.toLowerCase().replace('square feet', 'sq ft') ?? 'sq ft';

/** The header's criteria: the city as the listings write it, only when the search had one. */
function header(f: ListingFilter, listings: Listing[], l: Lang, total: number | undefined) {
  const wanted = wantedOf(f, listings[0]?.currency_symbol ?? '$', l.talk, unitOf(listings));
  const city = f.city
    ? (listings.find((x) => x.city?.toLowerCase() === f.city?.toLowerCase())?.city ?? f.city)
    : undefined;
  return l.t.describe({ ...wanted, city }, total);
}

/** Drops one criterion at a time, most restrictive first, to suggest a search that finds something. */
async function relaxed(f: ListingFilter, listings: ListingSearch): Promise<{ what: Relaxed; n: number } | undefined> {
  const tries: [Relaxed, boolean, ListingFilter][] = [
    ['price', f.minPrice !== undefined || f.maxPrice !== undefined, { ...f, minPrice: undefined, maxPrice: undefined }],
    [
      'bedrooms',
      f.minBedrooms !== undefined || f.maxBedrooms !== undefined,
      { ...f, minBedrooms: undefined, maxBedrooms: undefined },
    ],
    [
      'bathrooms',
      f.minBathrooms !== undefined || f.maxBathrooms !== undefined,
      { ...f, minBathrooms: undefined, maxBathrooms: undefined },
    ],
    ['type', Boolean(f.types || f.notTypes), { ...f, types: undefined, notTypes: undefined }],
    [
      'features',
      Boolean(f.features?.length || f.notFeatures?.length || f.keywords?.length),
      { ...f, features: undefined, notFeatures: undefined, keywords: undefined },
    ],
  ];
  for (const [what, applies, filter] of tries) {
    if (!applies) continue;
    const n = await listings.count(filter);
    if (n > 0) return { what, n };
  }
  return undefined;
}

export async function searchAnswer(
  f: ListingFilter,
  sort: Sort,
  listings: ListingSearch,
  l: Lang,
  say: Say,
  exclude: number[] = [],
): Promise<Listing[]> {
  const paging = exclude.length > 0;
  const all = await listings.search(f, { sort, offset: 0, limit: SHOWN + exclude.length });
  const page = all.listings.filter((x) => !exclude.includes(x.id)).slice(0, SHOWN);
  if (!all.total) {
    say(l.t.none(header(f, [], l, undefined)));
    const hint = await relaxed(f, listings);
    if (hint) say(l.t.relax(hint.what, hint.n));
    return [];
  }
  if (paging) {
    if (!page.length) {
      say(l.talk.noMore);
      return [];
    }
    say(l.talk.moreIntro(page.length));
  } else {
    const showing =
      sort === 'PriceAsc' || sort === 'PriceDesc' || sort === 'Newest' || page.length >= all.total
        ? l.t.showing(page.length, all.total, sort === 'PriceAsc' || sort === 'PriceDesc' ? sort : 'Newest')
        : l.talk.showingSorted(page.length, sort);
    say(`${l.t.found(header(f, page, l, all.total))} ${showing}`);
  }
  page.forEach((x, i) => {
    say(`${i + 1}. ${listingLine(x, l.t)}`);
  });
  say(l.t.more);
  return page;
}

export async function countAnswer(f: ListingFilter, listings: ListingSearch, l: Lang, say: Say): Promise<void> {
  const n = await listings.count(f);
  say(l.t.count(header(f, [], l, n)));
}

export async function averageAnswer(asked: ListingFilter, listings: ListingSearch, l: Lang, say: Say) {
  // Sale prices and rents do not average together: "average price" means homes for sale.
  const f: ListingFilter = { ...asked, saleType: asked.saleType ?? 'for_sale' };
  const low = await listings.search(f, { sort: 'PriceAsc', offset: 0, limit: AVERAGE_LIMIT });
  const priced = low.listings.filter((x) => x.price !== null);
  const first = priced[0];
  if (!first) return say(l.t.none(header(f, [], l, undefined)));
  const cur = first.currency_symbol;
  const money = (n: number) => formatMoney(Math.round(n), cur);
  const what = header(f, priced, l, low.total);
  if (low.total <= AVERAGE_LIMIT) {
    const prices = priced.map((x) => x.price ?? 0);
    const mean = prices.reduce((a, b) => a + b, 0) / prices.length;
    return say(l.t.average(what, money(mean), money(prices[0] ?? 0), money(prices[prices.length - 1] ?? 0)));
  }
  const mid = await listings.search(f, { sort: 'PriceAsc', offset: Math.floor(low.total / 2), limit: 1 });
  const high = await listings.search(f, { sort: 'PriceDesc', offset: 0, limit: 1 });
  say(
    l.t.median(what, money(mid.listings[0]?.price ?? 0), money(first.price ?? 0), money(high.listings[0]?.price ?? 0)),
  );
}

/** What "tell me about …" answers beyond the listing's line. */
const SUMMARY: DetailField[] = ['size', 'year', 'lot', 'parking', 'hoa', 'deposit', 'daysOnMarket', 'features'];

export function detailAnswer(
  fields: DetailField[],
  yesNo: Feature | undefined,
  named: Listing[],
  l: Lang,
  say: Say,
): void {
  const asked = fields.filter((f) => f !== 'description' && !(yesNo && f === 'features'));
  if (yesNo && named.length === 1 && named[0]) {
    const one = named[0];
    say(l.talk.hasFeature(yesNo, hasFeature(one, yesNo)));
    say(listingLine(one, l.t));
    return;
  }
  if (named.length > 1) say(l.t.namedIntro(named.length));
  for (const x of named) {
    const facts = factsOf(x, l.t);
    if (yesNo) say(l.talk.hasFeature(yesNo, hasFeature(x, yesNo)));
    say(listingLine(x, l.t));
    const summary = SUMMARY.filter(
      (f) => !(f === 'deposit' && facts.deposit === null) && !(f === 'hoa' && facts.hoa === null && facts.forRent),
    );
    const sentences = (asked.length ? asked : summary).map((f) => l.t.detail(f, facts)).filter(Boolean);
    say(sentences.join(' '));
    if (!asked.length && !yesNo && x.description) say(x.description);
  }
}

type Compared = 'price' | 'area' | 'lot' | 'year';

const VALUE: Record<Compared, (x: Listing) => number | null> = {
  price: (x) => x.price,
  area: (x) => x.building_area,
  lot: (x) => x.lot_area,
  year: (x) => x.year_built,
};

/** "Which is bigger, A or B?": the winner first, both values. */
export function compareAnswer(by: Compared, a: Listing, b: Listing, l: Lang, say: Say): Listing[] {
  const va = VALUE[by](a) ?? 0;
  const vb = VALUE[by](b) ?? 0;
  // Cheaper wins low; bigger, larger lot and newer win high.
  const aWins = by === 'price' ? va <= vb : va >= vb;
  const [w, o] = aWins ? [a, b] : [b, a];
  const show = (x: Listing) => {
    const v = VALUE[by](x) ?? 0;
    if (by === 'price') return formatMoney(v, x.currency_symbol);
    if (by === 'year') return String(v);
    return `${formatNumber(v)} ${x.area_unit.toLowerCase()}`;
  };
  const name = (x: Listing) => `MLS ${x.mls_number} (${[x.address, x.city].filter(Boolean).join(', ')})`;
  say(l.talk.compare(name(w), name(o), by, [show(w), show(o)]));
  say(listingLine(w, l.t));
  say(listingLine(o, l.t));
  return [w, o];
}
