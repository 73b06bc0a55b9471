// `npx parlor user …` in-process on the test database: a generated password is shown once and
// signs in; --password is checked; reset signs the user out; the last owner stays; bad input
// exits non-zero with the field named.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newWorkspace, openTestDb, testConfig } from '../../test/harness.ts';
import type { Db } from '../db/connect.ts';
import { verifyPassword } from '../users/passwords.ts';
import { findUserByEmail } from '../users/repo.ts';
import { checkSignIn } from '../users/service.ts';
import { cliRunner } from './test-io.ts';

let db: Db;
let cli: ReturnType<typeof cliRunner>;
beforeAll(async () => {
  db = await openTestDb();
  cli = cliRunner(db, testConfig());
});
afterAll(() => db.close());

const email = (name: string) => `${name}-${process.pid}-${Date.now()}@cli.example`;

it('user create prints a generated password once; it signs in; list shows the user without it', async () => {
  const ws = await newWorkspace(db);
  const who = email('owner');
  const r = await cli(
    'user',
    'create',
    '--workspace',
    String(ws.workspaceId),
    '--email',
    who,
    '--role',
    'owner',
    '--json',
  );
  expect(r.code, r.stderr).toBe(0);
  const made = r.json<{ email: string; role: string; password: string }>();
  expect(made).toMatchObject({ email: who, role: 'owner' });
  expect(made.password).toMatch(/^[A-Za-z0-9]{16}$/);
  expect((await checkSignIn(db, who, made.password, '127.0.0.1', new Date())).email).toBe(who);
  const list = await cli('user', 'list', '--workspace', String(ws.workspaceId));
  expect(list.stdout).toContain(who);
  expect(list.stdout).not.toContain(made.password);
  const stored = await findUserByEmail(db.kysely, who);
  expect(stored?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
  expect(stored?.password_hash).not.toContain(made.password);
});

it('bad input exits non-zero naming the field, and creates nothing', async () => {
  const ws = await newWorkspace(db);
  const cases: [string[], RegExp][] = [
    [['--email', 'not-an-email'], /Email/],
    [['--email', email('a'), '--role', 'boss'], /Role: must be owner or agent/],
    [['--email', email('b'), '--password', 'short'], /Password: must be at least 10 characters/],
    [[], /--email is required/],
  ];
  for (const [args, message] of cases) {
    const r = await cli('user', 'create', '--workspace', String(ws.workspaceId), ...args);
    expect(r.code, args.join(' ')).not.toBe(0);
    expect(r.stderr).toMatch(message);
  }
  expect((await cli('user', 'list', '--workspace', String(ws.workspaceId), '--json')).json()).toEqual([]);
  const dup = email('dup');
  expect((await cli('user', 'create', '--workspace', String(ws.workspaceId), '--email', dup)).code).toBe(0);
  const again = await cli('user', 'create', '--workspace', String(ws.workspaceId), '--email', dup.toUpperCase());
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/already exists/);
});

it('reset-password sets a new password; remove keeps the last owner', async () => {
  const ws = await newWorkspace(db);
  const owner = email('only-owner');
  await cli('user', 'create', '--workspace', String(ws.workspaceId), '--email', owner, '--role', 'owner');
  const reset = await cli('user', 'reset-password', '--email', owner, '--password', 'a brand new password');
  expect(reset.code, reset.stderr).toBe(0);
  const stored = await findUserByEmail(db.kysely, owner);
  expect(await verifyPassword('a brand new password', stored?.password_hash ?? '')).toBe(true);
  const last = await cli('user', 'remove', '--email', owner);
  expect(last.code).toBe(1);
  expect(last.stderr).toMatch(/last owner/);
  const agent = email('agent');
  await cli('user', 'create', '--workspace', String(ws.workspaceId), '--email', agent);
  expect((await cli('user', 'remove', '--email', agent)).code).toBe(0);
  expect(await findUserByEmail(db.kysely, agent)).toBeUndefined();
  expect((await cli('user', 'remove', '--email', agent)).code).toBe(1);
});
