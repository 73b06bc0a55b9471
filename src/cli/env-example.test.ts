// .env.example lists every variable src/config.ts (and config-limits.ts) reads, each with its default.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../bench/lib/server-process.ts';
import { loadConfig } from '../config.ts';

const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
const assignments = new Map(
  example
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => {
      const at = l.indexOf('=');
      return [l.slice(0, at), l.slice(at + 1).replace(/^"(.*)"$/, '$1')] as const;
    }),
);

it('names every variable config.ts reads, with a comment above it', () => {
  const source = ['config.ts', 'config-limits.ts'].map((f) => readFileSync(join(ROOT, 'src', f), 'utf8')).join('\n');
  const read = [...source.matchAll(/\(env, '([A-Z_]+)'/g)].map((m) => m[1]);
  expect(read.length).toBeGreaterThan(10);
  for (const name of read) {
    expect([...assignments.keys()], name).toContain(name);
    const lines = example.split('\n');
    const at = lines.findIndex((l) => l.startsWith(`${name}=`));
    expect(lines[at - 1], name).toMatch(/^# /);
  }
});

it('its values are accepted by loadConfig and equal the defaults', () => {
  const fromExample = loadConfig(Object.fromEntries(assignments));
  expect(fromExample).toEqual(loadConfig({}));
});
