// Starts bench/fake-provider-server.ts as a child process and reads the URL it prints.
import { spawn } from 'node:child_process';
import { NODE, ROOT } from './server-process.ts';

export interface ProviderProcess {
  /** Base URL ending in /v1, as OPENAI_BASE_URL takes it. */
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface ProviderOptions {
  fragments: number;
  intervalMs: number;
  recordFile?: string;
}

export function startProviderProcess(opts: ProviderOptions): Promise<ProviderProcess> {
  const child = spawn(NODE, ['--disable-warning=ExperimentalWarning', 'bench/fake-provider-server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      FAKE_FRAGMENTS: String(opts.fragments),
      FAKE_INTERVAL_MS: String(opts.intervalMs),
      FAKE_RECORD_FILE: opts.recordFile ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (s: string) => {
    err = (err + s).slice(-8192);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`fake provider did not start: ${err}`));
    }, 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`fake provider exited (${code}): ${err}`));
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (s: string) => {
      out += s;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        resolve({ url: line.trim(), pid: child.pid, stop });
      }
    });
  });
}
