// Token counts with gpt-tokenizer (o200k_base, the encoding of current OpenAI models):
// the history budget, and totalToken when a provider reports no usage (README "Answers").
import { createRequire } from 'node:module';
import type { countTokens as CountTokens } from 'gpt-tokenizer';

// Loaded on the first count, not at startup: its 200k-entry table costs an idle server
// ~55 MB of RSS, and a question without history whose provider reports usage never
// counts. countTokens is synchronous, so the load is too: its CommonJS build, ~0.2 s once.
const require = createRequire(import.meta.url);
let count: typeof CountTokens | null = null;

// Visitors can type text such as "<|endoftext|>"; counted as plain text it must not throw.
const PLAIN = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  if (!text) return 0;
  count ??= (require('gpt-tokenizer') as { countTokens: typeof CountTokens }).countTokens;
  return count(text, PLAIN);
}
