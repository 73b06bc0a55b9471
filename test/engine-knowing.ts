// A test app whose chatbot has the evaluation listings and a brokerage's text, asked through the
// builtin engine directly: the engine tests that need both listings and knowledge start here.

import { type BaseRequest, loadChatbot } from '../src/answer/builtin/testbed.ts';
import { knowledgeSearchFor } from '../src/knowledge/index.ts';
import { buildTestApp, call, newWorkspace, type TestApp } from './harness.ts';

/** A short FAQ of a brokerage: its buyer fee, its pets policy, its office. */
export const SMALL_FAQ = [
  '# Fees\n\nOur buyer fee is 1% of the price, paid at closing.',
  '# Pets\n\nMost of our rentals allow cats and small dogs with a deposit of $300.',
  '# Office\n\nThe office is at 12 Main St, open 9 to 5. Email hello@realty.example or call 512-555-0100.',
].join('\n\n');

/**
 * A test app and a chatbot of the evaluation listings taught `text` through the API, with the
 * knowledge search in its requests: what the engine reads when both listings and knowledge answer.
 */
export async function appKnowing(text: string): Promise<{ t: TestApp; base: BaseRequest }> {
  const t = await buildTestApp();
  const ws = await newWorkspace(t.db);
  const base = await loadChatbot(t.db, ws.workspaceId, {});
  await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: base.chatbot.serialNumber, text }, ws.auth);
  return { t, base: { ...base, knowledge: knowledgeSearchFor(t.db.kysely, ws.workspaceId, base.chatbot.id) } };
}
