// How many passages one chatbot and one workspace may hold (PARLOR_KNOWLEDGE_PASSAGES_PER_CHATBOT,
// PARLOR_KNOWLEDGE_PASSAGES_PER_WORKSPACE). Every passage of a chatbot is held in memory by the
// builtin engine's index (memory-index.ts) and searched on each question; two chatbots of
// 99,000 and 60,000 passages made every question take 14-17 s. The caps are checked in the
// transaction that writes passages, after writing them: past a cap the transaction rolls back
// and nothing changes (EditKnowledge answers 413; a document, page or sitemap read by the
// worker fails with the reason, and a re-read keeps what the last good read found).
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { TooLarge } from '../errors.ts';
import { type Owner, passageCounts } from './repo.ts';

export interface PassageCaps {
  /** 0 = no limit. */
  perChatbot: number;
  perWorkspace: number;
}

/** Past a cap: 413, naming the limit and the setting that raises it. */
export class PassagesCapped extends TooLarge {}

const n = (x: number) => x.toLocaleString('en-US');

/** Throws PassagesCapped when the chatbot or its workspace now holds more than its cap. */
export async function checkPassageCaps(db: Kysely<Database>, owner: Owner, caps: PassageCaps): Promise<void> {
  if (!caps.perChatbot && !caps.perWorkspace) return;
  const held = await passageCounts(db, owner);
  if (caps.perChatbot && held.chatbot > caps.perChatbot) {
    throw new PassagesCapped(
      `the chatbot's knowledge would be ${n(held.chatbot)} passages, more than its limit of ${n(caps.perChatbot)} ` +
        '(PARLOR_KNOWLEDGE_PASSAGES_PER_CHATBOT raises it); remove sources or split the chatbot',
    );
  }
  if (caps.perWorkspace && held.workspace > caps.perWorkspace) {
    throw new PassagesCapped(
      `the workspace's knowledge would be ${n(held.workspace)} passages, more than its limit of ` +
        `${n(caps.perWorkspace)} (PARLOR_KNOWLEDGE_PASSAGES_PER_WORKSPACE raises it); remove sources first`,
    );
  }
}
