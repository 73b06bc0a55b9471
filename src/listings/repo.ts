// The listings table's queries (with repo-filter.ts, a search's conditions, and repo-feed.ts,
// a feed import's bulk reads): the only modules that touch it. Every query is scoped by
// workspace and chatbot.
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { isPostgres } from '../db/connect.ts';
import type { Database } from '../db/tables.ts';
import type { Listing, ListingColumns } from './columns.ts';
import type { ListingFilter, ListingPage } from './filter.ts';
import { conditions, type Owner, orderedBy } from './repo-filter.ts';
import type { KeyType } from './schemas.ts';

export type { Owner };

type Eb = ExpressionBuilder<Database, 'listings'>;

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
  if (page.sort !== 'Newest') q = orderedBy(q, page.sort);
  else if (total <= FEW_MATCHES) {
    // Few matches: find them through the filter indexes and sort them. `+id` keeps the
    // planner from walking every listing in ID order to find them (SQLite, 100,000
    // listings: 43 ms → 0.1 ms for a city + sale + price + bedrooms search).
    q = q.orderBy(sql`+${sql.ref('id')}`, 'desc');
  } else {
    // Many matches: walking newest first finds a page of them quickly.
    q = q.orderBy('id', 'desc');
  }
  if (page.sort === 'Newest' && page.offset < DEEP_OFFSET) {
    return { listings: await q.offset(page.offset).limit(page.limit).execute(), total };
  }
  // A deep page, or one sorted by a value: the page's IDs are found from an index alone (the
  // offset walked over listings_chatbot_id newest first; the matches' values sorted from the
  // filter indexes, which end with id), then only its rows are read. Walking whole rows,
  // PostgreSQL took 80 ms for offset 99,900 of 100,000, and 115 ms for a city's first page by
  // price at 1,000,000 listings (bench/README.md, "Query plans").
  const ids = (await q.clearSelect().select('id').offset(page.offset).limit(page.limit).execute()).map((r) => r.id);
  if (ids.length === 0) return { listings: [], total };
  const rows = await db
    .selectFrom('listings')
    .selectAll()
    .where((eb) => conditions(eb, owner, { ids }))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { listings: ids.flatMap((id) => byId.get(id) ?? []), total };
}

/** From this offset on, a newest-first page's IDs are found first and its rows read after (see searchListings). */
const DEEP_OFFSET = 1000;

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
  const row = await db
    .insertInto('listings')
    .values(rowOf({ owner, columns, now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ListingRow {
  owner: Owner;
  columns: ListingColumns;
  now: Date;
}

function rowOf({ owner, columns, now }: ListingRow) {
  const ts = now.toISOString();
  return { ...columns, workspace_id: owner.workspaceId, chatbot_id: owner.chatbotId, created_at: ts, updated_at: ts };
}

/** Listings written by one statement (all or none); their IDs in the order given. */
export async function insertListingRows(db: Kysely<Database>, rows: ListingRow[]): Promise<number[]> {
  const out = await db.insertInto('listings').values(rows.map(rowOf)).returning('id').execute();
  return out.map((r) => r.id);
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
  if (forUpdate && isPostgres(db)) q = q.forUpdate();
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

/**
 * The chatbot's cities as its listings write them (the newest listing's spelling), in key
 * order: what the builtin engine matches a misspelled or abbreviated city against
 * ("Sacremento", "SLC"). A loose index scan of listings_chatbot_city: one index seek per
 * city, each for the next key, and one for its newest listing, instead of reading every
 * listing. Measured on 100,000 listings in 50 cities (SQLite): a GROUP BY over the index
 * took about 100 ms per question; this takes well under a millisecond.
 */
export async function chatbotCities(db: Kysely<Database>, owner: Owner, limit = 500): Promise<string[]> {
  const { chatbotId, workspaceId } = owner;
  const rows = await sql<{ city: string | null }>`
    with recursive keys(k) as (
      select min(city_key) from listings
       where chatbot_id = ${chatbotId} and city_key is not null
      union all
      select (select min(city_key) from listings where chatbot_id = ${chatbotId} and city_key > keys.k)
        from keys where keys.k is not null
    )
    select (select city from listings
             where chatbot_id = ${chatbotId} and city_key = keys.k and workspace_id = ${workspaceId}
             order by id desc limit 1) as city
      from keys where keys.k is not null
     limit ${limit}`.execute(db);
  return rows.rows.map((r) => r.city ?? '').filter(Boolean);
}
