// The real first start: `node src/main.ts serve` on an empty data directory prints a banner
// whose curl, pasted into a shell, answers the sample listings; a second start does not
// print the keys again. SQLite only: the data directory is the whole database there.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { freePort, NODE, ROOT } from '../../bench/lib/server-process.ts';
import { dbKind } from '../../test/harness.ts';

const run = promisify(execFile);
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
});

/** Starts the server and resolves with its stdout once the banner's last line is out. */
function serverEnv(dataDir: string, port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PARLOR_PUBLIC_URL: `http://127.0.0.1:${port}`,
    PARLOR_DATA_DIR: dataDir,
    DATABASE_URL: '',
    PARLOR_BOOTSTRAP: '1',
    LOG_LEVEL: 'warn',
    ...env,
  };
}

async function serveUntilBanner(
  dataDir: string,
  port: number,
  until: RegExp,
  env: Record<string, string> = {},
): Promise<string> {
  const child = spawn(NODE, ['--disable-warning=ExperimentalWarning', 'src/main.ts', 'serve'], {
    cwd: ROOT,
    env: serverEnv(dataDir, port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr?.on('data', (b: Buffer) => {
    err += b.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString('utf8');
      if (until.test(out)) resolve(out);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before its banner:\n${out}\n${err}`)));
  });
}

it.skipIf(dbKind !== 'sqlite')('npm start on an empty data dir prints a curl that works when pasted', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'parlor-first-start-'));
  try {
    const port = await freePort();
    const banner = await serveUntilBanner(dataDir, port, /\n\s+curl [^\n]+\n/);
    expect(banner).toContain(`Parlor is listening on http://127.0.0.1:${port}`);
    expect(banner).toContain(`http://127.0.0.1:${port}/docs`);
    const curl = banner.split('\n').find((l) => l.trim().startsWith('curl ')) ?? '';
    const { stdout } = await run('bash', ['-c', curl.trim()], { timeout: 10_000 });
    const answer = JSON.parse(stdout) as { Success: boolean; Data: { List: { City: string }[]; VirtualCount: number } };
    expect(answer.Success).toBe(true);
    expect(answer.Data.VirtualCount).toBe(5);
    expect(answer.Data.List.map((l) => l.City)).toEqual(Array(5).fill('Austin'));
    const apiKey = /API key:\s+(\S+)/.exec(banner)?.[1] ?? 'missing';

    const first = children.pop();
    const exited = new Promise((r) => first?.once('exit', r));
    first?.kill('SIGTERM');
    await exited;
    const again = await serveUntilBanner(
      dataDir,
      port,
      /Keys and console password from the first start: .*bootstrap\.json/,
    );
    expect(again).not.toContain(apiKey);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it.skipIf(dbKind !== 'sqlite')(
  'on a machine without ffmpeg, the banner names the ffmpeg npm installed for video questions',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parlor-first-start-'));
    try {
      const port = await freePort();
      const banner = await serveUntilBanner(dataDir, port, /Video questions: [^\n]+\n/, {
        PATH: '/nonexistent-parlor-path',
        FFMPEG_PATH: '',
      });
      expect(banner).toMatch(
        /Video questions: ffmpeg version \S+ from the npm package @ffmpeg-installer\/ffmpeg \(\/.*ffmpeg\)\./,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);

it('FFMPEG_PATH naming something that is not ffmpeg stops start-up, naming the variable', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'parlor-first-start-'));
  try {
    const port = await freePort();
    const err = await run(NODE, ['--disable-warning=ExperimentalWarning', 'src/main.ts', 'serve'], {
      cwd: ROOT,
      env: serverEnv(dataDir, port, { FFMPEG_PATH: '/bin/true' }),
      timeout: 20_000,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(err).toMatchObject({ code: 2 });
    expect((err as { stderr: string }).stderr).toMatch(
      /^configuration error: FFMPEG_PATH: "\/bin\/true" does not run as ffmpeg/,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
