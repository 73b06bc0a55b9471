// Telling the console and the widget that a session changed (a question, an answer, an agent's
// reply, a hand-off): one event on the bus. A lost event is no error: subscribers re-read on
// their own every few seconds (watch.ts).
import type { LiveBus } from './bus.ts';

export async function announce(deps: { live?: LiveBus }, workspaceId: number, sessionId: number): Promise<void> {
  try {
    await deps.live?.publish({ workspaceId, sessionId });
  } catch {
    // Subscribers re-read on their own every few seconds (watch.ts).
  }
}
