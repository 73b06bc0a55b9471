// A browser that cannot start fails the browser tests saying what to install; never a skip.
import { expect, it } from 'vitest';
import { openBrowser } from './browser.ts';

it('a Chromium that does not start is a failure naming what to install', async () => {
  const err = await openBrowser([], '/bin/false').catch((e: Error) => e);
  expect(err).toBeInstanceOf(Error);
  expect((err as Error).message).toMatch(/^Chromium \(\/bin\/false\) did not start: /);
  expect((err as Error).message).toContain('Install a browser the tests can use: apt-get install chromium');
});
