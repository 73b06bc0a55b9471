// Reminders due (tours/reminders.ts): the appointments whose remind_at has come, and the
// conditional update that lets exactly one job, on any instance, queue each reminder.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { Appointment } from './repo.ts';

export async function dueReminders(
  db: Kysely<Database>,
  now: Date,
  limit: number,
  workspaceIds?: readonly number[],
): Promise<Appointment[]> {
  let q = db
    .selectFrom('appointments')
    .selectAll()
    .where('remind_at', '<=', now.toISOString())
    .where('status', '=', 'booked');
  if (workspaceIds) q = q.where('workspace_id', 'in', workspaceIds.length ? [...workspaceIds] : [-1]);
  return q.orderBy('remind_at').limit(limit).execute();
}

/**
 * Takes the reminder: clears remind_at if it still holds the value read. Answers false when
 * another job (or a reschedule) changed it first.
 */
export async function takeReminder(trx: Kysely<Database>, id: number, remindAt: string): Promise<boolean> {
  const r = await trx
    .updateTable('appointments')
    .set({ remind_at: null })
    .where('id', '=', id)
    .where('remind_at', '=', remindAt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
