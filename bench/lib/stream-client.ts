// One streamed request over node:http, timed to its first content frame: the client side
// of the chat benchmarks. node:http (not fetch) keeps the client's own overhead small and
// its connection pool explicit: an Agent with enough sockets for every stream at once.
import { Agent, request } from 'node:http';

export function streamAgent(maxSockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

export interface StreamRequest {
  agent: Agent;
  url: string;
  headers?: Record<string, string>;
  body: string;
  /** How payloads are framed: SSE `data:` events (the provider), or one JSON object a line (Parlor's default). */
  framing: 'sse' | 'lines';
  /** Whether one payload is a content fragment (the first one stops the clock). */
  isContent: (data: string) => boolean;
  /** Text the end of a complete stream contains (Parlor's final frame, the provider's [DONE]). */
  finalMarker: string;
  /** Called when the first content frame arrives (the stream is open). */
  onFirst?: () => void;
  /** Close the connection right after the first content frame (warm-ups). */
  stopAfterFirst?: boolean;
}

export interface StreamResult {
  /** Milliseconds from sending the request to the first content frame; null if none came. */
  ttfbMs: number | null;
  /** 200, a content frame, and the final marker at the end. */
  ok: boolean;
  error?: string;
}

/** The complete payloads in `buf` (SSE `data:` events, or lines starting with "{"), and what is left over. */
function events(buf: string, framing: 'sse' | 'lines'): { payloads: string[]; rest: string } {
  const parts = buf.split(framing === 'sse' ? '\n\n' : '\n');
  const rest = parts.pop() ?? '';
  const payloads =
    framing === 'sse'
      ? parts.filter((p) => p.startsWith('data: ')).map((p) => p.slice(6))
      : parts.filter((p) => p.startsWith('{'));
  return { payloads, rest };
}

export function timedStream(r: StreamRequest): Promise<StreamResult> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let ttfbMs: number | null = null;
    let buf = '';
    let tail = '';
    let done = false;
    const finish = (ok: boolean, error?: string) => {
      if (done) return;
      done = true;
      resolve({ ttfbMs, ok, error });
    };
    const req = request(r.url, {
      method: 'POST',
      agent: r.agent,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...r.headers },
    });
    req.on('error', (err) => finish(false, err.message));
    req.on('response', (res) => {
      res.setEncoding('utf8');
      if (res.statusCode !== 200) {
        let text = '';
        res.on('data', (s: string) => {
          text += s;
        });
        res.on('end', () => finish(false, `HTTP ${res.statusCode}: ${text.slice(0, 200)}`));
        return;
      }
      res.on('data', (s: string) => {
        if (ttfbMs === null) {
          const e = events(buf + s, r.framing);
          buf = e.rest;
          if (e.payloads.some(r.isContent)) {
            ttfbMs = performance.now() - t0;
            buf = '';
            r.onFirst?.();
            if (r.stopAfterFirst) {
              req.destroy();
              finish(true);
            }
          }
        }
        tail = (tail + s).slice(-2048);
      });
      res.on('end', () =>
        finish(ttfbMs !== null && tail.includes(r.finalMarker), ttfbMs === null ? 'no content' : undefined),
      );
      res.on('error', (err) => finish(false, err.message));
    });
    req.end(r.body);
  });
}

/** Parlor's streamed ClientAsk in its default (the platform's) framing: a content fragment is a
 * `{"content": …}` line; the final frame has TaskCompleted. */
export const parlorFrames = {
  framing: 'lines' as const,
  isContent: (data: string) => data.startsWith('{"content"'),
  finalMarker: '"TaskCompleted":true',
};

/** The provider's chat-completions chunks: content is a non-empty delta.content. */
export const providerFrames = {
  framing: 'sse' as const,
  isContent: (data: string) => {
    if (data === '[DONE]') return false;
    const chunk = JSON.parse(data) as { choices?: { delta?: { content?: string | null } }[] };
    return Boolean(chunk.choices?.[0]?.delta?.content);
  },
  finalMarker: 'data: [DONE]',
};
