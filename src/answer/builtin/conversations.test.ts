// The conversation set (test/fixtures/eval/conversations: 114 conversations, 158 turns over 211
// listings in six cities) played through the real server and the builtin engine with a real
// listing search, scored by the set's own run.mjs exactly as against `npm start`. The set is
// a sample: this guards against regressions, it is not a target to tune to.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, newWorkspace, type TestApp } from '../../../test/harness.ts';
import { EVAL_DIR } from './testbed.ts';

interface RunResult {
  turns: number;
  turnsPassed: number;
  conversations: number;
  conversationsPassed: number;
  failures: { id: string; q: string; problems: string[]; answer: string }[];
}

let t: TestApp;
let base: string;
let key: string;

beforeAll(async () => {
  t = await buildTestApp();
  key = (await newWorkspace(t.db, 'Conversation Realty')).apiKey;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => t.close());

function run(): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const script = join(EVAL_DIR, 'conversations', 'run.mjs');
    const child = spawn(process.execPath, [script, '--key', key, '--base', base, '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out) as RunResult);
      } catch {
        reject(new Error(`run.mjs exited ${code}: ${err.slice(0, 2000)}`));
      }
    });
  });
}

test('the conversation set passes at least 95% of its turns', { timeout: 120_000 }, async () => {
  const r = await run();
  for (const f of r.failures) console.log(`${f.id} "${f.q}": ${f.problems.join('; ')}\n  ${f.answer.slice(0, 300)}`);
  expect(r.turns).toBe(158);
  expect(r.turnsPassed / r.turns).toBeGreaterThanOrEqual(0.95);
});
