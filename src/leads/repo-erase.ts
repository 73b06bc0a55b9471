// What the privacy feature reads and removes of leads: a visitor's erasure and the retention
// sweep (privacy/README.md). Every query is scoped by workspace or by a chatbot.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** A lead's contact as the eraser matches it. */
export interface LeadContact {
  id: number;
  session_id: number | null;
  email: string;
  phone: string;
}

/** The workspace's leads whose e-mail is `email` in any case (`email` lower-case). */
export async function leadsWithEmail(db: Kysely<Database>, workspaceId: number, email: string): Promise<LeadContact[]> {
  return db
    .selectFrom('leads')
    .select(['id', 'session_id', 'email', 'phone'])
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .execute();
}

/**
 * The workspace's leads that have a phone, after `afterId`, in ID order: phones are stored as
 * visitors typed them, so the eraser compares their normalised forms itself, a page at a time.
 */
export async function leadPhones(
  db: Kysely<Database>,
  workspaceId: number,
  afterId: number,
  limit: number,
): Promise<LeadContact[]> {
  return db
    .selectFrom('leads')
    .select(['id', 'session_id', 'email', 'phone'])
    .where('workspace_id', '=', workspaceId)
    .where('phone', '!=', '')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The leads of the sessions, and those of `ids`, that belong to the workspace. */
export async function leadContacts(
  db: Kysely<Database>,
  workspaceId: number,
  sessionIds: number[],
  ids: number[],
): Promise<LeadContact[]> {
  if (sessionIds.length === 0 && ids.length === 0) return [];
  return db
    .selectFrom('leads')
    .select(['id', 'session_id', 'email', 'phone'])
    .where('workspace_id', '=', workspaceId)
    .where((eb) =>
      eb.or([
        ...(sessionIds.length ? [eb('session_id', 'in', sessionIds)] : []),
        ...(ids.length ? [eb('id', 'in', ids)] : []),
      ]),
    )
    .execute();
}

/** Deletes the leads (their appointments first: tours/); answers how many. */
export async function deleteLeads(db: Kysely<Database>, workspaceId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .deleteFrom('leads')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A chatbot's leads created before `before`, oldest first: the retention sweep's batch. */
export async function leadsOlderThan(
  db: Kysely<Database>,
  chatbotId: number,
  before: string,
  limit: number,
): Promise<LeadContact[]> {
  return db
    .selectFrom('leads')
    .select(['id', 'session_id', 'email', 'phone'])
    .where('chatbot_id', '=', chatbotId)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
