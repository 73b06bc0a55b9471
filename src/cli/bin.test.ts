// `npx parlor` as a real process: bin/parlor.js → src/main.ts → runCli.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { NODE, ROOT } from '../../bench/lib/server-process.ts';
import { connect } from '../db/connect.ts';
import { findPrincipal } from '../workspaces/repo.ts';

const run = promisify(execFile);

function parlor(args: string[], env: Record<string, string> = {}) {
  return run(NODE, ['bin/parlor.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    timeout: 20_000,
    maxBuffer: 64 * 1024 * 1024,
  });
}

it('--help prints the usage and exits 0', async () => {
  const { stdout } = await parlor(['--help']);
  expect(stdout).toMatch(/^Usage: npx parlor <command> \[options\]/);
  expect(stdout).toContain('listings import');
});

it('--json workspace create on an empty SQLite data dir migrates and prints one JSON document', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'parlor-bin-'));
  try {
    const { stdout, stderr } = await parlor(['--json', 'workspace', 'create', '--name', 'Spawned'], {
      PARLOR_DATA_DIR: dataDir,
    });
    expect(stderr).toBe('');
    const out = JSON.parse(stdout) as { workspaceId: number; apiKey: string };
    expect(out).toMatchObject({ workspaceId: 1, name: 'Spawned' });
    const db = connect({ databaseUrl: null, dataDir });
    try {
      expect(await findPrincipal(db.kysely, out.apiKey)).toMatchObject({ workspaceId: 1 });
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('a second start reads the type-stripped sources from the compile cache instead of stripping again', async () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'parlor-compile-cache-'));
  try {
    const env = { NODE_COMPILE_CACHE: cacheDir, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' };
    const cached = /retrieving transpile cache for StrippedTypeScript \S+\/src\/main\.ts\.\.\.success/;
    expect((await parlor(['--help'], env)).stderr).not.toMatch(cached);
    expect((await parlor(['--help'], env)).stderr).toMatch(cached);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
});

it('a usage error exits 2 with the message on stderr', async () => {
  const err = await parlor(['chatbot', 'list']).catch((e: { code: number; stderr: string }) => e);
  expect(err).toMatchObject({ code: 2, stderr: expect.stringContaining('parlor: --workspace is required') });
});
