// How much and how long a client may take to send a request, so that idle, slow or
// oversized requests are closed instead of holding a socket:
// - headers: all of them within HEADERS_TIMEOUT_MS of the connection or of the previous
//   request (node's headersTimeout; closeSilentConnections closes a socket that sends nothing);
// - bodies: a JSON body within BODY_TIMEOUT_MS once its route is known; upload routes say
//   how long theirs may take (route config `bodyTimeoutMs`), and node's requestTimeout is
//   the ceiling for every request;
// - a declared Content-Length over the route's limit (the JSON limit, or route config
//   `maxBodyBytes` for uploads) is answered 413 before a byte of the body is read, and the
//   connection is closed rather than drained.

import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { Config } from '../config.ts';
import { TooLarge } from '../errors.ts';
import { BODY_LIMIT } from './request-body.ts';
import type { App } from './types.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The largest body the route takes, when it reads the body itself (uploads). */
    maxBodyBytes?: number;
    /** How long the body may take to arrive; BODY_TIMEOUT_MS unless the route says. */
    bodyTimeoutMs?: number;
  }
}

export const HEADERS_TIMEOUT_MS = 15_000;
export const BODY_TIMEOUT_MS = 30_000;
/** The longest any request may take to arrive: a 100 MB upload at about 170 KB/s. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** Fastify's server options for these limits. */
export function serverTimeouts(
  config: Config,
): Pick<FastifyHttpOptions<Server>, 'connectionTimeout' | 'requestTimeout' | 'http'> {
  // A socket with no traffic either way for this long is closed. An answer without a stream
  // writes nothing while the provider thinks, so this outlasts every attempt of a provider call.
  const silentAnswerMs = config.openai.timeoutMs * (config.openai.maxRetries + 1) + 60_000;
  return {
    connectionTimeout: Math.max(UPLOAD_TIMEOUT_MS, silentAnswerMs),
    requestTimeout: UPLOAD_TIMEOUT_MS,
    // Node checks the header and request deadlines this often (30 s by default).
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 5_000 },
  };
}

/**
 * Node's headersTimeout starts with a request's first byte: a socket that connects and sends
 * nothing is held until the (long) connection timeout. This closes one that has sent nothing
 * within HEADERS_TIMEOUT_MS of connecting.
 */
export function closeSilentConnections(server: Server, ms = HEADERS_TIMEOUT_MS): void {
  server.on('connection', (socket) => {
    const timer = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

function sizeText(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

export function installRequestLimits(app: App): void {
  app.addHook('onRequest', async (req, reply) => {
    const declared = Number(req.headers['content-length']);
    if (!(declared > 0)) return;
    const limit = req.routeOptions.config?.maxBodyBytes ?? req.routeOptions.bodyLimit ?? BODY_LIMIT;
    if (declared > limit) {
      // Draining the rest would read the very bytes this refuses.
      reply.header('connection', 'close');
      throw new TooLarge(`body: larger than the ${sizeText(limit)} limit`);
    }
  });

  app.addHook('preParsing', async (req, _reply, payload) => {
    // Most bodies have arrived with their headers: no timer for them.
    if (req.raw.complete) return payload;
    const ms = req.routeOptions.config?.bodyTimeoutMs ?? BODY_TIMEOUT_MS;
    // A body still arriving this late is a slow or stalled client: its socket is closed.
    const timer = setTimeout(() => req.raw.destroy(new Error(`body not received within ${ms} ms`)), ms);
    timer.unref();
    const stop = () => clearTimeout(timer);
    req.raw.once('end', stop);
    req.raw.once('close', stop);
    return payload;
  });
}
