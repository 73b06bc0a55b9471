// A subscriber's loop: read when an event matches, when the bus resyncs, and every pollMs
// regardless; reads never overlap, and events during a read cause one more read after it.
import type { LiveBus, LiveEvent } from './bus.ts';

export function watch(
  bus: LiveBus,
  workspaceId: number,
  matches: (event: LiveEvent) => boolean,
  read: () => Promise<void>,
  onError: (err: unknown) => void,
): () => void {
  let running = false;
  let again = false;
  let stopped = false;
  const run = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await read();
      } while (again && !stopped);
    } catch (err) {
      onError(err);
    } finally {
      running = false;
    }
  };
  const off = bus.subscribe(workspaceId, (event) => {
    if (event === null || matches(event)) void run();
  });
  const timer = setInterval(() => void run(), bus.pollMs);
  timer.unref();
  void run();
  return () => {
    stopped = true;
    off();
    clearInterval(timer);
  };
}
