// What a slot search and a booking count (tours/README.md): the booked showings per interval
// (tour_slot_counts, kept here in the transaction of every change to an appointment), the
// showings near a slot, and a visitor's upcoming ones.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { BookedInterval } from './slots.ts';

const iso = (t: number) => new Date(t).toISOString();

/**
 * Booked showings that come into [from, to), counted per interval: read from
 * tour_slot_counts, one row per interval of the window however many showings are booked.
 */
export async function bookedIntervals(
  db: Kysely<Database>,
  chatbotId: number,
  from: number,
  to: number,
): Promise<BookedInterval[]> {
  const rows = await db
    .selectFrom('tour_slot_counts')
    .select(['start_at', 'end_at', 'booked'])
    .where('chatbot_id', '=', chatbotId)
    .where('start_at', '<', iso(to))
    .where('end_at', '>', iso(from))
    .where('booked', '>', 0)
    .execute();
  return rows.map((r) => ({ start: instantOfText(r.start_at), end: instantOfText(r.end_at), count: r.booked }));
}

/** Stored times read back: the same few hundred on every search, parsed once each (bounded). */
const KNOWN_TIMES = 50_000;
const times = new Map<string, number>();

function instantOfText(text: string): number {
  let t = times.get(text);
  if (t === undefined) {
    if (times.size >= KNOWN_TIMES) times.clear();
    t = Date.parse(text);
    times.set(text, t);
  }
  return t;
}

/**
 * Adds `delta` to the booked count of an interval. Called only below, in the transaction
 * that books, cancels or moves the appointment, so that the counts are always the booked
 * appointments per interval.
 */
export async function countInterval(
  trx: Kysely<Database>,
  chatbotId: number,
  startAt: string,
  endAt: string,
  delta: number,
) {
  await trx
    .insertInto('tour_slot_counts')
    .values({ chatbot_id: chatbotId, start_at: startAt, end_at: endAt, booked: delta })
    .onConflict((oc) =>
      oc
        .columns(['chatbot_id', 'start_at', 'end_at'])
        .doUpdateSet({ booked: sql<number>`tour_slot_counts.booked + ${delta}` }),
    )
    .execute();
}

/** Booked showings within `bufferMs` of [start, end), but `except` (the one being moved). */
export async function overlappingCount(
  trx: Kysely<Database>,
  chatbotId: number,
  slot: { start: number; end: number },
  bufferMs: number,
  except: number | null,
): Promise<number> {
  let q = trx
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('chatbot_id', '=', chatbotId)
    .where('status', '=', 'booked')
    .where('start_at', '<', iso(slot.end + bufferMs))
    .where('end_at', '>', iso(slot.start - bufferMs));
  if (except !== null) q = q.where('id', '!=', except);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export interface VisitorKeys {
  sessionId: number | null;
  emailKey: string;
  phoneKey: string;
}

/** The visitor's showings still to come on the chatbot: by session, e-mail or phone. */
export async function upcomingOfVisitor(
  trx: Kysely<Database>,
  chatbotId: number,
  now: Date,
  v: VisitorKeys,
): Promise<number> {
  if (v.sessionId === null && !v.emailKey && !v.phoneKey) return 0;
  const row = await trx
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('chatbot_id', '=', chatbotId)
    .where('status', '=', 'booked')
    .where('start_at', '>', now.toISOString())
    .where((eb) =>
      eb.or([
        ...(v.sessionId !== null ? [eb('session_id', '=', v.sessionId)] : []),
        ...(v.emailKey ? [eb('email_key', '=', v.emailKey)] : []),
        ...(v.phoneKey ? [eb('phone_key', '=', v.phoneKey)] : []),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
