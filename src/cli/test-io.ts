// Test support: runs CLI commands in-process on a test database and captures the output.
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { CliIo } from './io.ts';
import { runCli } from './run.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as the one JSON document --json promises. */
  json<T = Record<string, unknown>>(): T;
}

/** With `db` undefined, the CLI opens the database from `config` itself, as it does in use. */
export function cliRunner(db: Db | undefined, config: Config, opts: { tty?: boolean } = {}) {
  return async (...argv: string[]): Promise<CliRun> => {
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      stdout: (s) => {
        stdout += s;
      },
      stderr: (s) => {
        stderr += s;
      },
      stderrIsTTY: opts.tty === true,
    };
    const code = await runCli(argv, { io, config, ...(db ? { db } : {}) });
    return { code, stdout, stderr, json: <T>() => JSON.parse(stdout) as T };
  };
}
