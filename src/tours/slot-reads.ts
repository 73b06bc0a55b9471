// What a slot search reads on every request, answered from memory while nothing it depends on
// changed (db/result-cache.ts; docs/tours.md, "Speed"): the session's chatbot, the chatbot's
// availability, and the free slots of a window's days. Every booking, cancel and move writes
// tour_slot_counts and every hours change writes tour_availability (or chatbots, for the time
// zone), which ends the generation these were read under, on every instance (PostgreSQL's
// cache_generations), so a search never answers from before a change acknowledged earlier.
// The free slots are kept per local day span, before the notice and horizon (which move with
// the clock) are applied: the same entry serves a whole day of requests.
import { findSession } from '../chat/index.ts';
import { type Chatbot, findChatbotById } from '../chatbots/index.ts';
import type { Db } from '../db/connect.ts';
import { createResultCache, type ResultCache } from '../db/result-cache.ts';
import { NotFound } from '../errors.ts';
import { type Availability, availabilityOf } from './availability.ts';
import { findAvailability } from './repo.ts';
import type { Slot } from './slots.ts';

/**
 * One cache for all of them, so that a request reads one generation (one PRAGMA on SQLite, one
 * lookup on PostgreSQL). A session's chatbot is read again after every booking: one row.
 */
const TABLES = ['sessions:delete', 'chatbots', 'workspaces', 'tour_availability', 'tour_slot_counts'] as const;
const byDb = new WeakMap<Db, ResultCache<unknown>>();

function cacheOf(db: Db): ResultCache<unknown> {
  let c = byDb.get(db);
  if (!c) {
    c = createResultCache<unknown>(db, TABLES);
    byDb.set(db, c);
  }
  return c;
}

/** The reads of one request: the generation is read once, at the first read (after it arrived). */
export interface SlotReads {
  /** The chatbot ID of a session of the workspace; NotFound when there is none. */
  sessionChatbotId(workspaceId: number, sessionId: number): Promise<number>;
  chatbot(id: number): Promise<Chatbot | undefined>;
  /** The chatbot's availability; none set means no hours. Shared: never change it. */
  availability(chatbotId: number): Promise<Availability>;
  /** The free slots under `key` (the chatbot, its zone and availability, the days), or `read()`. */
  freeSlots(key: string, read: () => Promise<Slot[]>): Promise<readonly Slot[]>;
}

export function slotReads(db: Db): SlotReads {
  const cache = cacheOf(db);
  let generation: Promise<string | null> | undefined;
  const cached = <T>(key: string, read: () => Promise<T>) => {
    generation ??= cache.generation();
    return cache.get(key, read, generation) as Promise<T>;
  };
  return {
    sessionChatbotId: (workspaceId, sessionId) =>
      cached(`s${workspaceId}:${sessionId}`, async () => {
        const session = await findSession(db.kysely, workspaceId, sessionId);
        // Thrown, so not kept: a session made later is found then.
        if (!session) throw new NotFound(`session ${sessionId}`);
        return session.chatbot_id;
      }),
    chatbot: (id) => cached(`c${id}`, () => findChatbotById(db.kysely, id)),
    availability: (chatbotId) =>
      cached(
        `a${chatbotId}`,
        async () => (await findAvailability(db.kysely, chatbotId)) ?? availabilityOf({ Hours: [] }),
      ),
    freeSlots: (key, read) => cached(`f${key}`, read),
  };
}

const fingerprints = new WeakMap<Availability, string>();

/** An availability as a cache key part (written once per availability object). */
export function availabilityKey(a: Availability): string {
  let key = fingerprints.get(a);
  if (key === undefined) {
    key = JSON.stringify(a);
    fingerprints.set(a, key);
  }
  return key;
}
