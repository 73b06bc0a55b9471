// Token counts with gpt-tokenizer (o200k_base, the encoding of current OpenAI models):
// the history budget, and totalToken when a provider reports no usage (docs/api.md "Answers").
import { createRequire } from 'node:module';
import type { countTokens as CountTokens, setMergeCacheSize as SetMergeCacheSize } from 'gpt-tokenizer';

// Loaded on the first count, not at startup: its 200k-entry table costs an idle server
// ~55 MB of RSS, and a question without history whose provider reports usage never
// counts. countTokens is synchronous, so the load is too: its CommonJS build, ~0.2 s once.
const require = createRequire(import.meta.url);
let count: typeof CountTokens | null = null;

/**
 * Words the tokenizer keeps merged, least recently used first out (gpt-tokenizer's default is
 * 100,000). Every distinct word a visitor types is an entry, so with the default, visitors
 * typing made-up words grow the server's heap by ~27 MB and its RSS by over 100 MB; ten
 * thousand keep the words of real conversations and at most a few MB.
 */
export const MERGE_CACHE_WORDS = 10_000;

// Visitors can type text such as "<|endoftext|>"; counted as plain text it must not throw.
const PLAIN = { disallowedSpecial: new Set<string>() };

/**
 * A run of more than 128 characters without a blank is counted in pieces of 128: BPE merging
 * takes time quadratic in the run (8,000 emoji in a row took 0.43 s, a visitor's question),
 * and no word of a language is that long, so the count moves by a token or two at most.
 */
const RUN = 128;
const LONG_RUN = new RegExp(`(?<!\\S)\\S{${RUN + 1},}`, 'g');

function load(): typeof CountTokens {
  const lib = require('gpt-tokenizer') as {
    countTokens: typeof CountTokens;
    setMergeCacheSize: typeof SetMergeCacheSize;
  };
  lib.setMergeCacheSize(MERGE_CACHE_WORDS);
  return lib.countTokens;
}

export function countTokens(text: string): number {
  if (!text) return 0;
  count ??= load();
  const counted = count;
  let pieces = 0;
  const rest = text.replace(LONG_RUN, (run) => {
    for (let i = 0; i < run.length; ) {
      let end = Math.min(run.length, i + RUN);
      // Not between the two halves of a character outside the BMP (an emoji).
      if (end < run.length && /[\uD800-\uDBFF]/.test(run[end - 1] ?? '')) end--;
      pieces += counted(run.slice(i, end), PLAIN);
      i = end;
    }
    return ' ';
  });
  return counted(rest, PLAIN) + pieces;
}
