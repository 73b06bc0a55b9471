// Token counts with gpt-tokenizer (o200k_base, the encoding of current OpenAI models):
// the history budget, and totalToken when a provider reports no usage (DESIGN §3.5).
import { countTokens as count } from 'gpt-tokenizer';

// Visitors can type text such as "<|endoftext|>"; counted as plain text it must not throw.
const PLAIN = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  return text ? count(text, PLAIN) : 0;
}
