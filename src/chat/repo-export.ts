// Conversations read for an export (ExportConversations, docs/review.md): a chatbot's messages
// in a time range with their ratings, in (created_at, id) order, a batch at a time from the
// (chatbot_id, created_at) index, so that an export of any size holds one batch in memory.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

export interface ExportCursor {
  at: string;
  id: number;
}

export async function exportBatch(
  db: Kysely<Database>,
  workspaceId: number,
  chatbotId: number,
  range: { from: string; to: string },
  after: ExportCursor | null,
  limit: number,
) {
  let q = db
    .selectFrom('messages as m')
    .leftJoin('answer_ratings as r', 'r.message_id', 'm.id')
    .select([
      'm.id',
      'm.session_id',
      'm.role',
      'm.content',
      'm.question_id',
      'm.no_answer',
      'm.engine',
      'm.status',
      'm.total_token',
      'm.created_at',
      'r.rating',
      'r.reason',
    ])
    .where('m.chatbot_id', '=', chatbotId)
    .where('m.workspace_id', '=', workspaceId)
    .where('m.created_at', '>=', range.from)
    .where('m.created_at', '<', range.to);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('m.created_at', '>', after.at),
        eb.and([eb('m.created_at', '=', after.at), eb('m.id', '>', after.id)]),
      ]),
    );
  }
  return q.orderBy('m.created_at').orderBy('m.id').limit(limit).execute();
}
