import { sql } from 'kysely';
import { contactHash, contactKeysIn } from '../contact.ts';
import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref } from './columns.ts';

// The contacts visitors typed in their questions (chat/repo-contacts.ts, docs/privacy.md):
// one row per session and contact key (`email:…`, `phone:…`, src/contact.ts) it carried,
// stored as the key's SHA-256, so that an erasure finds the sessions where a person wrote
// their e-mail or phone with an index lookup instead of reading every message of the
// workspace. Removed with their session. Filled here from the questions already stored.
// - message_removals: per chatbot, how many of its questions and answers the retention sweep or
//   an erasure removed (a count, nothing of them), so that its message count keeps them.
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('message_removals')
    .addColumn('chatbot_id', 'integer', (c) => c.primaryKey().references('chatbots.id').onDelete('cascade'))
    .addColumn('messages', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('message_contacts')
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('session_id', 'integer', ref('sessions'))
    .addColumn('contact_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_contacts_pk', ['session_id', 'contact_hash'])
    .execute();
  await db.schema
    .createIndex('message_contacts_hash')
    .on('message_contacts')
    .columns(['workspace_id', 'contact_hash'])
    .execute();

  const PAGE = 5000;
  for (let after = 0; ; ) {
    const rows = await sql<{ id: number; workspace_id: number; session_id: number; content: string }>`
      select id, workspace_id, session_id, content from messages
      where role = 'user' and id > ${after} order by id limit ${PAGE}`.execute(db);
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
