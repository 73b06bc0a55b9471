// Availability and appointments; with repo-slots.ts and repo-reminders.ts, the only modules of
// tours/ that touch the database. Every query is scoped by workspace or by a chatbot already scoped.
import { type Kysely, type Selectable, sql } from 'kysely';
import { isPostgres } from '../db/connect.ts';
import type { AppointmentTable, Database, TourAvailabilityTable } from '../db/tables.ts';
import type { Availability } from './availability.ts';
import { countInterval } from './repo-slots.ts';

export type Appointment = Selectable<AppointmentTable>;
type AvailabilityRow = Selectable<TourAvailabilityTable>;

function availabilityOfRow(row: AvailabilityRow): Availability {
  return {
    hours: JSON.parse(row.hours) as Availability['hours'],
    slotMinutes: row.slot_minutes,
    bufferMinutes: row.buffer_minutes,
    noticeMinutes: row.notice_minutes,
    horizonDays: row.horizon_days,
    capacity: row.capacity,
    blockedDates: JSON.parse(row.blocked_dates) as string[],
    reminderMinutes: row.reminder_minutes,
    maxUpcoming: row.max_upcoming,
  };
}

export async function findAvailability(db: Kysely<Database>, chatbotId: number): Promise<Availability | null> {
  const row = await db
    .selectFrom('tour_availability')
    .selectAll()
    .where('chatbot_id', '=', chatbotId)
    .executeTakeFirst();
  return row ? availabilityOfRow(row) : null;
}

/**
 * The chatbot's availability with its row locked until the transaction ends: bookings of one
 * chatbot take turns here, so that the count each one reads is the truth when it writes
 * (PostgreSQL; SQLite's transactions are already one at a time and reject FOR UPDATE).
 */
export async function lockAvailability(trx: Kysely<Database>, chatbotId: number): Promise<Availability | null> {
  let q = trx.selectFrom('tour_availability').selectAll().where('chatbot_id', '=', chatbotId);
  if (isPostgres(trx)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? availabilityOfRow(row) : null;
}

export async function saveAvailability(
  db: Kysely<Database>,
  workspaceId: number,
  chatbotId: number,
  a: Availability,
  now: Date,
): Promise<void> {
  const values = {
    hours: JSON.stringify(a.hours),
    slot_minutes: a.slotMinutes,
    buffer_minutes: a.bufferMinutes,
    notice_minutes: a.noticeMinutes,
    horizon_days: a.horizonDays,
    capacity: a.capacity,
    blocked_dates: JSON.stringify(a.blockedDates),
    reminder_minutes: a.reminderMinutes,
    max_upcoming: a.maxUpcoming,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('tour_availability')
    .values({ chatbot_id: chatbotId, workspace_id: workspaceId, ...values })
    .onConflict((oc) => oc.column('chatbot_id').doUpdateSet(values))
    .execute();
}

export type NewAppointment = Omit<Appointment, 'id' | 'sequence' | 'status' | 'assigned_user_id'>;

/** Books: the appointment and its interval's count, in the caller's transaction. */
export async function insertAppointment(trx: Kysely<Database>, a: NewAppointment): Promise<Appointment> {
  const row = await trx
    .insertInto('appointments')
    .values({ ...a, status: 'booked', sequence: 0, assigned_user_id: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  await countInterval(trx, row.chatbot_id, row.start_at, row.end_at, 1);
  return row;
}

export async function findAppointment(
  db: Kysely<Database>,
  workspaceId: number,
  id: number,
  forUpdate = false,
): Promise<Appointment | undefined> {
  let q = db.selectFrom('appointments').selectAll().where('id', '=', id).where('workspace_id', '=', workspaceId);
  if (forUpdate && isPostgres(db)) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * An appointment by its ID alone, whatever its workspace: only for a signed manage link, whose
 * signature (checked next with that workspace's key) is the credential.
 */
export async function appointmentForLink(db: Kysely<Database>, id: number): Promise<Appointment | undefined> {
  return db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();
}

export type AppointmentChange = Partial<
  Pick<Appointment, 'start_at' | 'end_at' | 'status' | 'remind_at' | 'assigned_user_id'>
> & { raiseSequence?: boolean };

/**
 * Changes a booked appointment, and the interval counts when it is cancelled or moved (in the
 * caller's transaction); undefined when it is not (any more) booked.
 */
export async function updateAppointment(
  trx: Kysely<Database>,
  workspaceId: number,
  id: number,
  change: AppointmentChange,
  now: Date,
): Promise<Appointment | undefined> {
  const before = await findAppointment(trx, workspaceId, id, true);
  if (before?.status !== 'booked') return undefined;
  const after = await changeRow(trx, workspaceId, id, change, now);
  if (!after) return undefined;
  const moved = after.start_at !== before.start_at || after.end_at !== before.end_at;
  if (after.status !== 'booked' || moved) {
    await countInterval(trx, before.chatbot_id, before.start_at, before.end_at, -1);
  }
  if (after.status === 'booked' && moved) await countInterval(trx, after.chatbot_id, after.start_at, after.end_at, 1);
  return after;
}

function changeRow(trx: Kysely<Database>, workspaceId: number, id: number, change: AppointmentChange, now: Date) {
  const { raiseSequence, ...columns } = change;
  return trx
    .updateTable('appointments')
    .set({
      ...columns,
      ...(raiseSequence ? { sequence: sql<number>`sequence + 1` } : {}),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'booked')
    .returningAll()
    .executeTakeFirst();
}

export interface AppointmentFilter {
  chatbotId: number;
  /** start_at from (inclusive) and to (exclusive), ISO 8601 UTC. */
  from: string;
  to: string;
  status: string | null;
  assignedUserId?: number | null;
  limit: number;
}

/** A chatbot's appointments starting in the range, earliest first (AppointmentList, the agenda). */
export async function appointmentsBetween(
  db: Kysely<Database>,
  workspaceId: number,
  f: AppointmentFilter,
): Promise<Appointment[]> {
  let q = db
    .selectFrom('appointments')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('chatbot_id', '=', f.chatbotId)
    .where('start_at', '>=', f.from)
    .where('start_at', '<', f.to);
  if (f.status !== null) q = q.where('status', '=', f.status);
  if (f.assignedUserId !== undefined && f.assignedUserId !== null) {
    q = q.where('assigned_user_id', '=', f.assignedUserId);
  }
  return q.orderBy('start_at').orderBy('id').limit(f.limit).execute();
}

/** The appointments of the given leads. */
export async function appointmentsOfLeads(db: Kysely<Database>, workspaceId: number, leadIds: number[]) {
  if (leadIds.length === 0) return [];
  return db
    .selectFrom('appointments')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('lead_id', 'in', leadIds)
    .execute();
}

/** A session's appointments, newest first (the conversation view, the widget's own). */
export async function appointmentsOfSession(db: Kysely<Database>, workspaceId: number, sessionId: number) {
  return db
    .selectFrom('appointments')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('session_id', '=', sessionId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}
