// The chat-completions wire format (OpenAI's, which compatible providers share), reduced to
// the fields Parlor sends and reads, with the providers' own additions where they matter.

export interface TextContentPart {
  type: 'text';
  text: string;
}

export interface ImageContentPart {
  type: 'image_url';
  /** A data URL: data:image/png;base64,… */
  image_url: { url: string };
}

export type ContentPart = TextContentPart | ImageContentPart;

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type WireMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ContentPart[] }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: ToolCall[];
      /** The step's reasoning, for providers that require it back within a tool loop (DeepSeek). */
      reasoning_content?: string;
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: object };
}

/** A piece of a tool call: the first names it, the rest add to its arguments (by index). */
export interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

/**
 * A part of `delta.content` when a provider sends an array (Mistral's reasoning models):
 * `{type: "text", text}` is answer text, `{type: "thinking", thinking: [...]}` is not.
 */
export interface ContentPartDelta {
  type?: string;
  text?: string;
}

export interface ChunkDelta {
  content?: string | ContentPartDelta[] | null;
  /** DeepSeek, vLLM, Qwen and others: the model's reasoning, never answer text. */
  reasoning_content?: string | null;
  /** Groq, OpenRouter, Ollama: the same under another name. */
  reasoning?: string | null;
  /** OpenAI: the model declined; this text is the answer. */
  refusal?: string | null;
  tool_calls?: ToolCallDelta[] | null;
}

export interface ChunkUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

export interface ChatChunk {
  /** vLLM's error objects say "error" here. */
  object?: string;
  message?: string;
  choices?: {
    index?: number;
    delta?: ChunkDelta;
    finish_reason?: string | null;
  }[];
  usage?: ChunkUsage | null;
  /** Groq's older streams: the usage of the answer, in the last chunk. */
  x_groq?: { usage?: ChunkUsage | null } | null;
  error?: { message?: string } | string;
}
