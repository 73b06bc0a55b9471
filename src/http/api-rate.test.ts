// The per-workspace API rate (PARLOR_LIMIT_API_REQUESTS_PER_MINUTE): a sliding minute, so a
// burst at a minute's edge cannot pass twice the limit; workspaces apart; 0 = off.
import { expect, it } from 'vitest';
import { LimitExceeded } from '../errors.ts';
import { ApiRateLimit } from './api-rate.ts';

const taken = (limit: ApiRateLimit, workspace: number, at: number, n: number) => {
  let ok = 0;
  for (let i = 0; i < n; i++) {
    try {
      limit.take(workspace, at);
      ok++;
    } catch (err) {
      if (!(err instanceof LimitExceeded)) throw err;
    }
  }
  return ok;
};

it('lets 60 a minute through, not 60 more just after the minute turns, and recovers as the minute slides', () => {
  const limit = new ApiRateLimit(60);
  const edge = Date.parse('2031-01-01T00:01:00Z');
  expect(taken(limit, 1, edge - 1000, 80)).toBe(60);
  // One second into the next minute, 59/60 of the last one still counts: one more, not 60.
  expect(taken(limit, 1, edge + 1000, 80)).toBe(1);
  // Halfway through it, half of those have left the window (30 + the 1 since).
  expect(taken(limit, 1, edge + 30_000, 80)).toBe(29);
  expect(taken(limit, 2, edge + 30_000, 10)).toBe(10);
});

it('says when to retry and which setting raises the limit; 0 turns it off', () => {
  const limit = new ApiRateLimit(5);
  const at = Date.parse('2031-01-01T00:00:10Z');
  taken(limit, 1, at, 5);
  try {
    limit.take(1, at);
    throw new Error('not refused');
  } catch (err) {
    expect(err).toBeInstanceOf(LimitExceeded);
    expect((err as LimitExceeded).retryAfter).toBe(51);
    expect((err as Error).message).toMatch(/PARLOR_LIMIT_API_REQUESTS_PER_MINUTE raises it/);
  }
  expect(taken(new ApiRateLimit(0), 1, at, 1000)).toBe(1000);
});
