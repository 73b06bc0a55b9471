import { sql } from 'kysely';
import { contactHash, contactKeysIn } from '../contact.ts';
import type { Dialect } from '../db/connect.ts';
import type { MigrationDb } from './columns.ts';

// The contacts an agent wrote in a reply are recorded in message_contacts as a question's are
// (chat/repo-contacts.ts), so that an erasure finds a session where only the agent wrote the
// visitor's e-mail or phone. Filled here from the agents' replies already stored.
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  const PAGE = 5000;
  for (let after = 0; ; ) {
    const rows = await sql<{ id: number; workspace_id: number; session_id: number; content: string }>`
      select id, workspace_id, session_id, content from messages
      where role = 'agent' and id > ${after} order by id limit ${PAGE}`.execute(db);
    const found = new Map<string, { workspace_id: number; session_id: number; contact_hash: string }>();
    for (const r of rows.rows) {
      for (const key of contactKeysIn(r.content)) {
        const contact_hash = contactHash(key);
        found.set(`${r.session_id}:${contact_hash}`, {
          workspace_id: r.workspace_id,
          session_id: r.session_id,
          contact_hash,
        });
      }
    }
    const values = [...found.values()];
    for (let i = 0; i < values.length; i += 500) {
      const rowsSql = values.slice(i, i + 500).map((v) => sql`(${v.workspace_id}, ${v.session_id}, ${v.contact_hash})`);
      await sql`insert into message_contacts (workspace_id, session_id, contact_hash)
        values ${sql.join(rowsSql)} on conflict do nothing`.execute(db);
    }
    const last = rows.rows[rows.rows.length - 1];
    if (!last || rows.rows.length < PAGE) return;
    after = Number(last.id);
  }
}
