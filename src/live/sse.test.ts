// A live stream whose client is already gone when it opens still runs its closers (a
// subscription and a visitor's stream slot are released), and one that reaches its age limit
// ends and runs them too.
import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { openLiveStream } from './sse.ts';

function fakeReply(destroyed: boolean) {
  const raw = Object.assign(new EventEmitter(), {
    destroyed,
    writableEnded: false,
    written: [] as string[],
    writeHead() {},
    flushHeaders() {},
    write(s: string) {
      raw.written.push(s);
    },
    end() {
      raw.writableEnded = true;
      raw.emit('close');
    },
  });
  const reply = { raw, hijack() {}, getHeaders: () => ({}) } as unknown as FastifyReply;
  return { reply, raw };
}

afterEach(() => vi.useRealTimers());

it('a client gone before the stream opened: closers run at once, nothing is written', () => {
  const { reply, raw } = fakeReply(true);
  const stream = openLiveStream(reply);
  const closed = vi.fn();
  stream.onClose(closed);
  expect(closed).toHaveBeenCalledTimes(1);
  stream.send({ Mode: 'bot' });
  expect(raw.written).toEqual([]);
});

it('a stream at its age limit ends and runs its closers once', () => {
  vi.useFakeTimers();
  const { reply, raw } = fakeReply(false);
  const stream = openLiveStream(reply, 1000, 5000);
  const closed = vi.fn();
  stream.onClose(closed);
  stream.send({ Mode: 'bot' });
  vi.advanceTimersByTime(5001);
  expect(closed).toHaveBeenCalledTimes(1);
  expect(raw.writableEnded).toBe(true);
  expect(raw.written).toEqual([
    'data: {"Mode":"bot"}\n\n',
    ': ping\n\n',
    ': ping\n\n',
    ': ping\n\n',
    ': ping\n\n',
    ': ping\n\n',
  ]);
});
