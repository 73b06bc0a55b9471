// Test-only helpers: the evaluation listings (test/fixtures/eval, copies of the published sets) loaded
// into a chatbot, a way to ask the engine, and an independent oracle of which listings
// match a set of criteria, computed from the JSON rather than through the engine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SETTINGS, insertChatbot, type Settings } from '../../chatbots/index.ts';
import type { Db } from '../../db/connect.ts';
import { insertChecked, type ListingFields } from '../../listings/index.ts';
import type { AnswerEngine, AnswerRequest, AskType } from '../engine.ts';
import { listingSearchFor } from '../listing-search.ts';

/** The answer sets the suite uses, kept in the repository so that a lone clone tests. */
export const EVAL_DIR = join(import.meta.dirname, '../../../test/fixtures/eval');
export const evalListings = JSON.parse(readFileSync(join(EVAL_DIR, 'listings.json'), 'utf8')) as ListingFields[];
export const MLS_RE = /PA[0-9]{6}/g;

export type BaseRequest = Omit<AnswerRequest, 'question'>;

export async function loadChatbot(
  db: Db,
  workspaceId: number,
  settings: Partial<Settings>,
  listings: ListingFields[] = evalListings,
): Promise<BaseRequest> {
  const all: Settings = { ...DEFAULT_SETTINGS, TimeZone: 'America/Chicago', ...settings };
  const now = new Date('2026-11-02T15:00:00Z');
  const bot = await insertChatbot(db.kysely, workspaceId, 0, all, now);
  const owner = { workspaceId, chatbotId: bot.id };
  await db.kysely.transaction().execute(async (trx) => {
    for (const l of listings) await insertChecked(trx, owner, l, now);
  });
  return {
    chatbot: { id: bot.id, workspaceId, serialNumber: bot.serialNumber, settings: all },
    sessionId: 1,
    history: [],
    now,
    signal: new AbortController().signal,
    listings: listingSearchFor(db, workspaceId, bot.id),
  };
}

export interface Asked {
  content: string;
  fragments: string[];
  noAnswer: boolean;
  named: string[];
}

export async function ask(
  engine: AnswerEngine,
  base: BaseRequest,
  content: string,
  askType: AskType = 'Text',
): Promise<Asked> {
  const fragments: string[] = [];
  const outcome = await engine.answer({ ...base, question: { id: 1, content, askType, fileIds: [] } }, (f) =>
    fragments.push(f),
  );
  const text = fragments.join('');
  return { content: text, fragments, noAnswer: outcome.noAnswer, named: [...new Set(text.match(MLS_RE) ?? [])] };
}

export interface Criteria {
  city?: string;
  sale?: 'for_sale' | 'for_rent';
  sold?: boolean;
  minBeds?: number;
  maxBeds?: number;
  minBaths?: number;
  minPrice?: number;
  maxPrice?: number;
  type?: string;
  /** Any of these type names (the conversation set's conventions: "maison" is a house, a townhouse or a multi-family). */
  types?: string[];
  feature?: string;
}

/** MLS numbers of the evaluation listings that match, read straight from the JSON. */
export function matching(c: Criteria): string[] {
  return evalListings
    .filter((l) => {
      const price = l.SaleType === 'for_rent' ? l.RentPrice : l.SalePrice;
      const statusOk = c.sold ? l.Status === 'Sold' : l.Status !== 'Sold';
      const feature = (l.ExtensionColumn ?? []).some((e) => e.Key === c.feature && e.value === 'Yes');
      return (
        statusOk &&
        (!c.city || l.City === c.city) &&
        (!c.sale || l.SaleType === c.sale) &&
        (c.minBeds === undefined || l.Bedrooms >= c.minBeds) &&
        (c.maxBeds === undefined || l.Bedrooms <= c.maxBeds) &&
        (c.minBaths === undefined || l.Bathrooms >= c.minBaths) &&
        (c.minPrice === undefined || (price ?? -1) >= c.minPrice) &&
        (c.maxPrice === undefined || (price ?? Number.POSITIVE_INFINITY) <= c.maxPrice) &&
        (!c.type || l.PropertyType === c.type) &&
        (!c.types || c.types.includes(l.PropertyType)) &&
        (!c.feature || feature)
      );
    })
    .map((l) => l.MLSNumber);
}

/** The request with a conversation kept in memory: its turns follow each other as in a session. */
export function inSession(base: BaseRequest): BaseRequest {
  let saved: unknown = null;
  return {
    ...base,
    conversation: {
      load: async () => saved,
      save: async (state) => {
        saved = JSON.parse(JSON.stringify(state));
      },
    },
  };
}
