// The session's recent messages that fit the history token budget (docs/api.md "Answers").
import type { HistoryMessage } from './engine.ts';
import { countTokens } from './tokens.ts';

/** What the chat format adds around each message (role and separators), as OpenAI counts it. */
const PER_MESSAGE_TOKENS = 4;

export function messageTokens(m: HistoryMessage): number {
  return countTokens(m.content) + PER_MESSAGE_TOKENS;
}

/**
 * The history budget of one request: the configured budget (PARLOR_HISTORY_TOKENS), or
 * less when the model's context window, minus what the request needs besides the history
 * (`fixed`: system prompt, tools, question, room for the answer), is smaller.
 */
export function historyBudget(configured: number, contextTokens: number, fixed: number): number {
  return Math.max(0, Math.min(configured, contextTokens - fixed));
}

/**
 * The newest messages whose tokens fit `budget`, oldest first. The oldest go first because
 * the latest turns carry the context the question refers to; the kept part stays contiguous.
 */
export function historyWithin(history: readonly HistoryMessage[], budget: number): HistoryMessage[] {
  let used = 0;
  let start = history.length;
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i];
    if (!m) break;
    used += messageTokens(m);
    if (used > budget) break;
    start = i;
  }
  const kept = history.slice(start);
  // A conversation that starts with an answer confuses some models: begin at a question.
  while (kept[0]?.role === 'assistant') kept.shift();
  return kept;
}
