// Test support: runs CLI commands in-process on a test database and captures the output.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChatbotBySerial } from '../chatbots/index.ts';
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

/** Writes files for a command to read, each under a fresh name in one temporary folder. */
export function fileWriter(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return (name: string, content: string): string => {
    const path = join(dir, `${randomBytes(4).toString('hex')}-${name}`);
    writeFileSync(path, content);
    return path;
  };
}

/** The workspace and chatbot IDs of a chatbot's serial number. */
export async function ownerOfSerial(db: Db, serial: string) {
  const bot = await findChatbotBySerial(db.kysely, serial);
  if (!bot) throw new Error('no chatbot');
  return { workspaceId: bot.workspaceId, chatbotId: bot.id };
}
