// Streamed answers open at once per client address. Counted in memory on each instance: a
// stream lives on one instance for its whole life, and a count in the database would outlive
// a crashed instance's streams.
import { LimitExceeded } from '../errors.ts';
import { clientKey } from './client-address.ts';

export const STREAMS_MESSAGE = 'Too many answers streaming to your network at once; wait for one to finish.';
/** A hint only: when a slot frees depends on how long the open answers take. */
const RETRY_AFTER_SECONDS = 5;

export class OpenStreams {
  readonly #open = new Map<string, number>();
  readonly #max: number;

  /** `max` 0 = no limit. */
  constructor(max: number) {
    this.#max = max;
  }

  /** Takes a slot for the address or throws LimitExceeded; the returned function gives it back (once). */
  take(address: string): () => void {
    if (this.#max <= 0) return () => {};
    const key = clientKey(address);
    const open = this.#open.get(key) ?? 0;
    if (open >= this.#max) throw new LimitExceeded(STREAMS_MESSAGE, RETRY_AFTER_SECONDS);
    this.#open.set(key, open + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#open.get(key) ?? 1) - 1;
      if (left <= 0) this.#open.delete(key);
      else this.#open.set(key, left);
    };
  }

  /** Streams open now for the address (tests, metrics). */
  openFor(address: string): number {
    return this.#open.get(clientKey(address)) ?? 0;
  }
}
