// API calls a workspace makes with its own keys (API key or session key), per minute, on
// each instance (PARLOR_LIMIT_API_REQUESTS_PER_MINUTE; 0 = off). Counted in memory: it is a
// guard against one tenant's runaway client taking the instance's event loop (100 keyword
// searches over 50,000 listings were 218 ms each on SQLite's synchronous driver), not a quota,
// and a database write per call would cost every call. A sliding window (this minute's count
// plus the previous minute's, weighted by how much of it is still in the window) has no edge
// where a burst could pass twice the limit. Past the limit: 429 with Retry-After.
import { LimitExceeded } from '../errors.ts';

const WINDOW_MS = 60_000;

interface Window {
  start: number;
  current: number;
  previous: number;
}

export class ApiRateLimit {
  readonly #perMinute: number;
  readonly #windows = new Map<number, Window>();
  #sweptAt = 0;

  constructor(perMinute: number) {
    this.#perMinute = perMinute;
  }

  /** Counts one call of the workspace; throws LimitExceeded (429, Retry-After) past the limit. */
  take(workspaceId: number, now = Date.now()): void {
    if (this.#perMinute <= 0) return;
    this.#sweep(now);
    const start = now - (now % WINDOW_MS);
    let w = this.#windows.get(workspaceId);
    if (!w || w.start !== start) {
      const previous = w && w.start === start - WINDOW_MS ? w.current : 0;
      w = { start, current: 0, previous };
      this.#windows.set(workspaceId, w);
    }
    const elapsed = (now - start) / WINDOW_MS;
    const used = w.previous * (1 - elapsed) + w.current;
    if (used >= this.#perMinute) throw this.#refusal(w, elapsed, used);
    w.current++;
  }

  #refusal(w: Window, elapsed: number, used: number): LimitExceeded {
    // The previous minute's share decays over this one; this minute's own calls leave at its end.
    const excess = used - this.#perMinute + 1;
    const decaying = w.previous > 0 ? (excess / w.previous) * 60 : Number.POSITIVE_INFINITY;
    const seconds = w.current >= this.#perMinute ? (1 - elapsed) * 60 + 1 : Math.min(decaying, (1 - elapsed) * 60 + 1);
    return new LimitExceeded(
      `this workspace made ${this.#perMinute} API calls in the last minute, its limit ` +
        '(PARLOR_LIMIT_API_REQUESTS_PER_MINUTE raises it); retry after the Retry-After seconds',
      Math.max(1, Math.ceil(seconds)),
    );
  }

  /** Forgets workspaces idle for two windows (once a minute). */
  #sweep(now: number): void {
    if (now - this.#sweptAt < WINDOW_MS) return;
    this.#sweptAt = now;
    for (const [id, w] of this.#windows) if (now - w.start >= 2 * WINDOW_MS) this.#windows.delete(id);
  }
}
