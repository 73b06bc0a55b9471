// Whether the database answers (the readiness check, health/routes.ts).
import { sql } from 'kysely';
import type { Db } from './connect.ts';

export async function databaseAnswers(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
