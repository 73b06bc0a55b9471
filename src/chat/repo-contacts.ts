// The contacts written in a session (message_contacts, migrations 029 and 031): an e-mail or a
// phone written in a visitor's question or in an agent's reply is recorded, as the SHA-256 of
// its key (src/contact.ts), when the message is stored, so that an erasure finds the sessions that
// carried a person's contact with an index lookup (privacy/person.ts) instead of reading every
// message of the workspace. The rows go with their session.
import type { Kysely } from 'kysely';
import { contactHash, contactKeysIn } from '../contact.ts';
import type { Database } from '../db/tables.ts';

/** Records the contacts written in a question or an agent's reply (in the caller's transaction). */
export async function recordContacts(
  db: Kysely<Database>,
  workspaceId: number,
  sessionId: number,
  text: string,
): Promise<void> {
  const keys = contactKeysIn(text);
  if (keys.length === 0) return;
  await db
    .insertInto('message_contacts')
    .values(keys.map((k) => ({ workspace_id: workspaceId, session_id: sessionId, contact_hash: contactHash(k) })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Sessions of the workspace in which one of the contact keys (`email:<emailKey>`,
 * `phone:<phoneKey>`) was written in a question or an agent's reply: a visitor who typed their
 * e-mail or phone into the chat, or whose agent wrote it back to them, carried it there
 * without leaving a lead.
 */
export async function sessionsWhereVisitorWrote(
  db: Kysely<Database>,
  workspaceId: number,
  keys: string[],
): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('message_contacts')
    .select('session_id')
    .where('workspace_id', '=', workspaceId)
    .where('contact_hash', 'in', keys.map(contactHash))
    .execute();
  return [...new Set(rows.map((r) => r.session_id))];
}
