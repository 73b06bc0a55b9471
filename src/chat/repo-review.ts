// The review queue's reads and its resolutions (review_resolutions), docs/review.md: answers
// rated down, answers with noAnswer, answers that found no knowledge passage (one item per
// answer, whatever of these it is) and handoffs (sessions where a lead was left), newest first.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

export type ReviewKind = 'down' | 'no_answer' | 'knowledge' | 'handoff';

export interface ReviewFilter {
  workspaceId: number;
  chatbotId: number | null;
  engine: string | null;
  kind: ReviewKind | null;
  /** A rating's reason, matched whole and case-blind (only rated-down answers have one). */
  reason: string | null;
  resolved: boolean;
  /** The newest `limit` items after skipping `offset`. */
  offset: number;
  limit: number;
}

export interface ReviewRow {
  kind: 'answer' | 'handoff';
  refId: number;
  chatbotId: number;
  sessionId: number;
  engine: string | null;
  question: string;
  answer: string;
  noAnswer: boolean;
  knowledgeMiss: boolean;
  rating: string | null;
  reason: string | null;
  at: string;
  resolvedBy: string | null;
  resolvedAt: string | null;
  qaQuestion: string | null;
  qaAnswer: string | null;
}

async function answerRows(db: Kysely<Database>, f: ReviewFilter, take: number): Promise<ReviewRow[]> {
  let q = db
    .selectFrom('messages as m')
    .leftJoin('answer_ratings as r', 'r.message_id', 'm.id')
    .leftJoin('messages as qm', 'qm.id', 'm.question_id')
    .leftJoin('review_resolutions as x', (j) =>
      j.onRef('x.ref_id', '=', 'm.id').onRef('x.workspace_id', '=', 'm.workspace_id').on('x.kind', '=', 'answer'),
    )
    .select((eb) => [
      'm.id',
      'm.chatbot_id',
      'm.session_id',
      'm.engine',
      'm.content',
      'm.no_answer',
      'm.knowledge_miss',
      'qm.content as question',
      'r.rating',
      'r.reason',
      eb.fn.coalesce('r.updated_at', 'm.created_at').as('at'),
      'x.resolved_by',
      'x.resolved_at',
      'x.qa_question',
      'x.qa_answer',
    ])
    .where('m.workspace_id', '=', f.workspaceId)
    .where('m.role', '=', 'assistant');
  if (f.chatbotId !== null) q = q.where('m.chatbot_id', '=', f.chatbotId);
  if (f.engine !== null) q = q.where('m.engine', '=', f.engine);
  if (f.kind === 'down' || f.reason !== null) q = q.where('r.rating', '=', 'down');
  else if (f.kind === 'no_answer') q = q.where('m.no_answer', '=', 1);
  else if (f.kind === 'knowledge') q = q.where('m.knowledge_miss', '=', 1);
  else
    q = q.where((eb) =>
      eb.or([eb('m.no_answer', '=', 1), eb('m.knowledge_miss', '=', 1), eb('r.rating', '=', 'down')]),
    );
  if (f.reason !== null) q = q.where((eb) => eb(eb.fn('lower', ['r.reason']), '=', f.reason?.toLowerCase() ?? ''));
  q = q.where('x.id', f.resolved ? 'is not' : 'is', null);
  const rows = await q.orderBy('at', 'desc').orderBy('m.id', 'desc').limit(take).execute();
  return rows.map((r) => ({
    kind: 'answer',
    refId: r.id,
    chatbotId: r.chatbot_id,
    sessionId: r.session_id,
    engine: r.engine,
    question: r.question ?? '',
    answer: r.content,
    noAnswer: r.no_answer === 1,
    knowledgeMiss: r.knowledge_miss === 1,
    rating: r.rating,
    reason: r.reason,
    at: r.at,
    resolvedBy: r.resolved_by,
    resolvedAt: r.resolved_at,
    qaQuestion: r.qa_question,
    qaAnswer: r.qa_answer,
  }));
}

async function handoffRows(db: Kysely<Database>, f: ReviewFilter, take: number): Promise<ReviewRow[]> {
  let q = db
    .selectFrom('sessions as s')
    .leftJoin('review_resolutions as x', (j) =>
      j.onRef('x.ref_id', '=', 's.id').onRef('x.workspace_id', '=', 's.workspace_id').on('x.kind', '=', 'handoff'),
    )
    .select((eb) => [
      's.id',
      's.chatbot_id',
      's.lead_at',
      eb
        .selectFrom('messages as u')
        .select('u.content')
        .whereRef('u.session_id', '=', 's.id')
        .where('u.role', '=', 'user')
        .orderBy('u.id', 'desc')
        .limit(1)
        .as('question'),
      'x.resolved_by',
      'x.resolved_at',
    ])
    .where('s.workspace_id', '=', f.workspaceId)
    .where('s.lead_at', 'is not', null);
  if (f.chatbotId !== null) q = q.where('s.chatbot_id', '=', f.chatbotId);
  q = q.where('x.id', f.resolved ? 'is not' : 'is', null);
  const rows = await q.orderBy('s.lead_at', 'desc').orderBy('s.id', 'desc').limit(take).execute();
  return rows.map((r) => ({
    kind: 'handoff',
    refId: r.id,
    chatbotId: r.chatbot_id,
    sessionId: r.id,
    engine: null,
    question: r.question ?? '',
    answer: '',
    noAnswer: false,
    knowledgeMiss: false,
    rating: null,
    reason: null,
    at: r.lead_at ?? '',
    resolvedBy: r.resolved_by,
    resolvedAt: r.resolved_at,
    qaQuestion: null,
    qaAnswer: null,
  }));
}

/** A page of the queue, newest first; `more` when items follow it. */
export async function reviewPage(db: Kysely<Database>, f: ReviewFilter) {
  const take = f.offset + f.limit + 1;
  // Handoffs have no engine, rating or reason: a filter on those leaves them out.
  const wantsHandoffs = (f.kind === null || f.kind === 'handoff') && f.engine === null && f.reason === null;
  const wantsAnswers = f.kind !== 'handoff';
  const [answers, handoffs] = await Promise.all([
    wantsAnswers ? answerRows(db, f, take) : [],
    wantsHandoffs ? handoffRows(db, f, take) : [],
  ]);
  const all = [...answers, ...handoffs].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.refId - a.refId));
  return { items: all.slice(f.offset, f.offset + f.limit), more: all.length > f.offset + f.limit };
}

/** An answer of the workspace with its question, for "fix this answer"; undefined when none. */
export async function answerForReview(db: Kysely<Database>, workspaceId: number, messageId: number) {
  return db
    .selectFrom('messages as m')
    .leftJoin('messages as qm', 'qm.id', 'm.question_id')
    .select(['m.id', 'm.chatbot_id', 'm.session_id', 'qm.content as question'])
    .where('m.id', '=', messageId)
    .where('m.workspace_id', '=', workspaceId)
    .where('m.role', '=', 'assistant')
    .executeTakeFirst();
}

export interface Resolution {
  workspaceId: number;
  chatbotId: number;
  sessionId: number;
  kind: 'answer' | 'handoff';
  refId: number;
  userId: number | null;
  resolvedBy: string;
  qaQuestion: string | null;
  qaAnswer: string | null;
}

/** Marks an item resolved (again: the later resolution replaces the earlier). */
export async function saveResolution(db: Kysely<Database>, r: Resolution, now: Date): Promise<void> {
  const values = {
    user_id: r.userId,
    resolved_by: r.resolvedBy,
    qa_question: r.qaQuestion,
    qa_answer: r.qaAnswer,
    resolved_at: now.toISOString(),
  };
  await db
    .insertInto('review_resolutions')
    .values({
      workspace_id: r.workspaceId,
      chatbot_id: r.chatbotId,
      session_id: r.sessionId,
      kind: r.kind,
      ref_id: r.refId,
      ...values,
    })
    .onConflict((oc) => oc.columns(['workspace_id', 'kind', 'ref_id']).doUpdateSet(values))
    .execute();
}
