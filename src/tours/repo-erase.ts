// What the privacy feature reads and removes of appointments (privacy/README.md). A booked
// appointment leaves its interval's count in the same transaction (repo-slots.ts), so that
// tour_slot_counts stays the booked appointments per interval (docs/tours.md, "Data").
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { countInterval } from './repo-slots.ts';

/** An appointment as the eraser sees it. */
export interface AppointmentContact {
  id: number;
  session_id: number | null;
  lead_id: number;
  email: string;
  phone: string;
}

const COLUMNS = ['id', 'session_id', 'lead_id', 'email', 'phone'] as const;

/** The workspace's appointments of a visitor by e-mail key and/or phone key (tours/contact.ts). */
export async function appointmentsOfContact(
  db: Kysely<Database>,
  workspaceId: number,
  keys: { email: string | null; phone: string | null },
): Promise<AppointmentContact[]> {
  const { email, phone } = keys;
  if (email === null && phone === null) return [];
  return db
    .selectFrom('appointments')
    .select(COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .where((eb) =>
      eb.or([
        ...(email !== null ? [eb('email_key', '=', email)] : []),
        ...(phone !== null ? [eb('phone_key', '=', phone)] : []),
      ]),
    )
    .execute();
}

/** The appointments of the sessions or of the leads, in the workspace. */
export async function appointmentsOfSessionsOrLeads(
  db: Kysely<Database>,
  workspaceId: number,
  sessionIds: number[],
  leadIds: number[],
): Promise<AppointmentContact[]> {
  if (sessionIds.length === 0 && leadIds.length === 0) return [];
  return db
    .selectFrom('appointments')
    .select(COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .where((eb) =>
      eb.or([
        ...(sessionIds.length ? [eb('session_id', 'in', sessionIds)] : []),
        ...(leadIds.length ? [eb('lead_id', 'in', leadIds)] : []),
      ]),
    )
    .execute();
}

/**
 * Deletes the appointments, taking the booked ones out of their intervals' counts, in the
 * caller's transaction; answers how many were deleted.
 */
export async function eraseAppointments(trx: Kysely<Database>, workspaceId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await trx
    .deleteFrom('appointments')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .returning(['chatbot_id', 'status', 'start_at', 'end_at'])
    .execute();
  for (const a of rows) {
    if (a.status === 'booked') await countInterval(trx, a.chatbot_id, a.start_at, a.end_at, -1);
  }
  return rows.length;
}
