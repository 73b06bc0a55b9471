// First start (README "Quickstart"): bootstrap creates once, saves the keys with mode 0600, can be
// turned off, and the curl the banner prints works against the real API.
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dbKind, openEmptyDb, testConfig } from '../../test/harness.ts';
import { connect, type Db } from '../db/connect.ts';
import { checkSignIn } from '../users/service.ts';
import { findPrincipal } from '../workspaces/repo.ts';
import { bannerText } from './banner.ts';
import { type BootstrapOutcome, bootstrap } from './bootstrap.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** PostgreSQL URLs of the databases emptyDb created, for opening more pools on them. */
const urls = new WeakMap<Db, string>();

/** Bootstrap needs an empty database: a fresh SQLite file, or a fresh PostgreSQL database. */
async function emptyDb(dataDir: string): Promise<Db> {
  const { db, url, drop } = await openEmptyDb(dataDir);
  cleanups.push(drop);
  if (url) urls.set(db, url);
  return db;
}

async function workspaceCount(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('workspaces')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function created(outcome: BootstrapOutcome) {
  if (outcome.kind !== 'created') throw new Error(`expected a first start, got ${outcome.kind}`);
  return outcome;
}

/** The parts of the banner's curl command: URL, headers and body. */
function parseCurl(banner: string) {
  const line = banner.split('\n').find((l) => l.trim().startsWith('curl '));
  if (!line) throw new Error(`no curl in banner:\n${banner}`);
  const quoted = [...line.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');
  const [url = '', ...rest] = quoted;
  const body = rest.pop() ?? '';
  const headers = Object.fromEntries(
    rest.map((h) => {
      const at = h.indexOf(':');
      return [h.slice(0, at).trim(), h.slice(at + 1).trim()];
    }),
  );
  return { line: line.trim(), url, headers, body };
}

describe('bootstrap', () => {
  it('creates a workspace, keys, a demo chatbot and listings once; a second start does nothing', async () => {
    const config = testConfig();
    const db = await emptyDb(config.dataDir);
    const first = created(await bootstrap(db, config, new Date()));
    expect(first.listings).toBe(12);
    expect(await workspaceCount(db)).toBe(1);

    const second = await bootstrap(db, config, new Date());
    expect(second).toEqual({ kind: 'existing', file: join(config.dataDir, 'bootstrap.json') });
    expect(await workspaceCount(db)).toBe(1);
    expect(bannerText('http://x.test', second)).toContain(
      `Keys and console password from the first start: ${second.kind === 'existing' && second.file}`,
    );
    expect(bannerText('http://x.test', second)).not.toContain(first.keys.apiKey);
  });

  it('writes bootstrap.json with mode 0600 and working keys', async () => {
    const config = testConfig();
    const db = await emptyDb(config.dataDir);
    const { keys, file } = created(await bootstrap(db, config, new Date()));
    expect(file).toBe(join(config.dataDir, 'bootstrap.json'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(saved).sort()).toEqual(['apiKey', 'console', 'serialNumber', 'sessionKey', 'workspaceId']);
    const { ownerEmail, ownerPassword, ...apiKeys } = keys;
    expect(saved).toEqual({ ...apiKeys, console: { email: ownerEmail, password: ownerPassword } });
    // The saved password signs the owner in.
    const owner = await checkSignIn(db, saved.console.email, saved.console.password, '127.0.0.1', new Date());
    expect(owner).toMatchObject({ role: 'owner', workspace_id: saved.workspaceId });
    const api = await findPrincipal(db.kysely, saved.apiKey);
    const session = await findPrincipal(db.kysely, saved.sessionKey);
    expect(api).toMatchObject({ kind: 'workspace', workspaceId: saved.workspaceId });
    expect(session).toMatchObject({ kind: 'workspace', workspaceId: saved.workspaceId });
  });

  it('PARLOR_BOOTSTRAP=0 creates nothing', async () => {
    const config = testConfig({ PARLOR_BOOTSTRAP: '0' });
    const db = await emptyDb(config.dataDir);
    expect(await bootstrap(db, config, new Date())).toEqual({ kind: 'off' });
    expect(await workspaceCount(db)).toBe(0);
    expect(existsSync(join(config.dataDir, 'bootstrap.json'))).toBe(false);
  });

  it.skipIf(dbKind !== 'postgres')('instances starting together bootstrap exactly once', async () => {
    const config = testConfig();
    const db = await emptyDb(config.dataDir);
    // Separate pools, as separate processes would have.
    const others = [1, 2, 3].map(() => {
      const other = connect({ databaseUrl: urls.get(db) ?? '', dataDir: config.dataDir, poolSize: 2 });
      cleanups.push(() => other.close());
      return other;
    });
    const outcomes = await Promise.all(
      [db, ...others].map((d, i) =>
        bootstrap(d, { ...config, dataDir: mkdtempSync(join(tmpdir(), `pb${i}-`)) }, new Date()),
      ),
    );
    expect(outcomes.filter((o) => o.kind === 'created')).toHaveLength(1);
    expect(await workspaceCount(db)).toBe(1);
  });

  it('the banner curl answers the sample listings when sent to the API', async () => {
    const config = testConfig();
    const db = await emptyDb(config.dataDir);
    const outcome = created(await bootstrap(db, config, new Date()));
    const t = await buildTestApp({ db, config });
    cleanups.push(() => t.close());
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const curl = parseCurl(bannerText(base, outcome));
    expect(curl.line).toMatch(/^curl -s -X POST '/);
    expect(curl.url).toBe(`${base}/chat/Chatbot/RealEstateList`);
    const res = await fetch(curl.url, { method: 'POST', headers: curl.headers, body: curl.body });
    const body = (await res.json()) as {
      Success: boolean;
      Data: { List: { City: string; MLSNumber: string }[]; VirtualCount: number };
    };
    expect(res.status).toBe(200);
    expect(body.Success).toBe(true);
    expect(body.Data.VirtualCount).toBe(5);
    expect(body.Data.List.every((l) => l.City === 'Austin' && l.MLSNumber.startsWith('DEMO'))).toBe(true);
  });
});
