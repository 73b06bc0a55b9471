import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { HistoryMessage } from './engine.ts';
import { historyWithin, messageTokens } from './history.ts';
import { countTokens, MERGE_CACHE_WORDS } from './tokens.ts';

const turn = (i: number): HistoryMessage => ({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i} about homes` });

describe('countTokens', () => {
  it('counts with the o200k encoding and treats special-token text as plain text', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('a <|endoftext|> b')).toBeGreaterThan(3);
  });

  it('keeps a bounded number of words merged, however many distinct words visitors type', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    countTokens('warm up');
    const before = heap();
    // 60,000 made-up words, each counted once: the library's default cache would keep them all
    // (about 17 MB of heap); the bound keeps the last ten thousand (about 6 MB).
    const words = Array.from({ length: 60_000 }, (_, i) => `qz${i.toString(36)}x${(i * 7919).toString(36)}`);
    for (let i = 0; i < words.length; i += 100) countTokens(words.slice(i, i + 100).join(' '));
    const grown = heap() - before;
    expect(MERGE_CACHE_WORDS).toBeLessThanOrEqual(words.length / 6);
    expect(grown, `heap grew ${(grown / 1e6).toFixed(1)} MB`).toBeLessThan(11_000_000);
  });
});

describe('historyWithin', () => {
  const history = Array.from({ length: 8 }, (_, i) => turn(i));
  const each = messageTokens(turn(0));

  it('keeps everything that fits', () => {
    expect(historyWithin(history, 10_000)).toEqual(history);
  });

  it('drops the oldest first and keeps a contiguous, question-first tail', () => {
    const kept = historyWithin(history, each * 4);
    expect(kept).toEqual(history.slice(4));
    // Room for 3: the tail would start with an answer (turn 5), so it starts at turn 6.
    expect(historyWithin(history, each * 3)).toEqual(history.slice(6));
  });

  it('an empty budget sends no history', () => {
    expect(historyWithin(history, 0)).toEqual([]);
  });

  it('a single message bigger than the budget is dropped with everything before it', () => {
    const big: HistoryMessage = { role: 'user', content: 'word '.repeat(500) };
    const kept = historyWithin([turn(0), turn(1), big, turn(3)], 100);
    expect(kept).toEqual([]);
  });
});
