// A streamed answer (DESIGN §3.5): SSE frames `data: <json>\n\n` by default, or one JSON
// object per line with `Accept: application/x-ndjson`. The stream opens lazily, at the
// first frame or the first keep-alive, so that everything failing before the answer can
// still answer a normal envelope.
import type { FastifyReply, FastifyRequest } from 'fastify';

export type StreamFormat = 'sse' | 'ndjson';

export const KEEP_ALIVE_MS = 15_000;

export function streamFormatOf(req: FastifyRequest): StreamFormat {
  return /application\/x-ndjson/i.test(String(req.headers.accept ?? '')) ? 'ndjson' : 'sse';
}

export interface EventStream {
  /** Whether the response has started (headers sent): errors must then be frames. */
  readonly started: boolean;
  send(frame: object): void;
  end(): void;
  /** Stops the keep-alive timer; safe to call more than once. */
  dispose(): void;
}

export function createEventStream(
  reply: FastifyReply,
  format: StreamFormat,
  keepAliveMs = KEEP_ALIVE_MS,
  onOpen: () => void = () => {},
): EventStream {
  const res = reply.raw;
  let started = false;
  let ended = false;

  const start = () => {
    if (started) return;
    started = true;
    reply.hijack();
    // Headers set on the reply before (request id, CORS) carry over to the raw response.
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = String(v);
    res.writeHead(200, {
      ...headers,
      'content-type': format === 'sse' ? 'text/event-stream; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    onOpen();
  };

  const write = (chunk: string) => {
    if (ended || res.destroyed) return;
    start();
    res.write(chunk);
  };

  // A comment line keeps proxies from closing an idle stream; NDJSON readers skip blank lines.
  const timer = setInterval(() => write(format === 'sse' ? ': ping\n\n' : '\n'), keepAliveMs);
  timer.unref();

  return {
    get started() {
      return started;
    },
    send(frame) {
      const json = JSON.stringify(frame);
      write(format === 'sse' ? `data: ${json}\n\n` : `${json}\n`);
    },
    end() {
      clearInterval(timer);
      if (ended) return;
      ended = true;
      if (started && !res.destroyed) res.end();
    },
    dispose() {
      clearInterval(timer);
    },
  };
}
