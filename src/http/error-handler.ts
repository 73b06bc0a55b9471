// The one place that turns errors into envelopes (docs/api.md "API overview"): one table from
// domain error kind to Code; the HTTP status equals Code unless PARLOR_HTTP_STATUS=ok
// asks for 200 on business (4xx) errors.
import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpStatusMode } from '../config.ts';
import { isUnavailable } from '../db/errors.ts';
import { DomainError, type ErrorKind, LimitExceeded } from '../errors.ts';
import { failure } from './envelope.ts';
import { type ValidationIssue, validationMessage } from './validation-message.ts';

export const CODE_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  limit_exceeded: 429,
  not_supported: 501,
  provider_failed: 502,
  unavailable: 503,
  provider_timeout: 504,
};

interface Mapped {
  code: number;
  message: string;
  headers?: Record<string, string>;
}

function mapFastifyError(err: FastifyError): Mapped | null {
  if (err.validation) {
    const issue = err.validation[0] as ValidationIssue | undefined;
    return { code: 400, message: issue ? validationMessage(issue) : 'body: is invalid' };
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 413, message: 'body: larger than the 1 MiB limit' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 400, message: 'body: must be valid JSON' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 415, message: 'Content-Type: not supported by this endpoint' };
  }
  if (err instanceof SyntaxError) return { code: 400, message: 'body: must be valid JSON' };
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return { code: status, message: err.message };
  return null;
}

export function mapError(err: unknown): Mapped | null {
  if (err instanceof DomainError) {
    const headers: Record<string, string> = {};
    if (err instanceof LimitExceeded && err.retryAfter !== undefined) {
      headers['retry-after'] = String(Math.max(1, Math.ceil(err.retryAfter)));
    }
    return { code: CODE_OF[err.kind], message: err.message, headers };
  }
  if (isUnavailable(err)) return { code: 503, message: 'the database is unavailable; try again shortly' };
  return mapFastifyError(err as FastifyError);
}

export function sendError(
  reply: FastifyReply,
  mode: HttpStatusMode,
  code: number,
  message: string,
  headers: Record<string, string> = {},
) {
  const status = mode === 'ok' && code < 500 ? 200 : code;
  // The route's response schemas describe success; errors are serialized as they are.
  return reply
    .code(status)
    .headers({ ...headers, 'content-type': 'application/json; charset=utf-8' })
    .serializer(JSON.stringify)
    .send(failure(code, message));
}

export function installErrorHandling(app: FastifyInstance, mode: HttpStatusMode): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    // Also when the error came before the hook that sets it (a refused Content-Length).
    reply.header('x-request-id', req.id);
    const mapped = mapError(err);
    if (!mapped) {
      req.log.error({ err }, 'internal error');
      return sendError(reply, mode, 500, `internal error; quote request id ${req.id} to the operator`);
    }
    if (mapped.code >= 500) req.log.warn({ err }, mapped.message);
    return sendError(reply, mode, mapped.code, mapped.message, mapped.headers);
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    sendError(reply, mode, 404, `no such endpoint: ${req.method} ${path}`);
  });
}

/**
 * Fastify's own errors before a route is found (a URL with bad percent-encoding, a path
 * parameter too long): the envelope, with the request's ID like every other answer.
 */
export function frameworkErrorHandler(mode: HttpStatusMode) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', req.id);
    const message =
      err.code === 'FST_ERR_BAD_URL' ? 'URL: is not a valid URL (bad percent-encoding)' : `URL: ${err.message}`;
    return sendError(reply, mode, 400, message);
  };
}

function clientErrorOf(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, `headers: larger than the ${maxHeaderSize / 1024} KiB limit`];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'request: not received in time'];
  return [400, 'request: not valid HTTP'];
}

/**
 * Errors of node's HTTP parser, before there is a request to answer (headers too large,
 * malformed, too slow): the envelope written on the socket, which is then closed. The ID
 * is new (there was no request), for the operator to find the log line.
 */
export function clientErrorHandler(mode: HttpStatusMode) {
  // Fastify calls it with `this` bound to the instance, for its logger.
  return function onClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex) {
    // A reset connection has nobody to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [code, message] = clientErrorOf(err.code);
    const status = mode === 'ok' ? 200 : code;
    const id = randomUUID();
    this.log.debug({ err, requestId: id }, 'client error');
    const body = JSON.stringify(failure(code, message));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          `X-Request-Id: ${id}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  };
}
