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

/**
 * A batch of the chatbot's conversations (sessions with a question) begun in the range, in
 * (created_at, id) order from the cursor, each with its counts of questions, answers, answers
 * with no answer and ratings up and down.
 */
export async function conversationExportBatch(
  db: Kysely<Database>,
  workspaceId: number,
  chatbotId: number,
  range: { from: string; to: string },
  after: ExportCursor | null,
  limit: number,
) {
  let q = db
    .selectFrom('sessions as s')
    .select(['s.id', 's.created_at', 's.last_activity_at', 's.lead_at', 's.uri'])
    .where('s.chatbot_id', '=', chatbotId)
    .where('s.workspace_id', '=', workspaceId)
    .where('s.created_at', '>=', range.from)
    .where('s.created_at', '<', range.to)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('messages as q')
          .select('q.id')
          .whereRef('q.session_id', '=', 's.id')
          .where('q.role', '=', 'user'),
      ),
    );
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('s.created_at', '>', after.at),
        eb.and([eb('s.created_at', '=', after.at), eb('s.id', '>', after.id)]),
      ]),
    );
  }
  const sessions = await q.orderBy('s.created_at').orderBy('s.id').limit(limit).execute();
  const ids = sessions.map((s) => s.id);
  if (ids.length === 0) return [];
  const [messages, ratings] = await Promise.all([
    db
      .selectFrom('messages')
      .select((eb) => ['session_id', 'role', 'no_answer', eb.fn.countAll<number | string>().as('n')])
      .where('workspace_id', '=', workspaceId)
      .where('session_id', 'in', ids)
      .groupBy(['session_id', 'role', 'no_answer'])
      .execute(),
    db
      .selectFrom('answer_ratings')
      .select((eb) => ['session_id', 'rating', eb.fn.countAll<number | string>().as('n')])
      .where('workspace_id', '=', workspaceId)
      .where('session_id', 'in', ids)
      .groupBy(['session_id', 'rating'])
      .execute(),
  ]);
  return sessions.map((s) => {
    const count = <T extends { session_id: number; n: number | string }>(rows: T[], keep: (r: T) => boolean) =>
      rows.filter((r) => r.session_id === s.id && keep(r)).reduce((n, r) => n + Number(r.n), 0);
    return {
      ...s,
      questions: count(messages, (m) => m.role === 'user'),
      answers: count(messages, (m) => m.role === 'assistant'),
      noAnswer: count(messages, (m) => m.role === 'assistant' && m.no_answer === 1),
      agentReplies: count(messages, (m) => m.role === 'agent'),
      ratedUp: count(ratings, (r) => r.rating === 'up'),
      ratedDown: count(ratings, (r) => r.rating === 'down'),
    };
  });
}
