import type { MigrationDb } from './columns.ts';

// Why a PUT's bytes were refused, so that CompleteUpload answers with that refusal (413/415
// and the reason) instead of 404: platform clients call their completion step after a PUT
// whatever it answered. JSON {"kind": "too_large" | "unsupported_type", "message"}.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('files').addColumn('rejection', 'text').execute();
}
