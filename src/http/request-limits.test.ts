// Requests over a real socket: declared bodies over the limit are refused before a byte is
// read, node's and Fastify's own errors answer the envelope with an X-Request-Id, and idle,
// slow-header and slow-body sockets are closed while normal clients are served.
import { connect, type Socket } from 'node:net';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, newWorkspace, type TestApp } from '../../test/harness.ts';
import { installRequestLimits } from './request-limits.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

interface Exchange {
  text: string;
  /** Milliseconds until the server closed the connection. */
  closedAfter: number;
}

/** Writes raw bytes and reads until the server closes the connection (or `waitMs` passes). */
function exchange(to: number, raw: string, waitMs = 5000, localAddress?: string): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ port: to, host: '127.0.0.1', localAddress });
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${waitMs} ms; got ${JSON.stringify(text.slice(0, 200))}`));
    }, waitMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfter: Date.now() - started });
    });
    socket.write(raw);
  });
}

function envelopeOf(text: string) {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { Code: number; Message: string; Success: boolean };
}

describe('a declared Content-Length over the limit', () => {
  it('gets 413 at once on a JSON route, and the connection is closed unread', async () => {
    const ws = await newWorkspace(t.db);
    const { text } = await exchange(
      port,
      'POST /chat/Chatbot/List HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Authorization: ${ws.apiKey}\r\nContent-Length: 10737418240\r\n\r\n{"PageSize":`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/i);
    expect(envelopeOf(text)).toMatchObject({ Code: 413, Success: false, Message: 'body: larger than the 1 MiB limit' });
  });

  it('gets 413 on the upload URL past the largest kind', async () => {
    const { text } = await exchange(
      port,
      'PUT /files/upload/1?token=x HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\n' +
        `Content-Length: ${101 * 1024 * 1024}\r\n\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(envelopeOf(text).Message).toBe('body: larger than the 100 MiB limit');
  });
});

describe("node's and Fastify's own errors", () => {
  it('answer bad percent-encoding in the URL with the envelope and an X-Request-Id', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/chat/%E0%A4%A/List', payload: '{}' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toMatchObject({
      Code: 400,
      Success: false,
      Data: null,
      Message: 'URL: is not a valid URL (bad percent-encoding)',
    });
  });

  it('answer oversized headers with 431 in the envelope', async () => {
    const { text } = await exchange(
      port,
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(text).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
    expect(envelopeOf(text)).toMatchObject({ Code: 431, Message: 'headers: larger than the 16 KiB limit' });
  });

  it('answer a malformed request with 400 in the envelope', async () => {
    const { text } = await exchange(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(text)).toMatchObject({ Code: 400, Message: 'request: not valid HTTP' });
  });
});

describe('slow clients', () => {
  it('closes a body that stops arriving, and serves complete ones', async () => {
    const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    installRequestLimits(app);
    let handled = 0;
    app.post('/slow', { config: { bodyTimeoutMs: 300 } }, async () => {
      handled++;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const to = typeof address === 'object' && address ? address.port : 0;
      const head = 'POST /slow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n';
      const stalled = await exchange(to, `${head}Content-Length: 100\r\n\r\n{"a":`, 3000);
      expect(stalled.closedAfter).toBeGreaterThanOrEqual(250);
      expect(stalled.closedAfter).toBeLessThan(2000);
      expect(handled).toBe(0);
      const whole = await exchange(to, `${head}Content-Length: 8\r\n\r\n{"a": 1}`, 3000);
      expect(whole.text).toMatch(/^HTTP\/1\.1 200 /);
      expect(handled).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('closes 200 idle sockets and 200 sockets sending headers a byte a second, while serving a normal client', async () => {
    const sockets: Socket[] = [];
    const closed: Promise<void>[] = [];
    const open = () => {
      const s = connect(port, '127.0.0.1');
      s.on('error', () => {});
      sockets.push(s);
      closed.push(new Promise((resolve) => s.on('close', () => resolve())));
      return s;
    };
    for (let i = 0; i < 200; i++) open();
    const request = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: yes\r\n';
    const tricklers = Array.from({ length: 200 }, () => ({ socket: open(), sent: 0 }));
    const trickle = setInterval(() => {
      for (const c of tricklers) {
        if (!c.socket.destroyed && c.sent < request.length) c.socket.write(request[c.sent++] ?? '');
      }
    }, 1000);
    try {
      // The normal client is another address (127.0.0.2): from the attacker's, connections past
      // PARLOR_LIMIT_CONNECTIONS_PER_ADDRESS (256) are closed at once.
      const started = Date.now();
      const res = await exchange(
        port,
        'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        3000,
        '127.0.0.2',
      );
      expect(res.text).toMatch(/^HTTP\/1\.1 200 /);
      expect(Date.now() - started).toBeLessThan(1000);
      // headersTimeout (15 s), checked every 5 s.
      const all = Promise.all(closed).then(() => 'closed');
      const late = new Promise((resolve) => setTimeout(() => resolve('still open'), 25_000));
      expect(await Promise.race([all, late])).toBe('closed');
      expect(tricklers.every((c) => c.sent < request.length)).toBe(true);
    } finally {
      clearInterval(trickle);
      for (const s of sockets) s.destroy();
    }
  }, 40_000);
});

describe('connections per address', () => {
  it('closes connections past PARLOR_LIMIT_CONNECTIONS_PER_ADDRESS at once; another address is served', async () => {
    const capped = await buildTestApp({ env: { PARLOR_LIMIT_CONNECTIONS_PER_ADDRESS: '3' } });
    await capped.app.listen({ port: 0, host: '0.0.0.0' });
    const address = capped.app.server.address();
    const to = typeof address === 'object' && address ? address.port : 0;
    const sockets: Socket[] = [];
    try {
      const open = (localAddress: string) =>
        new Promise<{ socket: Socket; closed: Promise<void> }>((resolve) => {
          const socket = connect({ port: to, host: '127.0.0.1', localAddress });
          socket.on('error', () => {});
          sockets.push(socket);
          const closed = new Promise<void>((done) => socket.on('close', () => done()));
          socket.on('connect', () => resolve({ socket, closed }));
        });
      const held = [];
      for (let i = 0; i < 3; i++) held.push(await open('127.0.0.1'));
      const fourth = await open('127.0.0.1');
      const verdict = await Promise.race([
        fourth.closed.then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('open'), 2000)),
      ]);
      expect(verdict).toBe('closed');
      // Another address (127.0.0.2, also loopback) is not counted with them.
      const other = await exchange(
        to,
        'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        3000,
        '127.0.0.2',
      );
      expect(other.text).toMatch(/^HTTP\/1\.1 200 /);
      // A held connection closing frees its place.
      held[0]?.socket.destroy();
      await held[0]?.closed;
      const again = await exchange(
        to,
        'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        3000,
        '127.0.0.1',
      );
      expect(again.text).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      for (const s of sockets) s.destroy();
      await capped.close();
    }
  });
});
