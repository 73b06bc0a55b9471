// Per-model options (config-models.ts) with the defaults of the well-known model families,
// so that a catalogue naming only `gpt-5` or `deepseek-reasoner` works as those providers
// document them. Anything the catalogue states wins.
import type { ModelOptions } from '../../config-models.ts';

/** A model name without its router prefix: `openai/gpt-5` and `azure/gpt-5` are `gpt-5`. */
const bare = (name: string) => name.toLowerCase().replace(/^.*\//, '');

/** OpenAI's reasoning models: no temperature but the default, max_completion_tokens only. */
const OPENAI_REASONING = /^(o\d+(-|$)|gpt-5)/;
/** OpenAI's own models, which document max_completion_tokens (max_tokens is deprecated there). */
const OPENAI = /^(gpt-|chatgpt-|o\d+(-|$))/;
/**
 * Providers whose thinking mode refuses a tool loop's follow-up request unless each
 * assistant turn with tool calls carries its reasoning_content back (DeepSeek, Moonshot's Kimi).
 */
const REASONING_BACK = /deepseek|kimi-k2-thinking/;
/** Families that read no images; every other model is assumed to (as before options existed). */
const TEXT_ONLY = /deepseek|^o1-mini|^o3-mini|^gpt-3\.5|^qwq|^gpt-oss|codestral|devstral|^llama-?3\.[0-1]/;

/** Context windows by family, first match wins; unknown models get a small, safe window. */
const CONTEXTS: [RegExp, number][] = [
  [/^gpt-4\.1/, 1_047_576],
  [/^gpt-5/, 400_000],
  [/^o\d+(-|$)/, 200_000],
  [/^gpt-4o|^chatgpt-4o|^gpt-4-turbo/, 128_000],
  [/^gpt-4/, 8_192],
  [/^gpt-3\.5/, 16_385],
  [/^claude/, 200_000],
  [/^gemini/, 1_048_576],
  [/^grok-4/, 256_000],
  [/^grok/, 131_072],
  [/deepseek/, 128_000],
  [/^(mistral|magistral|ministral|codestral|pixtral|devstral)/, 128_000],
  [/^(llama-?3|llama-?4|meta-llama)/, 128_000],
  [/^(qwen|qwq)/, 32_768],
];
export const DEFAULT_CONTEXT_TOKENS = 8_192;

export function familyDefaults(name: string): ModelOptions {
  const n = bare(name);
  return {
    temperature: !OPENAI_REASONING.test(n),
    maxTokensParam: OPENAI.test(n) ? 'max_completion_tokens' : 'max_tokens',
    maxOutputTokens: null,
    passReasoning: REASONING_BACK.test(n),
    vision: !TEXT_ONLY.test(n),
    contextTokens: CONTEXTS.find(([re]) => re.test(n))?.[1] ?? DEFAULT_CONTEXT_TOKENS,
  };
}

/** The options a model is used with: its family's defaults, overridden by the catalogue. */
export function modelOptions(name: string, given: Partial<ModelOptions> = {}): ModelOptions {
  return { ...familyDefaults(name), ...given };
}
