// One step of an answer: a streamed chat-completions call whose text goes to onText as it
// arrives and whose tool calls, sent in pieces (an index, then an ID and a name, then
// arguments in fragments), are put together for the engine to run.
import { randomUUID } from 'node:crypto';
import { type ChatTarget, ProviderStream, streamChatCompletion } from './chat-completions.ts';
import type { ChatChunk, ToolCall } from './wire.ts';

export interface StepResult {
  text: string;
  toolCalls: ToolCall[];
  usage?: { promptTokens: number; completionTokens: number };
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
  const calls: ToolCall[] = [];
  let finished = false;
  let usage: StepResult['usage'];
  const take = (chunk: ChatChunk) => {
    onChunk();
    if (chunk.usage) {
      const { prompt_tokens, completion_tokens } = chunk.usage;
      if (typeof prompt_tokens === 'number' && typeof completion_tokens === 'number') {
        usage = { promptTokens: prompt_tokens, completionTokens: completion_tokens };
      }
    }
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.finish_reason) finished = true;
    const delta = choice.delta;
    if (!delta) return;
    if (typeof delta.content === 'string' && delta.content !== '') {
      fragments.push(delta.content);
      onText(delta.content);
    }
    delta.tool_calls?.forEach((d, position) => {
      // Without an index (some Ollama versions), a new ID starts a new call.
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
    });
  };
  const end = await streamChatCompletion(target, body, signal, take);
  if (!end.done && !finished) throw new ProviderStream("the model provider's answer ended before it was finished");
  // IDs the provider left out are made up, unique within the answer's history.
  const toolCalls = calls.filter((c) => c?.function.name).map((c) => (c.id ? c : { ...c, id: `call_${randomUUID()}` }));
  return { text: fragments.join(''), toolCalls, ...(usage ? { usage } : {}) };
}
