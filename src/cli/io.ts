// What every CLI command shares: where output goes, the context it runs in, and the two
// kinds of failure (usage → exit 2, anything else → exit 1).
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal (the import's progress bar draws only there). */
  stderrIsTTY: boolean;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTTY: process.stderr.isTTY === true,
};

export interface CommandContext {
  db: Db;
  config: Config;
  now: () => Date;
  io: CliIo;
  json: boolean;
}

/** What a command produced: one JSON document for --json, text for people otherwise. */
export interface CommandResult {
  json: unknown;
  text: string;
  /** 0 unless the command ran to the end and still failed (an import that imported nothing). */
  exitCode?: number;
}

export type OptionValues = Record<string, string | boolean | undefined>;

/** Bad command line: exit code 2 and the usage. */
export class UsageError extends Error {}

/** The command ran and failed (unreadable file, unknown key…): exit code 1. */
export class CommandFailed extends Error {}

export function requiredText(values: OptionValues, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`--${name} is required`);
  return v.trim();
}

export function optionalText(values: OptionValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

export function workspaceIdOf(values: OptionValues): number {
  const raw = requiredText(values, 'workspace');
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) {
    throw new UsageError(`--workspace must be a workspace ID (a positive integer), got "${raw}"`);
  }
  return Number(raw);
}
