// When a failed provider call is tried again (only before the answer's first fragment: the
// engine decides that). 429, 5xx and connection failures are retried; a 429 or 503 that
// says how long to wait (Retry-After, seconds or an HTTP date) is waited out, as long as
// all the waits of one answer stay within a bound; otherwise the usual back-off applies.
import { ProviderStatus, ProviderUnreachable, retryAfterMs } from './provider.ts';

/** The longest one answer waits in total on its provider's Retry-After before giving up. */
export const RETRY_AFTER_LIMIT_MS = 10_000;

export const defaultDelay = (attempt: number) => Math.min(2000, 250 * 2 ** (attempt - 1));

export const retryable = (e: unknown) =>
  e instanceof ProviderUnreachable || (e instanceof ProviderStatus && (e.status === 429 || e.status >= 500));

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The retry pauses of one answer: each asked for by the provider, or the back-off. */
export class RetryClock {
  private waited = 0;
  private readonly delay: (attempt: number) => number;
  private readonly limitMs: number;

  constructor(delay: (attempt: number) => number, limitMs = RETRY_AFTER_LIMIT_MS) {
    this.delay = delay;
    this.limitMs = limitMs;
  }

  /**
   * How long to wait before retry `attempt`, or null when the provider asked for more than
   * the answer may still wait (retrying earlier than it asked would only be refused again).
   */
  pause(attempt: number, askedMs: number | undefined): number | null {
    if (askedMs === undefined) return this.delay(attempt);
    if (this.waited + askedMs > this.limitMs) return null;
    this.waited += askedMs;
    return askedMs;
  }

  /** The pause for a failed call's error (its Retry-After when it has one). */
  pauseFor(attempt: number, e: unknown): number | null {
    return this.pause(attempt, e instanceof ProviderStatus ? e.retryAfterMs : undefined);
  }
}

/** `base`, repeating 429/5xx answers while mayRetry() holds, with the answer's RetryClock. */
export function retryingFetch(
  base: typeof fetch,
  retries: number,
  clock: RetryClock,
  mayRetry: () => boolean,
  signal: AbortSignal,
): typeof fetch {
  return async (input, init) => {
    for (let attempt = 1; ; attempt++) {
      const res = await base(input, init);
      const again = res.status === 429 || res.status >= 500;
      if (!again || attempt > retries || !mayRetry() || signal.aborted) return res;
      const pause = clock.pause(attempt, retryAfterMs(res.headers.get('retry-after')));
      if (pause === null) return res;
      await res.body?.cancel();
      await sleep(pause, signal);
    }
  };
}
