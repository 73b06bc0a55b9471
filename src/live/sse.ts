// A long-lived server-sent event stream of JSON objects (`data: {…}` events and a ": ping"
// comment every keepAliveMs), for the console's inbox and a visitor's wait for a person.
import type { FastifyReply } from 'fastify';

export interface LiveStream {
  send(data: unknown): void;
  /** Called once when the client goes away or the stream is ended. */
  onClose(fn: () => void): void;
  end(): void;
}

export function openLiveStream(reply: FastifyReply, keepAliveMs = 15_000, maxMs = 30 * 60_000): LiveStream {
  const res = reply.raw;
  reply.hijack();
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = String(v);
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  const closers: (() => void)[] = [];
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    clearTimeout(limit);
    for (const fn of closers) fn();
  };
  const ping = setInterval(() => {
    if (!res.destroyed) res.write(': ping\n\n');
  }, keepAliveMs);
  ping.unref();
  const end = () => {
    close();
    if (!res.writableEnded) res.end();
  };
  // A stream ends after maxMs; clients reconnect, so no connection lives for ever.
  const limit = setTimeout(end, maxMs);
  limit.unref();
  res.on('close', close);
  // A client that went away before the stream opened never sends 'close' again.
  if (res.destroyed) close();
  return {
    send(data) {
      if (!closed && !res.destroyed) res.write(`data: ${JSON.stringify(data)}\n\n`);
    },
    onClose(fn) {
      if (closed) fn();
      else closers.push(fn);
    },
    end,
  };
}
