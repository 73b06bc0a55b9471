// How one step's results go back into the conversation: the assistant turn that called
// tools (with its reasoning where the provider requires it), and the paragraph break
// between the texts of consecutive steps.
import { isObject } from './chat-completions.ts';
import type { StepResult } from './step.ts';
import type { ToolCall, WireMessage } from './wire.ts';

/**
 * A tool call as it goes back to the provider in the history. Arguments that are not a JSON
 * object (cut off, invalid) go back as `{}`: several providers parse them and refuse the whole
 * request otherwise; the tool's answer already tells the model what was wrong.
 */
function replayable(call: ToolCall): ToolCall {
  let args: unknown;
  try {
    args = JSON.parse(call.function.arguments);
  } catch {
    args = undefined;
  }
  return isObject(args) ? call : { ...call, function: { ...call.function, arguments: '{}' } };
}

/** The assistant turn of a step that called tools, with its reasoning where the provider wants it back. */
export function assistantTurn(result: StepResult, passReasoning: boolean): WireMessage {
  return {
    role: 'assistant',
    content: result.text || null,
    tool_calls: result.toolCalls.map(replayable),
    ...(passReasoning && result.reasoning ? { reasoning_content: result.reasoning } : {}),
  };
}

/** Newlines at the end of `text` (1 or 2 that count), ignoring spaces and tabs. */
const trailingBreaks = (text: string) => (/\n[ \t]*\n[ \t]*$/.test(text) ? 2 : /\n[ \t]*$/.test(text) ? 1 : 0);
const leadingBreaks = (text: string) => (/^[ \t]*\n[ \t]*\n/.test(text) ? 2 : /^[ \t]*\n/.test(text) ? 1 : 0);

/** What goes between the texts of two steps so that they read as two paragraphs. */
export function paragraphBreak(before: string, next: string): string {
  return '\n'.repeat(Math.max(0, 2 - trailingBreaks(before) - leadingBreaks(next)));
}
