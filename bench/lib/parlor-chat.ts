// What the chat benchmarks share: Parlor's environment against the fake provider, and the
// streamed ClientAsk request each client sends (one question per fresh session).
import type { BenchTenant } from './databases.ts';
import type { ServerProcess } from './server-process.ts';
import { parlorFrames, type StreamRequest, streamAgent } from './stream-client.ts';

export const ASK_PATH = '/chat/Chat/ClientAsk';
/** Fragments of every provider answer. */
export const FRAGMENTS = 200;
const QUESTION = 'Any 3 bedroom homes for sale in Austin under $500k?';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function parlorEnv(providerUrl: string): Record<string, string> {
  return {
    OPENAI_BASE_URL: providerUrl,
    OPENAI_API_KEY: 'sk-bench',
    PARLOR_MODELS: '2=fake-model',
    OPENAI_TIMEOUT_MS: '300000',
    OPENAI_MAX_RETRIES: '0',
  };
}

/** A ClientAsk stream request on the next session of `sessions` (one question per session). */
export function askRequests(server: ServerProcess, tenant: BenchTenant, sessions: number[], agentSize: number) {
  const agent = streamAgent(agentSize);
  let next = 0;
  return (extra: Partial<StreamRequest> = {}): StreamRequest => ({
    agent,
    url: server.url + ASK_PATH,
    headers: { authorization: tenant.apiKey },
    // Past the pool (only if the run is much slower than planned), sessions are reused.
    body: JSON.stringify({ sessionID: sessions[next++ % sessions.length], content: QUESTION, stream: true }),
    ...parlorFrames,
    ...extra,
  });
}
