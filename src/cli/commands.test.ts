// The admin CLI's commands in-process on the test database: output (text and --json),
// exit codes, and what they change.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dbKind, newWorkspace, openTestDb, testConfig } from '../../test/harness.ts';
import type { Db } from '../db/connect.ts';
import { findPrincipal } from '../workspaces/repo.ts';
import { cliRunner } from './test-io.ts';

let db: Db;
let cli: ReturnType<typeof cliRunner>;

beforeAll(async () => {
  db = await openTestDb();
  cli = cliRunner(db, testConfig());
});
afterAll(async () => {
  await db.close();
});

describe('usage', () => {
  it('no command or --help prints the usage with every command', async () => {
    for (const argv of [[], ['--help'], ['--json'], ['chatbot', 'list', '--help']]) {
      const r = await cli(...argv);
      expect(r.code).toBe(0);
      for (const c of ['workspace create', 'key create', 'key revoke', 'chatbot create', 'chatbot list']) {
        expect(r.stdout).toContain(c);
      }
      expect(r.stdout).toContain('listings import <file.json|file.csv>… --chatbot SERIAL [--dry-run]');
    }
  });

  it('unknown commands, unknown options and missing arguments exit 2 on stderr', async () => {
    const cases = [['frobnicate'], ['workspace', 'create', '--bogus'], ['key', 'create'], ['key', 'revoke']];
    for (const argv of cases) {
      const r = await cli(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^parlor: /);
    }
    const bad = await cli('key', 'create', '--workspace', 'abc', '--json');
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr)).toEqual({
      error: '--workspace must be a workspace ID (a positive integer), got "abc"',
    });
  });
});

describe('workspace create', () => {
  it('--json gives the workspace ID and working keys', async () => {
    const r = await cli('workspace', 'create', '--name', 'Acme Homes', '--json');
    expect(r.code).toBe(0);
    const out = r.json<{ workspaceId: number; name: string; apiKey: string; sessionKey: string }>();
    expect(Object.keys(out).sort()).toEqual(['apiKey', 'name', 'sessionKey', 'workspaceId']);
    expect(out.name).toBe('Acme Homes');
    expect(await findPrincipal(db.kysely, out.apiKey)).toMatchObject({ workspaceId: out.workspaceId });
    expect(await findPrincipal(db.kysely, out.sessionKey)).toMatchObject({ workspaceId: out.workspaceId });
  });

  it('text output shows the keys once, with a warning', async () => {
    const r = await cli('workspace', 'create');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^Created workspace \d+ \(My workspace\)\.\n {2}API key: {6}pk_\S+\n {2}Session key: {2}sk_\S+\n/,
    );
    expect(r.stdout).toContain('not shown again');
  });
});

describe('key create / revoke', () => {
  it('creates API keys; a new session key revokes the old one', async () => {
    const ws = await newWorkspace(db);
    const api = (await cli('key', 'create', '--workspace', String(ws.workspaceId), '--json')).json<{ key: string }>();
    expect(api).toMatchObject({ workspaceId: ws.workspaceId, kind: 'api' });
    expect(await findPrincipal(db.kysely, api.key)).toMatchObject({ workspaceId: ws.workspaceId });
    expect(await findPrincipal(db.kysely, ws.apiKey)).not.toBeNull();

    const r = await cli('key', 'create', '--workspace', String(ws.workspaceId), '--kind', 'session');
    expect(r.code).toBe(0);
    const session = /\n {2}(sk_\S+)\n/.exec(r.stdout)?.[1] ?? '';
    expect(await findPrincipal(db.kysely, session)).toMatchObject({ workspaceId: ws.workspaceId });
    expect(await findPrincipal(db.kysely, ws.sessionKey)).toBeNull();
  });

  it('an unknown workspace or kind fails', async () => {
    const r = await cli('key', 'create', '--workspace', '999999999', '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr)).toEqual({ error: 'workspace 999999999 not found' });
    const kind = await cli('key', 'create', '--workspace', '1', '--kind', 'visitor');
    expect(kind.code).toBe(2);
  });

  it('revokes a key; revoking it again fails', async () => {
    const ws = await newWorkspace(db);
    const r = await cli('key', 'revoke', ws.apiKey, '--json');
    expect(r.code).toBe(0);
    expect(r.json()).toEqual({ revoked: true });
    expect(await findPrincipal(db.kysely, ws.apiKey)).toBeNull();
    const again = await cli('key', 'revoke', ws.apiKey);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('parlor: no such key, or it is already revoked\n');
  });
});

describe('chatbot create / list', () => {
  it('creates chatbots and lists them with their listing counts', async () => {
    const ws = await newWorkspace(db);
    const id = String(ws.workspaceId);
    const a = await cli(
      'chatbot',
      'create',
      '--workspace',
      id,
      '--name',
      'Lake Homes',
      '--timezone',
      'america/chicago',
      '--json',
    );
    expect(a.code).toBe(0);
    const bot = a.json<{ serialNumber: string }>();
    expect(bot).toMatchObject({ workspaceId: ws.workspaceId, name: 'Lake Homes', timeZone: 'America/Chicago' });
    const b = await cli('chatbot', 'create', '--workspace', id);
    expect(b.stdout).toMatch(/^Created chatbot \w+ \(My chatbot, UTC\) in workspace \d+\.\n$/);

    const list = await cli('chatbot', 'list', '--workspace', id, '--json');
    const rows = list.json<{ serialNumber: string; name: string; listings: number }[]>();
    expect(rows.map((r) => r.name)).toEqual(['My chatbot', 'Lake Homes']);
    expect(rows.every((r) => r.listings === 0)).toBe(true);
    expect((await cli('chatbot', 'list', '--workspace', id)).stdout).toContain(
      `${bot.serialNumber}  Lake Homes  America/Chicago  0 listings`,
    );
  });

  it('rejects an unknown time zone the way Chatbot/Add does, and an unknown workspace', async () => {
    const ws = await newWorkspace(db);
    const tz = await cli('chatbot', 'create', '--workspace', String(ws.workspaceId), '--timezone', 'Mars/Olympus');
    expect(tz.code).toBe(1);
    expect(tz.stderr).toBe('parlor: timeZone: must be an IANA time zone such as America/Chicago, got "Mars/Olympus"\n');
    const none = await cli('chatbot', 'create', '--workspace', '999999999');
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('parlor: workspace 999999999 not found\n');
  });
});

describe('migrate', () => {
  it('reports the migrations it applied, then that there is nothing to apply', async () => {
    // The CLI opening the database from config itself, as it does in use.
    const fresh = cliRunner(
      undefined,
      dbKind === 'postgres' ? testConfig({ DATABASE_URL: inject('pgUrl') }) : testConfig(),
    );
    const first = await fresh('migrate', '--json');
    expect(first.code).toBe(0);
    const { applied } = first.json<{ applied: string[] }>();
    // On PostgreSQL this run's database was migrated by the global setup.
    if (dbKind === 'sqlite') expect(applied.slice(0, 2)).toEqual(['001_core', '002_listings']);
    else expect(applied).toEqual([]);
    expect((await fresh('migrate', '--json')).json()).toEqual({ database: dbKind, applied: [] });
    const text = await cli('migrate');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/is up to date; nothing to apply\.\n$/);
  });
});
