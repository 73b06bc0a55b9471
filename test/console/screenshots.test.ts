// docs/screenshots/ holds every console page at both sizes `npm run screenshots` makes (desktop
// and phone): each page the console routes to (read from its route table, so a new page without
// its pictures fails here), one conversation, the sign-in page and the invitation's two pages;
// and the README points to them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function consolePages(): string[] {
  const main = readFileSync(join(ROOT, 'src', 'console', 'client', 'main.ts'), 'utf8');
  const routed = [...main.matchAll(/path: \/\^#\\\/([a-z-]+)\$\//g)].map((m) => m[1] ?? '');
  return [...routed, 'conversation', 'sign-in', 'invite', 'invite-invalid'];
}

it('every console page has a desktop and a phone screenshot', () => {
  const pages = consolePages();
  expect(pages).toContain('start');
  expect(pages).toContain('keys');
  const missing = pages.flatMap((page) =>
    ['desktop', 'phone']
      .map((size) => `${page}-${size}.png`)
      .filter((file) => !existsSync(join(ROOT, 'docs', 'screenshots', file))),
  );
  expect(missing).toEqual([]);
});

it('the README points to the screenshots and the script that makes them', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  expect(readme).toContain('(docs/screenshots/)');
  expect(readme).toContain('npm run screenshots');
});
