// The body of each chat-completions request, shaped by the model's options: temperature
// only where the model takes one, the output limit under the parameter name it accepts.
import type { ModelOptions } from '../../config-models.ts';
import { historyBudget } from '../history.ts';
import { countTokens } from '../tokens.ts';
import { TOOL_DEFINITIONS } from '../tools.ts';
import type { WireMessage } from './wire.ts';

/** Room kept for the answer in the context window when no output limit is configured. */
export const ANSWER_RESERVE_TOKENS = 1024;
/** What an image part costs at most in OpenAI's count (a high-detail 768 px tile set). */
const IMAGE_TOKENS = 800;

export function chatBody(
  model: string,
  options: ModelOptions,
  messages: WireMessage[],
  temperature: number,
  lastStep: boolean,
) {
  return {
    model,
    messages,
    tools: TOOL_DEFINITIONS,
    // The last step must answer in words: no step follows to read a tool's result.
    ...(lastStep ? { tool_choice: 'none' } : {}),
    ...(options.temperature ? { temperature } : {}),
    ...(options.maxOutputTokens !== null ? { [options.maxTokensParam]: options.maxOutputTokens } : {}),
    stream: true,
    stream_options: { include_usage: true },
  };
}

let toolTokens = -1;

/**
 * Token counts of recent system prompts: a chatbot's prompt is the same for every question
 * within a minute (it carries the local time), and counting it allocates enough that 1,000
 * concurrent answers on a model with a small window raised the bench's peak RSS from 260 to
 * 340 MB. Bounded: the oldest entry goes first.
 */
const systemTokens = new Map<string, number>();
const SYSTEM_TOKENS_KEPT = 64;

function promptTokens(system: string): number {
  let n = systemTokens.get(system);
  if (n === undefined) {
    n = countTokens(system);
    if (systemTokens.size >= SYSTEM_TOKENS_KEPT) systemTokens.delete(systemTokens.keys().next().value ?? '');
    systemTokens.set(system, n);
  }
  return n;
}

/**
 * The tokens a request takes besides the history: system prompt, tool definitions, the
 * question and room for the answer. Counted only when there is history to fit.
 */
export function fixedTokens(system: string, user: Extract<WireMessage, { role: 'user' }>, options: ModelOptions) {
  if (toolTokens < 0) toolTokens = countTokens(JSON.stringify(TOOL_DEFINITIONS));
  const question =
    typeof user.content === 'string'
      ? countTokens(user.content)
      : user.content.reduce((n, p) => n + (p.type === 'text' ? countTokens(p.text) : IMAGE_TOKENS), 0);
  return promptTokens(system) + toolTokens + question + (options.maxOutputTokens ?? ANSWER_RESERVE_TOKENS);
}

/** Characters of the tool definitions, counted once. */
const toolChars = JSON.stringify(TOOL_DEFINITIONS).length;

/**
 * The history budget of a request: PARLOR_HISTORY_TOKENS, or less when the model's context
 * window cannot hold that much beside the rest of the request. A token is at least one byte
 * of UTF-8 and a UTF-16 character at most three, so a window that is large even by that
 * bound needs no counting (the usual case: counting the prompt and tools costs time).
 */
export function historyTokensFor(
  configured: number,
  system: string,
  user: Extract<WireMessage, { role: 'user' }>,
  options: ModelOptions,
): number {
  let chars = system.length + toolChars;
  let images = 0;
  if (typeof user.content === 'string') chars += user.content.length;
  else {
    for (const p of user.content) {
      if (p.type === 'text') chars += p.text.length;
      else images++;
    }
  }
  const atMost = 3 * chars + images * IMAGE_TOKENS + (options.maxOutputTokens ?? ANSWER_RESERVE_TOKENS);
  if (options.contextTokens - atMost >= configured) return configured;
  return historyBudget(configured, options.contextTokens, fixedTokens(system, user, options));
}
