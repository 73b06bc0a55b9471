// A ListingFilter as SQL conditions on the listings table, and a Sort as its ORDER BY. Only
// repo.ts runs them. Every condition reads a column as stored (features and the type family
// are read on write), the same way on SQLite and PostgreSQL.
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database, ListingTable } from '../db/tables.ts';
import { coordinate } from './columns.ts';
import type { ListingFilter } from './filter.ts';
import type { Sort } from './schemas.ts';

export interface Owner {
  workspaceId: number;
  chatbotId: number;
}

type Eb = ExpressionBuilder<Database, 'listings'>;

const KM_PER_DEGREE = 111.32;

function likePattern(s: string): string {
  return `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** "|pool|" in the features column: one LIKE per feature, no text parsed. */
function hasFeature(feature: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('features')} like ${`%|${feature}|%`}`;
}

type Bounded = 'building_area' | 'lot_area' | 'year_built';

/** A maximum on a value that 0 means "not stated" for (land's area and year, a condo's lot). */
function atMost(eb: Eb, column: Bounded, max: number): Expression<SqlBool> {
  return eb.and([eb(column, '<=', max), eb(column, '>', 0)]);
}

function near(eb: Eb, n: NonNullable<ListingFilter['near']>): Expression<SqlBool>[] {
  // Equirectangular distance: arithmetic only, so both databases compute it the same
  // way; within a few hundred km it is within a fraction of a percent of great-circle.
  // Rounded like stored coordinates, so no product below underflows (see coordinate()).
  const latitude = coordinate(n.latitude);
  const longitude = coordinate(n.longitude);
  const dLat = n.radiusKm / KM_PER_DEGREE;
  const cos = Math.max(Math.cos((latitude * Math.PI) / 180), 1e-6);
  const dLon = dLat / cos;
  return [
    eb('latitude', '>=', latitude - dLat),
    eb('latitude', '<=', latitude + dLat),
    eb('longitude', '>=', longitude - dLon),
    eb('longitude', '<=', longitude + dLon),
    sql<SqlBool>`((${sql.ref('latitude')} - ${latitude}) * (${sql.ref('latitude')} - ${latitude}) + ((${sql.ref('longitude')} - ${longitude}) * ${cos}) * ((${sql.ref('longitude')} - ${longitude}) * ${cos})) <= ${dLat * dLat}`,
  ];
}

/** The criteria of the listing characteristics added for conversations (area, lot, year, HOA, types, features). */
function characteristics(eb: Eb, f: ListingFilter): Expression<SqlBool>[] {
  const c: Expression<SqlBool>[] = [];
  if (f.maxBathrooms !== undefined) c.push(eb('bathrooms', '<=', f.maxBathrooms));
  if (f.minArea !== undefined) c.push(eb('building_area', '>=', f.minArea));
  if (f.maxArea !== undefined) c.push(atMost(eb, 'building_area', f.maxArea));
  if (f.minLot !== undefined) c.push(eb('lot_area', '>=', f.minLot));
  if (f.maxLot !== undefined) c.push(atMost(eb, 'lot_area', f.maxLot));
  // Land is written with YearBuilt 0: no year bound matches it.
  if (f.minYear !== undefined) c.push(eb.and([eb('year_built', '>=', f.minYear), eb('year_built', '>', 0)]));
  if (f.maxYear !== undefined) c.push(atMost(eb, 'year_built', f.maxYear));
  // A missing HOAMonth is no HOA: it passes any maximum (which is never below 0).
  if (f.maxHoa !== undefined) c.push(eb.or([eb('hoa_month', 'is', null), eb('hoa_month', '<=', f.maxHoa)]));
  if (f.noHoa) c.push(eb.or([eb('hoa_month', 'is', null), eb('hoa_month', '=', 0)]));
  if (f.types?.length) c.push(eb('type_family', 'in', [...new Set(f.types)]));
  if (f.notTypes?.length) c.push(eb('type_family', 'not in', [...new Set(f.notTypes)]));
  for (const feature of new Set(f.features)) c.push(hasFeature(feature));
  for (const feature of new Set(f.notFeatures)) c.push(eb.not(hasFeature(feature)));
  if (f.minDaysOnMarket !== undefined) c.push(eb('days_on_market', '>=', f.minDaysOnMarket));
  if (f.maxDaysOnMarket !== undefined) c.push(eb('days_on_market', '<=', f.maxDaysOnMarket));
  return c;
}

export function conditions(eb: Eb, owner: Owner, f: ListingFilter): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [eb('chatbot_id', '=', owner.chatbotId), eb('workspace_id', '=', owner.workspaceId)];
  if (f.id !== undefined) c.push(eb('id', '=', f.id));
  // No IDs at all matches nothing, as `in ()` would if SQL allowed it.
  if (f.ids) c.push(f.ids.length ? eb('id', 'in', [...new Set(f.ids)]) : eb.val(false));
  if (f.city) c.push(eb('city_key', '=', f.city.trim().toLowerCase()));
  if (f.saleType) c.push(eb('sale_type', '=', f.saleType));
  if (f.mlsNumber) c.push(eb('mls_number', '=', f.mlsNumber));
  if (f.url) c.push(eb('url', '=', f.url));
  if (f.statuses?.length) c.push(eb('status', 'in', f.statuses));
  if (f.propertyType) c.push(eb('property_type_key', '=', f.propertyType.trim().toLowerCase()));
  if (f.minPrice !== undefined) c.push(eb('price', '>=', f.minPrice));
  if (f.maxPrice !== undefined) c.push(eb('price', '<=', f.maxPrice));
  if (f.minBedrooms !== undefined) c.push(eb('bedrooms', '>=', f.minBedrooms));
  if (f.maxBedrooms !== undefined) c.push(eb('bedrooms', '<=', f.maxBedrooms));
  if (f.minBathrooms !== undefined) c.push(eb('bathrooms', '>=', f.minBathrooms));
  c.push(...characteristics(eb, f));
  for (const word of f.keywords ?? []) {
    c.push(sql<SqlBool>`${sql.ref('search_text')} like ${likePattern(word)} escape '\\'`);
  }
  if (f.streetNumber) c.push(eb('street_number', '=', f.streetNumber));
  if (f.address) c.push(sql<SqlBool>`lower(${sql.ref('address')}) like ${likePattern(f.address)} escape '\\'`);
  if (f.near) c.push(...near(eb, f.near));
  return eb.and(c);
}

/** The column each sort reads, and whether 0 means "not stated" there (sorted last like NULL). */
const SORT_KEYS: Record<Exclude<Sort, 'Newest'>, [keyof ListingTable, boolean, 'asc' | 'desc']> = {
  PriceAsc: ['price', false, 'asc'],
  PriceDesc: ['price', false, 'desc'],
  AreaAsc: ['building_area', true, 'asc'],
  AreaDesc: ['building_area', true, 'desc'],
  LotAsc: ['lot_area', true, 'asc'],
  LotDesc: ['lot_area', true, 'desc'],
  YearAsc: ['year_built', true, 'asc'],
  YearDesc: ['year_built', true, 'desc'],
  DaysOnMarketAsc: ['days_on_market', false, 'asc'],
  DaysOnMarketDesc: ['days_on_market', false, 'desc'],
};

/** Orders by a sort other than Newest: unset values last in both directions, ties newest first. */
export function orderedBy<O>(
  q: SelectQueryBuilder<Database, 'listings', O>,
  sort: Exclude<Sort, 'Newest'>,
): SelectQueryBuilder<Database, 'listings', O> {
  const [column, zeroIsUnset, dir] = SORT_KEYS[sort];
  // The databases disagree on where NULL sorts: say it.
  const value = zeroIsUnset ? sql`nullif(${sql.ref(column)}, 0)` : sql.ref(column);
  return q.orderBy(value, (o) => (dir === 'asc' ? o.asc() : o.desc()).nullsLast()).orderBy('id', 'desc');
}
