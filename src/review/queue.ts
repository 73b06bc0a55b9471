// The review queue (docs/review.md): what staff should look at, newest first, and the one-step
// fix: the visitor's question with the staff's answer becomes a Q&A entry of the chatbot's
// knowledge, after which the same question (and its paraphrases) are answered from it; the
// item is then resolved with who fixed it. Handoffs and any item can be resolved without a fix.
import {
  answerForReview,
  findSession,
  type ReviewKind,
  type ReviewRow,
  reviewPage,
  saveResolution,
} from '../chat/index.ts';
import { pageOfChatbots } from '../chatbots/index.ts';
import type { Db } from '../db/connect.ts';
import { Invalid, NotFound } from '../errors.ts';
import type { StaffPrincipal } from '../http/auth.ts';
import { addQaEntry, type KnowledgeContext } from '../knowledge/index.ts';
import type { ReviewItemData, ReviewQuery } from './schemas.ts';

export interface ReviewDeps {
  db: Db;
  clock: () => Date;
  /** What EditKnowledge runs with beyond the request (app.ts builds it once). */
  knowledge: Omit<KnowledgeContext, 'db' | 'workspaceId' | 'now' | 'dialect'>;
}

const PAGE_SIZE = 50;

async function chatbotsOf(deps: ReviewDeps, workspaceId: number) {
  const page = await pageOfChatbots({ db: deps.db.kysely, workspaceId, now: deps.clock() }, 1, 1000);
  return page.chatbots;
}

function reasonsOf(r: ReviewRow): ReviewKind[] {
  if (r.kind === 'handoff') return ['handoff'];
  const out: ReviewKind[] = [];
  if (r.rating === 'down') out.push('down');
  if (r.noAnswer) out.push('no_answer');
  if (r.knowledgeMiss) out.push('knowledge');
  return out;
}

export async function reviewQueue(deps: ReviewDeps, workspaceId: number, q: ReviewQuery) {
  const bots = await chatbotsOf(deps, workspaceId);
  const bot = q.chatbot ? bots.find((b) => b.serialNumber === q.chatbot) : null;
  if (q.chatbot && !bot) throw new NotFound(`chatbot "${q.chatbot}"`);
  const page = Number(q.page ?? 1);
  const { items, more } = await reviewPage(deps.db.kysely, {
    workspaceId,
    chatbotId: bot?.id ?? null,
    engine: q.engine || null,
    kind: q.kind ?? null,
    reason: q.reason?.trim() || null,
    resolved: q.resolved === 'true',
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const byId = new Map(bots.map((b) => [b.id, b]));
  const Items: ReviewItemData[] = items.map((r) => ({
    Kind: r.kind,
    ID: r.refId,
    Reasons: reasonsOf(r),
    Chatbot: byId.get(r.chatbotId)?.serialNumber ?? '',
    ChatbotName: byId.get(r.chatbotId)?.settings.Name ?? '',
    SessionID: r.sessionId,
    Engine: r.engine ?? '',
    Question: r.question,
    Answer: r.answer,
    Rating: r.rating ?? '',
    Reason: r.reason ?? '',
    At: r.at,
    ResolvedBy: r.resolvedBy ?? '',
    ResolvedAt: r.resolvedAt ?? '',
    FixQuestion: r.qaQuestion ?? '',
    FixAnswer: r.qaAnswer ?? '',
  }));
  return { Items, More: more };
}

const who = (staff: StaffPrincipal) => staff.name || staff.email;

/** Writes the Q&A entry into the answer's chatbot's knowledge and resolves the item. */
export async function fixAnswer(
  deps: ReviewDeps,
  staff: StaffPrincipal,
  messageId: number,
  body: { Question?: string; Answer: string },
) {
  const db = deps.db.kysely;
  const ws = staff.workspaceId;
  const answer = await answerForReview(db, ws, messageId);
  if (!answer) throw new NotFound(`answer ${messageId}`);
  const question = (body.Question ?? answer.question ?? '').trim();
  if (!question) throw new Invalid('Question', 'the answer has no question; give one');
  const bot = (await chatbotsOf(deps, ws)).find((b) => b.id === answer.chatbot_id);
  if (!bot) throw new NotFound(`answer ${messageId}`);
  const now = deps.clock();
  await addQaEntry(
    { ...deps.knowledge, db, dialect: deps.db.dialect, workspaceId: ws, now },
    bot.serialNumber,
    question,
    body.Answer,
  );
  await saveResolution(
    db,
    {
      workspaceId: ws,
      chatbotId: answer.chatbot_id,
      sessionId: answer.session_id,
      kind: 'answer',
      refId: answer.id,
      userId: staff.userId,
      resolvedBy: who(staff),
      qaQuestion: question,
      qaAnswer: body.Answer.trim(),
    },
    now,
  );
  return { Kind: 'answer' as const, ID: answer.id, ResolvedBy: who(staff), FixQuestion: question };
}

/** Resolves an item without a fix (a handoff dealt with, an answer that was fine after all). */
export async function resolveItem(deps: ReviewDeps, staff: StaffPrincipal, kind: 'answer' | 'handoff', id: number) {
  const db = deps.db.kysely;
  const ws = staff.workspaceId;
  let chatbotId: number;
  let sessionId: number;
  if (kind === 'answer') {
    const answer = await answerForReview(db, ws, id);
    if (!answer) throw new NotFound(`answer ${id}`);
    chatbotId = answer.chatbot_id;
    sessionId = answer.session_id;
  } else {
    const session = await findSession(db, ws, id);
    if (!session?.lead_at) throw new NotFound(`handoff of session ${id}`);
    chatbotId = session.chatbot_id;
    sessionId = session.id;
  }
  const resolution = { workspaceId: ws, chatbotId, sessionId, kind, refId: id, userId: staff.userId };
  await saveResolution(db, { ...resolution, resolvedBy: who(staff), qaQuestion: null, qaAnswer: null }, deps.clock());
  return { Kind: kind, ID: id, ResolvedBy: who(staff), FixQuestion: '' };
}
