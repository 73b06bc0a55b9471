// A streamed answer on the wire, in the framing the request chose (stream-framing.ts). The
// stream opens lazily, at the first frame or the first keep-alive, so that everything
// failing before the answer can still answer a normal envelope.
import type { FastifyReply } from 'fastify';
import type { FailureFrame, FinalFrame, Framing } from './stream-framing.ts';

export const KEEP_ALIVE_MS = 15_000;

export interface EventStream {
  /** Whether the response has started (headers sent): errors must then be frames. */
  readonly started: boolean;
  fragment(text: string): void;
  final(frame: FinalFrame): void;
  failure(frame: FailureFrame): void;
  end(): void;
  /** Stops the keep-alive timer; safe to call more than once. */
  dispose(): void;
}

export function createEventStream(
  reply: FastifyReply,
  framing: Framing,
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
    res.writeHead(200, { ...headers, ...framing.headers });
    res.flushHeaders();
    onOpen();
    const opening = framing.opening();
    if (opening) res.write(opening);
  };

  const write = (chunk: string) => {
    if (ended || res.destroyed) return;
    start();
    res.write(chunk);
  };

  const timer = setInterval(() => write(framing.keepAlive), keepAliveMs);
  timer.unref();

  return {
    get started() {
      return started;
    },
    fragment: (text) => write(framing.fragment(text)),
    final: (frame) => write(framing.final(frame)),
    failure: (frame) => write(framing.failure(frame)),
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
