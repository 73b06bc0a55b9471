// One step of an answer: a streamed chat-completions call whose text goes to onText as it
// arrives and whose tool calls, sent in pieces (an index, then an ID and a name, then
// arguments in fragments), are put together for the engine to run.
//
// What providers stream besides plain text, read here as each documents it:
// - reasoning (`reasoning_content`: DeepSeek, vLLM, Qwen; `reasoning`: Groq, OpenRouter,
//   Ollama) is kept apart, never passed on as text;
// - `content` as an array of parts (Mistral's reasoning models): text parts are text,
//   thinking parts are reasoning, any other type ends the step with an error;
// - `refusal` (OpenAI) is the answer's text, and marks the step refused;
// - usage in the last chunk, in every chunk (Perplexity, DeepInfra: the last one counts) or
//   under `x_groq`; `total_tokens` may exceed prompt + completion (xAI's reasoning tokens);
// - tool calls whole in one chunk, without `index` (Mistral, Ollama), or with repeated
//   empty IDs (Alibaba);
// - chunks without choices (Azure's prompt_filter_results, usage chunks).
import { randomUUID } from 'node:crypto';
import { streamChatCompletion } from './chat-completions.ts';
import { type ChatTarget, ProviderStream } from './provider.ts';
import type { ChatChunk, ChunkUsage, ContentPartDelta, ToolCall, ToolCallDelta } from './wire.ts';

export interface StepUsage {
  promptTokens: number;
  completionTokens: number;
  /** The provider's total_tokens when given, else prompt + completion. */
  totalTokens: number;
}

export interface StepResult {
  text: string;
  toolCalls: ToolCall[];
  /** The reasoning streamed apart from the text; '' when none. */
  reasoning: string;
  /** True when the text is the model's refusal (delta.refusal). */
  refused: boolean;
  /** The last finish_reason the provider sent (stop, length, tool_calls, …), or null. */
  finishReason: string | null;
  usage?: StepUsage;
}

/** Part types that carry no answer text: reasoning, and Mistral's source references. */
const SILENT_PARTS = new Set(['thinking', 'reasoning', 'reference']);

function usageOf(u: ChunkUsage): StepUsage | undefined {
  const { prompt_tokens, completion_tokens, total_tokens } = u;
  if (typeof prompt_tokens !== 'number' || typeof completion_tokens !== 'number') return undefined;
  const sum = prompt_tokens + completion_tokens;
  return {
    promptTokens: prompt_tokens,
    completionTokens: completion_tokens,
    totalTokens: typeof total_tokens === 'number' ? total_tokens : sum,
  };
}

function addToolCall(calls: ToolCall[], d: ToolCallDelta, position: number) {
  // Without an index (Mistral, some Ollama versions), a new ID starts a new call.
  let index = d.index ?? position;
  if (d.index === undefined && d.id && calls[index]?.id && calls[index]?.id !== d.id) index = calls.length;
  let call = calls[index];
  if (!call) {
    call = { id: '', type: 'function', function: { name: '', arguments: '' } };
    calls[index] = call;
  }
  if (d.id) call.id = d.id;
  if (d.function?.name && !call.function.name) call.function.name = d.function.name;
  const args: unknown = d.function?.arguments;
  // Some providers send the arguments as an object rather than JSON text.
  if (typeof args === 'string') call.function.arguments += args;
  else if (args && typeof args === 'object') call.function.arguments = JSON.stringify(args);
}

export async function streamStep(
  target: ChatTarget,
  body: object,
  signal: AbortSignal,
  onText: (fragment: string) => void,
  onChunk: () => void,
): Promise<StepResult> {
  // Fragments are kept as a list, not concatenated one by one: far less memory per answer.
  const fragments: string[] = [];
  const thoughts: string[] = [];
  const calls: ToolCall[] = [];
  let finished = false;
  let finishReason: string | null = null;
  let refused = false;
  let usage: StepUsage | undefined;
  const say = (text: string) => {
    fragments.push(text);
    onText(text);
  };
  const parts = (list: ContentPartDelta[]) => {
    for (const part of list) {
      const type = part?.type;
      if (type === 'text') {
        if (typeof part.text === 'string' && part.text !== '') say(part.text);
      } else if (!type || !SILENT_PARTS.has(type)) {
        throw new ProviderStream(`the model provider sent a content part of unknown type "${String(type)}"`);
      }
    }
  };
  const take = (chunk: ChatChunk) => {
    onChunk();
    const u = chunk.usage ?? chunk.x_groq?.usage;
    if (u) usage = usageOf(u) ?? usage;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.finish_reason) {
      finished = true;
      finishReason = choice.finish_reason;
    }
    const delta = choice.delta;
    if (!delta) return;
    const content = delta.content;
    if (typeof content === 'string') {
      if (content !== '') say(content);
    } else if (Array.isArray(content)) parts(content);
    const thought = delta.reasoning_content ?? delta.reasoning;
    if (typeof thought === 'string' && thought !== '') thoughts.push(thought);
    if (typeof delta.refusal === 'string' && delta.refusal !== '') {
      refused = true;
      say(delta.refusal);
    }
    delta.tool_calls?.forEach((d, position) => {
      addToolCall(calls, d, position);
    });
  };
  const end = await streamChatCompletion(target, body, signal, take);
  if (!end.done && !finished) throw new ProviderStream("the model provider's answer ended before it was finished");
  // IDs the provider left out are made up, unique within the answer's history.
  const toolCalls = calls.filter((c) => c?.function.name).map((c) => (c.id ? c : { ...c, id: `call_${randomUUID()}` }));
  return {
    text: fragments.join(''),
    toolCalls,
    reasoning: thoughts.join(''),
    refused,
    finishReason,
    ...(usage ? { usage } : {}),
  };
}
