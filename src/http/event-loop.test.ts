// The event-loop guard: /metrics exports the loop's delay (p99 and max since the previous
// scrape), and a stall over a second is logged with the requests and jobs running then.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { track } from './event-loop.ts';

const lines: Record<string, unknown>[] = [];
let t: TestApp;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'warn', stream } });
});
afterAll(() => t.close());

const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

it('exports the delay, logs a stall of more than a second with what ran, and resets at each scrape', async () => {
  await t.app.inject({ url: '/metrics' });
  // The histogram measures from its first tick on.
  await new Promise((resolve) => setTimeout(resolve, 100));
  // On a loaded machine, starting the app may itself hold the loop past a second: only the
  // lines logged from here on are this stall's.
  const from = lines.length;
  const untrack = track('a test job');
  // A stall: the loop is held 1.3 s, as a parser working in process would hold it.
  const until = Date.now() + 1300;
  while (Date.now() < until) {}
  await new Promise((resolve) => setTimeout(resolve, 250));
  untrack();
  const text = (await t.app.inject({ url: '/metrics' })).body;
  expect(gauge(text, 'parlor_event_loop_delay_max_seconds')).toBeGreaterThan(1);
  expect(gauge(text, 'parlor_event_loop_delay_p99_seconds')).toBeGreaterThan(0);
  const stall = lines.slice(from).find((l) => String(l.msg).startsWith('the event loop stalled'));
  expect(stall).toMatchObject({ level: 40, running: expect.arrayContaining([expect.stringMatching(/^a test job/)]) });
  expect(stall?.stalledMs).toBeGreaterThanOrEqual(1000);
  const after = (await t.app.inject({ url: '/metrics' })).body;
  expect(gauge(after, 'parlor_event_loop_delay_max_seconds')).toBeLessThan(1);
});
