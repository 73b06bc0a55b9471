// One Q&A entry added to a chatbot's knowledge (the review queue's "fix this answer",
// docs/review.md): the chatbot's Q&A list with the entry, written through EditKnowledge's own
// path (passages, index, caps). An entry for the same question (case and spaces aside) is
// replaced, so that fixing twice leaves one entry.
import { requireChatbot } from '../chatbots/index.ts';
import { Invalid } from '../errors.ts';
import { sourcesOf } from './repo.ts';
import { QA_MAX } from './schemas.ts';
import { editKnowledge, type KnowledgeContext } from './service.ts';

/** The longest question and answer an entry may hold (EditKnowledge's qaList bounds). */
export const QA_QUESTION_MAX = 1000;
export const QA_ANSWER_MAX = 5000;

const sameQuestion = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

export async function addQaEntry(ctx: KnowledgeContext, chatbotSerial: string, question: string, answer: string) {
  const key = question.trim();
  const value = answer.trim();
  if (!key) throw new Invalid('Question', 'must not be empty');
  if (key.length > QA_QUESTION_MAX) throw new Invalid('Question', `must be at most ${QA_QUESTION_MAX} characters`);
  if (!value) throw new Invalid('Answer', 'must not be empty');
  if (value.length > QA_ANSWER_MAX) throw new Invalid('Answer', `must be at most ${QA_ANSWER_MAX} characters`);
  const bot = await requireChatbot(ctx, chatbotSerial);
  const source = (await sourcesOf(ctx.db, { workspaceId: ctx.workspaceId, chatbotId: bot.id })).find(
    (s) => s.type === 'QAList',
  );
  const list = source ? (JSON.parse(source.value) as { key: string; value: string }[]) : [];
  const kept = list.filter((qa) => !sameQuestion(qa.key, key));
  if (kept.length >= QA_MAX) throw new Invalid('Question', `the chatbot already holds ${QA_MAX} Q&A entries`);
  await editKnowledge(ctx, { serialNumber: chatbotSerial, qaList: [...kept, { key, value }] });
}
