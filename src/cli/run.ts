// `npx parlor <command>`: the admin CLI (README "Quickstart"). It talks to the database directly,
// with the same configuration as the server. Exit codes: 0 done, 1 failed, 2 bad usage.
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { connect, type Db } from '../db/connect.ts';
import { isUnavailable } from '../db/errors.ts';
import { DomainError } from '../errors.ts';
import { migrate } from '../migrations/index.ts';
import { chatbotCreate, chatbotList } from './chatbot.ts';
import type { Command } from './command.ts';
import { type CliIo, CommandFailed, processIo, UsageError } from './io.ts';
import { listingsImport } from './listings-import.ts';
import { mcpKeyCreate, mcpKeyList, mcpKeyRevoke } from './mcp-key.ts';
import { migrateCommand } from './migrate.ts';
import { userCreate, userList, userRemove, userResetPassword } from './user.ts';
import { keyCreate, keyRevoke, workspaceCreate } from './workspace.ts';

export const COMMANDS: readonly Command[] = [
  workspaceCreate,
  keyCreate,
  keyRevoke,
  chatbotCreate,
  chatbotList,
  listingsImport,
  mcpKeyCreate,
  mcpKeyList,
  mcpKeyRevoke,
  userCreate,
  userList,
  userResetPassword,
  userRemove,
  migrateCommand,
];

export function usageText(): string {
  const line = (synopsis: string, summary: string) => `  ${synopsis}\n      ${summary}`;
  return [
    'Usage: npx parlor <command> [options]',
    '',
    'Commands:',
    line('serve', 'start the API server (what npm start runs)'),
    ...COMMANDS.map((c) => line(`${c.path} ${c.synopsis}`.trim(), c.summary)),
    '',
    'Options:',
    '  --json   machine-readable output: one JSON document on stdout',
    '  --help   show this help',
    '',
    'listings import reads JSON (an array of listings, or a RESO Web API export {"value": [...]}:',
    'give its @odata.nextLink pages as more files) or CSV (a header row; Images as a JSON array',
    'or URLs separated by |; ExtensionColumn as JSON or Key=value|Key=value; empty cells leave a',
    "field unset). Each file's names are told apart: the API's (with aliases such as Price, Beds,",
    "Baths, SqFt) or the RESO Data Dictionary's (ListPrice, BedroomsTotal, StandardStatus…).",
    'Rows are upserted by MLSNumber; not-marketable statuses (Pending…) are skipped; every',
    'problem of a rejected row is listed. Exit status 1 when no row was imported.',
    '  --dry-run        check and count without writing',
    '  --strict         any rejected row fails the run, and nothing is written',
    "  --prune          remove the chatbot's listings the files no longer hold",
    '  --url-template   listing page for feeds without ListingURL, e.g. https://x.com/l/{MLSNumber}',
    '',
    'Settings come from the environment, as for the server (see .env.example):',
    'DATABASE_URL for PostgreSQL, otherwise SQLite in PARLOR_DATA_DIR (default ./data).',
    '',
  ].join('\n');
}

export interface CliDeps {
  io: CliIo;
  /** Defaults to loadConfig() (the environment). */
  config: Config;
  /** An open database to use (and leave open); by default one is opened from config. */
  db: Db;
  now: () => Date;
}

function findCommand(argv: string[]): Command | undefined {
  const words = argv.filter((a) => !a.startsWith('-')).slice(0, 2);
  return COMMANDS.find((c) => c.path.split(' ').every((w, i) => words[i] === w));
}

function fail(io: CliIo, json: boolean, message: string, usage: boolean): void {
  if (json) io.stderr(`${JSON.stringify({ error: message })}\n`);
  else io.stderr(`parlor: ${message}\n${usage ? 'Run "npx parlor --help" for usage.\n' : ''}`);
}

async function execute(command: Command, argv: string[], deps: Partial<CliDeps>, io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...command.options, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  const json = values.json === true;
  const args = positionals.slice(command.path.split(' ').length);
  if (values.help) {
    io.stdout(usageText());
    return 0;
  }
  const count = command.positionals.length;
  if (command.variadic ? args.length < count : args.length !== count) {
    const expected = [command.path, command.synopsis].join(' ');
    throw new UsageError(`usage: npx parlor ${expected}`);
  }
  const config = deps.config ?? loadConfig();
  const db = deps.db ?? connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command.migrates) await migrate(db);
    const ctx = { db, config, now: deps.now ?? (() => new Date()), io, json };
    const result = await command.run(ctx, values, args);
    io.stdout(json ? `${JSON.stringify(result.json)}\n` : `${result.text}\n`);
    return result.exitCode ?? 0;
  } finally {
    if (!deps.db) await db.close();
  }
}

export async function runCli(argv: string[], deps: Partial<CliDeps> = {}): Promise<number> {
  const io = deps.io ?? processIo;
  const json = argv.includes('--json');
  const words = argv.filter((a) => !a.startsWith('-'));
  if (words.length === 0 || words[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    io.stdout(usageText());
    return 0;
  }
  const command = findCommand(argv);
  if (!command) {
    fail(io, json, `unknown command "${words.join(' ')}"`, true);
    return 2;
  }
  try {
    return await execute(command, argv, deps, io);
  } catch (err) {
    const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
    const usage = err instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'));
    if (usage) {
      fail(io, json, (err as Error).message, true);
      return 2;
    }
    if (err instanceof DomainError || err instanceof CommandFailed) {
      fail(io, json, err.message, false);
      return 1;
    }
    if (err instanceof ConfigError) throw err;
    if (isUnavailable(err)) {
      fail(io, json, `the database is unavailable: ${(err as Error).message}`, false);
      return 1;
    }
    fail(io, json, err instanceof Error ? (err.stack ?? err.message) : String(err), false);
    return 1;
  }
}
