import type { Kysely } from 'kysely';
import { cachedChatbots, requireChatbot } from '../chatbots/index.ts';
import type { Db } from '../db/connect.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database } from '../db/tables.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { columnsOf, type Listing, type ListingColumns, withDerived } from './columns.ts';
import type { ListingFilter } from './filter.ts';
import { batchedInsert, type InsertOne } from './insert-batch.ts';
import type { ListBody } from './list-schemas.ts';
import {
  deleteListings,
  findDuplicate,
  findListingByKey,
  insertListing,
  insertListingRows,
  type Owner,
  searchListings,
  updateListing,
} from './repo.ts';
import { listingsByMlsNumber, mlsNumbersOf } from './repo-feed.ts';
import type { CreateBody, DeleteBody, ListingFields, UpdateBody } from './schemas.ts';

async function ownerOf(ctx: ServiceContext, serialNumber: string): Promise<Owner> {
  const bot = await requireChatbot(ctx, serialNumber);
  return { workspaceId: ctx.workspaceId, chatbotId: bot.id };
}

async function conflict(db: Kysely<Database>, owner: Owner, c: ListingColumns, exceptId: number | null) {
  const dup = await findDuplicate(db, owner, c.mls_number, c.url, exceptId);
  if (!dup) return null;
  const value = dup.field === 'MLSNumber' ? c.mls_number : c.url;
  return new Conflict(`${dup.field}: "${value}" already belongs to listing ${dup.id}`);
}

function fieldsOf<T extends { SerialNumber: string }>(body: T): Omit<T, 'SerialNumber'> {
  const { SerialNumber: _, ...fields } = body;
  return fields;
}

/** A new listing's columns, those derived from its fields included (features, type family). */
const columnsFor = (fields: ListingFields): ListingColumns => withDerived(columnsOf(fields) as ListingColumns);

/** Creates a listing; a duplicate MLSNumber or Url within the chatbot is a 409 naming the holder. */
/**
 * Keyword's words, at most KEYWORD_WORDS: each is matched against every candidate listing's
 * address and description, so 100 one-letter words over 50,000 listings took 218 ms a call
 * on SQLite's synchronous driver, holding every tenant's requests.
 */
export const KEYWORD_WORDS = 8;

function keywordsOf(keyword: string | undefined): string[] | undefined {
  const words = keyword?.toLowerCase().split(/\s+/).filter(Boolean);
  if (words && words.length > KEYWORD_WORDS) {
    throw new Invalid(
      'Keyword',
      `at most ${KEYWORD_WORDS} words, got ${words.length}; narrow the search with other filters`,
    );
  }
  return words;
}

export async function createListing(ctx: ServiceContext, body: CreateBody): Promise<number> {
  const owner = await ownerOf(ctx, body.SerialNumber);
  return insertColumns(ctx.db, owner, columnsFor(fieldsOf(body)), ctx.now);
}

/**
 * createListing as RealEstateCreate runs it, many at once: the chatbot looked up from memory
 * while unchanged (chatbots/service.ts cachedChatbots) and, on PostgreSQL, the listing written
 * in one INSERT with the Creates arriving meanwhile (insert-batch.ts).
 */
export function listingCreator(db: Db) {
  const chatbot = cachedChatbots(db);
  const alone: InsertOne = (owner, columns, now) => insertColumns(db.kysely, owner, columns, now);
  const insert = db.dialect === 'postgres' ? batchedInsert((rows) => insertListingRows(db.kysely, rows), alone) : alone;
  return async (ctx: { workspaceId: number; now: Date }, body: CreateBody): Promise<number> => {
    const bot = await chatbot(ctx.workspaceId, body.SerialNumber);
    return insert({ workspaceId: ctx.workspaceId, chatbotId: bot.id }, columnsFor(fieldsOf(body)), ctx.now);
  };
}

export async function insertChecked(db: Kysely<Database>, owner: Owner, fields: ListingFields, now: Date) {
  return insertColumns(db, owner, columnsFor(fields), now);
}

/** One listing written by itself; a duplicate MLSNumber or Url is a 409 naming the holder. */
export async function insertColumns(db: Kysely<Database>, owner: Owner, columns: ListingColumns, now: Date) {
  try {
    return await insertListing(db, owner, columns, now);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw (await conflict(db, owner, columns, null)) ?? err;
  }
}

function columnsOfListing(l: Listing): ListingColumns {
  const { id: _i, workspace_id: _w, chatbot_id: _c, created_at: _ca, updated_at: _ua, ...columns } = l;
  return columns;
}

/** Applies a partial update: omitted fields are kept, null clears an optional field. */
export async function applyUpdate(
  db: Kysely<Database>,
  owner: Owner,
  existing: Listing,
  fields: Partial<ListingFields>,
  now: Date,
): Promise<number> {
  const merged = withDerived({ ...columnsOfListing(existing), ...columnsOf(fields) });
  const dup = await conflict(db, owner, merged, existing.id);
  if (dup) throw dup;
  return updateListing(db, owner, existing.id, merged, now);
}

export async function updateListingByKey(ctx: ServiceContext, body: UpdateBody): Promise<number> {
  const owner = await ownerOf(ctx, body.SerialNumber);
  const { Key, KeyType, ...fields } = fieldsOf(body);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // Stored MLS numbers and URLs are trimmed; so is the key that looks them up.
      const existing = await findListingByKey(trx, owner, KeyType, Key.trim(), true);
      if (!existing) throw new NotFound(`listing with ${KeyType} "${Key}"`);
      return applyUpdate(trx, owner, existing, fields, ctx.now);
    });
  } catch (err) {
    // A concurrent writer took the MLSNumber/Url between our check and our update.
    if (!isUniqueViolation(err)) throw err;
    const c = columnsOf(fields);
    throw new Conflict(`MLSNumber or Url: "${c.mls_number ?? c.url ?? Key}" already belongs to another listing`);
  }
}

/** Empty lists ask for nothing. */
const some = <T>(list: T[] | undefined): T[] | undefined => (list?.length ? list : undefined);

export function filterOf(body: ListBody): ListingFilter {
  return {
    city: body.CityName?.trim() || undefined,
    saleType: body.SaleType,
    mlsNumber: body.MLSNumber?.trim() || undefined,
    statuses: body.Status ? [body.Status] : undefined,
    propertyType: body.PropertyType?.trim() || undefined,
    minPrice: body.MinPrice,
    maxPrice: body.MaxPrice,
    minBedrooms: body.MinBedrooms,
    maxBedrooms: body.MaxBedrooms,
    minBathrooms: body.MinBathrooms,
    maxBathrooms: body.MaxBathrooms,
    minArea: body.MinArea,
    maxArea: body.MaxArea,
    minLot: body.MinLot,
    maxLot: body.MaxLot,
    minYear: body.MinYear,
    maxYear: body.MaxYear,
    maxHoa: body.MaxHOA,
    noHoa: body.NoHOA || undefined,
    types: some(body.Types),
    notTypes: some(body.NotTypes),
    features: some(body.Features),
    notFeatures: some(body.NotFeatures),
    minDaysOnMarket: body.MinDaysOnMarket,
    maxDaysOnMarket: body.MaxDaysOnMarket,
    keywords: keywordsOf(body.Keyword),
    near: body.Near
      ? { latitude: body.Near.Latitude, longitude: body.Near.Longitude, radiusKm: body.Near.RadiusKm }
      : undefined,
  };
}

/**
 * How deep RealEstateList pages: PageNumber × PageSize at most this. A page's offset is walked
 * in the index, so a deeper page costs more; this keeps every page fast at 1,000,000 listings
 * (bench/README.md) and still pages through 100,000 matches, more than a narrowed search holds.
 */
export const MAX_PAGED = 100_000;

export async function listListings(ctx: ServiceContext, body: ListBody) {
  if (body.PageNumber * body.PageSize > MAX_PAGED) {
    throw new Invalid(
      'PageNumber',
      `pages reach the first ${MAX_PAGED} matches (PageNumber × PageSize at most ${MAX_PAGED}, here ${body.PageNumber * body.PageSize}): narrow the search with filters`,
    );
  }
  const owner = await ownerOf(ctx, body.SerialNumber);
  return searchListings(ctx.db, owner, filterOf(body), {
    sort: body.SortBy,
    offset: (body.PageNumber - 1) * body.PageSize,
    limit: body.PageSize,
  });
}

/** Deletes the listings the keys name; keys that match nothing are ignored. */
export async function deleteListingsByKey(ctx: ServiceContext, body: DeleteBody): Promise<number> {
  const owner = await ownerOf(ctx, body.SerialNumber);
  return deleteListings(ctx.db, owner, body.KeyType, [...new Set(body.Keys.map((k) => k.trim()))]);
}

/**
 * Rows written per statement by insertMany: about 45 parameters a row, so 500 rows stay under
 * SQLite's 32,766-parameter limit.
 */
export const INSERT_CHUNK = 500;

/**
 * New listings in one multi-row statement (the CLI's import: a fresh import is mostly new rows,
 * and one statement per few hundred rows costs a fraction of one per row), their columns made
 * as a Create makes them. At most INSERT_CHUNK at a time; all or none.
 */
export async function insertMany(db: Kysely<Database>, owner: Owner, fields: ListingFields[], now: Date) {
  await insertListingRows(
    db,
    fields.map((f) => ({ owner, columns: columnsFor(f), now })),
  );
}

export { listingsByMlsNumber };

const sameValue = (a: unknown, b: unknown) =>
  a === null || a === undefined || b === null || b === undefined
    ? (a ?? null) === (b ?? null)
    : typeof a === 'number' || typeof b === 'number'
      ? Number(a) === Number(b)
      : String(a) === String(b);

/** Whether applying `fields` to the listing would change none of its columns (an import then skips the write). */
export function isUnchanged(existing: Listing, fields: Partial<ListingFields>): boolean {
  return Object.entries(columnsOf(fields)).every(([column, value]) =>
    sameValue(existing[column as keyof Listing], value),
  );
}

/** Rows deleted per statement when pruning: well under either database's parameter limit. */
const PRUNE_CHUNK = 500;

/**
 * The chatbot's listings whose MLS numbers `keep` does not hold (a feed's sync, `--prune`):
 * counted, and removed in one transaction unless `dryRun`.
 */
export async function pruneListings(db: Kysely<Database>, owner: Owner, keep: Set<string>, dryRun: boolean) {
  const gone = (await mlsNumbersOf(db, owner)).filter((m) => !keep.has(m));
  if (dryRun || gone.length === 0) return gone.length;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < gone.length; i += PRUNE_CHUNK) {
      await deleteListings(trx, owner, 'MLSNumber', gone.slice(i, i + PRUNE_CHUNK));
    }
  });
  return gone.length;
}
