// What a log line says about a request. The URL loses its query string: upload URLs carry
// their single-use token there (/files/upload/<id>?token=…), and logs outlive tokens' secrecy.
import type { FastifyRequest } from 'fastify';

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

export function requestLogFields(req: FastifyRequest) {
  return {
    method: req.method,
    url: pathOf(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
