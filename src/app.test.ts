// What buildApp's modules load before the first request. Each package below is needed by a
// request few servers ever get and loads on first use; imported at startup it would sit in an
// idle server's memory (gpt-tokenizer alone: ~55 MB of RSS of the ~230 MB it had).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { NODE, ROOT } from '../bench/lib/server-process.ts';

const run = promisify(execFile);

const LOADED_ON_FIRST_USE = ['gpt-tokenizer', 'esbuild', 'file-type'];

// A fresh process: vitest's own module graph says nothing about what Node would load.
const PROBE = `
import { registerHooks } from 'node:module';
const resolved = new Set();
registerHooks({ resolve(specifier, context, next) { resolved.add(specifier); return next(specifier, context); } });
await import('./src/app.ts');
process.stdout.write(JSON.stringify(${JSON.stringify(LOADED_ON_FIRST_USE)}.filter((p) => resolved.has(p))));
`;

it('importing the app loads none of the packages that load on first use', async () => {
  const { stdout } = await run(
    NODE,
    ['--disable-warning=ExperimentalWarning', '--input-type=module', '--eval', PROBE],
    { cwd: ROOT, timeout: 20_000 },
  );
  expect(JSON.parse(stdout)).toEqual([]);
});
