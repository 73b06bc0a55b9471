// The only module that reads or writes the listings table. Every query is scoped by
// workspace and chatbot.
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import { coordinate, type Listing, type ListingColumns } from './columns.ts';
import type { ListingFilter, ListingPage } from './filter.ts';
import type { KeyType } from './schemas.ts';

export interface Owner {
  workspaceId: number;
  chatbotId: number;
}

type Eb = ExpressionBuilder<Database, 'listings'>;

const KM_PER_DEGREE = 111.32;

function likePattern(s: string): string {
  return `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(eb: Eb, owner: Owner, f: ListingFilter): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [eb('chatbot_id', '=', owner.chatbotId), eb('workspace_id', '=', owner.workspaceId)];
  if (f.id !== undefined) c.push(eb('id', '=', f.id));
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
  for (const word of f.keywords ?? []) {
    c.push(sql<SqlBool>`${sql.ref('search_text')} like ${likePattern(word)} escape '\\'`);
  }
  if (f.streetNumber) c.push(eb('street_number', '=', f.streetNumber));
  if (f.address) c.push(sql<SqlBool>`lower(${sql.ref('address')}) like ${likePattern(f.address)} escape '\\'`);
  if (f.near) {
    // Equirectangular distance: arithmetic only, so both databases compute it the same
    // way; within a few hundred km it is within a fraction of a percent of great-circle.
    // Rounded like stored coordinates, so no product below underflows (see coordinate()).
    const latitude = coordinate(f.near.latitude);
    const longitude = coordinate(f.near.longitude);
    const { radiusKm } = f.near;
    const dLat = radiusKm / KM_PER_DEGREE;
    const cos = Math.max(Math.cos((latitude * Math.PI) / 180), 1e-6);
    const dLon = dLat / cos;
    c.push(eb('latitude', '>=', latitude - dLat), eb('latitude', '<=', latitude + dLat));
    c.push(eb('longitude', '>=', longitude - dLon), eb('longitude', '<=', longitude + dLon));
    c.push(
      sql<SqlBool>`((${sql.ref('latitude')} - ${latitude}) * (${sql.ref('latitude')} - ${latitude}) + ((${sql.ref('longitude')} - ${longitude}) * ${cos}) * ((${sql.ref('longitude')} - ${longitude}) * ${cos})) <= ${dLat * dLat}`,
    );
  }
  return eb.and(c);
}

export async function searchListings(
  db: Kysely<Database>,
  owner: Owner,
  filter: ListingFilter,
  page: ListingPage,
): Promise<{ listings: Listing[]; total: number }> {
  // The count reads a covering index; it also tells how to fetch the page.
  const total = await countListings(db, owner, filter);
  if (total === 0 || page.offset >= total) return { listings: [], total };
  let q = db
    .selectFrom('listings')
    .selectAll()
    .where((eb) => conditions(eb, owner, filter));
  // Unpriced listings last in both directions: the databases disagree on where NULL sorts.
  if (page.sort === 'PriceAsc') q = q.orderBy('price', (o) => o.asc().nullsLast()).orderBy('id', 'desc');
  else if (page.sort === 'PriceDesc') q = q.orderBy('price', (o) => o.desc().nullsLast()).orderBy('id', 'desc');
  else if (total <= FEW_MATCHES) {
    // Few matches: find them through the filter indexes and sort them. `+id` keeps the
    // planner from walking every listing in ID order to find them (SQLite, 100,000
    // listings: 43 ms → 0.1 ms for a city + sale + price + bedrooms search).
    q = q.orderBy(sql`+${sql.ref('id')}`, 'desc');
  } else {
    // Many matches: walking newest first finds a page of them quickly.
    q = q.orderBy('id', 'desc');
  }
  return { listings: await q.offset(page.offset).limit(page.limit).execute(), total };
}

/** Below this many matches, sorting them beats walking the ID index (see searchListings). */
const FEW_MATCHES = 1000;

export async function countListings(db: Kysely<Database>, owner: Owner, filter: ListingFilter): Promise<number> {
  const row = await db
    .selectFrom('listings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => conditions(eb, owner, filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertListing(
  db: Kysely<Database>,
  owner: Owner,
  columns: ListingColumns,
  now: Date,
): Promise<number> {
  const ts = now.toISOString();
  const row = await db
    .insertInto('listings')
    .values({
      ...columns,
      workspace_id: owner.workspaceId,
      chatbot_id: owner.chatbotId,
      created_at: ts,
      updated_at: ts,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function keyCondition(eb: Eb, keyType: KeyType, key: string): Expression<SqlBool> | null {
  if (keyType === 'MLSNumber') return eb('mls_number', '=', key);
  if (keyType === 'URL') return eb('url', '=', key);
  // NewOaks: Parlor's listing ID. A key that is not an ID matches nothing.
  if (!/^\d{1,9}$/.test(key)) return null;
  return eb('id', '=', Number(key));
}

/** The listing a Key of KeyType names, locked for update (on PostgreSQL) when asked. */
export async function findListingByKey(
  db: Kysely<Database>,
  owner: Owner,
  keyType: KeyType,
  key: string,
  forUpdate: boolean,
): Promise<Listing | undefined> {
  let q = db
    .selectFrom('listings')
    .selectAll()
    .where((eb) => {
      const k = keyCondition(eb, keyType, key);
      return k ? eb.and([conditions(eb, owner, {}), k]) : eb.val(false);
    });
  // Row locks matter only where several connections write at once; SQLite has one
  // writer (its transactions are already serialized) and rejects FOR UPDATE.
  if (forUpdate && db.getExecutor().adapter.supportsMultipleConnections) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The ID of the listing holding this MLS number or URL, if any (to name it in a 409). */
export async function findDuplicate(
  db: Kysely<Database>,
  owner: Owner,
  mlsNumber: string,
  url: string,
  exceptId: number | null,
): Promise<{ id: number; field: 'MLSNumber' | 'Url' } | undefined> {
  const rows = await db
    .selectFrom('listings')
    .select(['id', 'mls_number', 'url'])
    .where((eb) =>
      eb.and([
        conditions(eb, owner, {}),
        eb.or([eb('mls_number', '=', mlsNumber), eb('url', '=', url)]),
        ...(exceptId === null ? [] : [eb('id', '<>', exceptId)]),
      ]),
    )
    .execute();
  const byMls = rows.find((r) => r.mls_number === mlsNumber);
  if (byMls) return { id: byMls.id, field: 'MLSNumber' };
  const byUrl = rows.find((r) => r.url === url);
  return byUrl ? { id: byUrl.id, field: 'Url' } : undefined;
}

export async function updateListing(
  db: Kysely<Database>,
  owner: Owner,
  id: number,
  columns: ListingColumns,
  now: Date,
): Promise<number> {
  const r = await db
    .updateTable('listings')
    .set({ ...columns, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('chatbot_id', '=', owner.chatbotId)
    .where('workspace_id', '=', owner.workspaceId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteListings(
  db: Kysely<Database>,
  owner: Owner,
  keyType: KeyType,
  keys: string[],
): Promise<number> {
  let values: (string | number)[] = keys;
  let column: 'id' | 'mls_number' | 'url' = keyType === 'MLSNumber' ? 'mls_number' : 'url';
  if (keyType === 'NewOaks') {
    column = 'id';
    values = keys.filter((k) => /^\d{1,9}$/.test(k)).map(Number);
  }
  if (values.length === 0) return 0;
  const r = await db
    .deleteFrom('listings')
    .where((eb) => eb.and([conditions(eb, owner, {}), eb(column, 'in', values)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
