// DESIGN §4: an acknowledged write survives kill -9. Sixteen clients create listings against a
// real server process; after a few hundred acknowledgements the server is SIGKILLed mid-run,
// restarted on the same database, and every acknowledged ID must be there.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, inject, it } from 'vitest';
import { freePort, type ServerProcess, startParlor } from '../bench/lib/server-process.ts';
import { insertChatbot } from '../src/chatbots/repo.ts';
import { DEFAULT_SETTINGS } from '../src/chatbots/settings.ts';
import { connect } from '../src/db/connect.ts';
import { migrate } from '../src/migrations/migrate.ts';
import { createWorkspace } from '../src/workspaces/repo.ts';
import { listingBody } from './factories.ts';
import { dbKind } from './harness.ts';

const CLIENTS = 16;
const KILL_AFTER_ACKS = 300;

let server: ServerProcess | null = null;

afterEach(async () => {
  await server?.stop('SIGKILL');
  server = null;
});

interface Target {
  dataDir?: string;
  databaseUrl?: string;
}

/** A workspace and chatbot made directly in the database, before any server runs. */
async function prepare(target: Target) {
  const db = connect({
    databaseUrl: target.databaseUrl ?? null,
    dataDir: target.dataDir ?? '',
    sqliteFile: 'parlor.db',
  });
  try {
    if (db.dialect === 'sqlite') await migrate(db);
    const now = new Date();
    const ws = await createWorkspace(db.kysely, 'Crash Realty', now);
    const bot = await insertChatbot(db.kysely, ws.workspaceId, 0, { ...DEFAULT_SETTINGS }, now);
    return { apiKey: ws.apiKey, serial: bot.serialNumber };
  } finally {
    await db.close();
  }
}

async function postJson(url: string, apiKey: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: apiKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { Success: boolean; Data: unknown } };
}

/** Every listing ID of the chatbot, read through RealEstateList page by page. */
async function listedIds(baseUrl: string, apiKey: string, serial: string): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let page = 1; ; page++) {
    const res = await postJson(`${baseUrl}/chat/Chatbot/RealEstateList`, apiKey, {
      SerialNumber: serial,
      PageNumber: page,
      PageSize: 100,
    });
    expect(res.status).toBe(200);
    const data = res.body.Data as { List: { ID: number }[] };
    for (const r of data.List) ids.add(r.ID);
    if (data.List.length < 100) return ids;
  }
}

it(`keeps every acknowledged create after kill -9 (${dbKind})`, async () => {
  const target: Target =
    dbKind === 'postgres'
      ? { databaseUrl: inject('pgUrl') }
      : { dataDir: mkdtempSync(join(tmpdir(), 'parlor-crash-')) };
  const { apiKey, serial } = await prepare(target);
  const port = await freePort();
  const running = await startParlor({ port, ...target });
  server = running;
  const createUrl = `${running.url}/chat/Chatbot/RealEstateCreate`;

  const acked: number[] = [];
  let killed = false;
  let killing: Promise<void> | null = null;
  const client = async () => {
    while (!killed) {
      let res: Awaited<ReturnType<typeof postJson>>;
      try {
        res = await postJson(createUrl, apiKey, listingBody(serial));
      } catch (err) {
        // After the kill the connection dies with the server: that create was never acknowledged.
        if (killed) return;
        throw err;
      }
      if (res.status !== 200 || !res.body.Success) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
      acked.push(Number(res.body.Data));
      if (acked.length >= KILL_AFTER_ACKS && !killing) {
        // Kill while the other fifteen clients still have requests in flight.
        killed = true;
        killing = running.stop('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  await killing;
  expect(running.child.signalCode).toBe('SIGKILL');
  expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

  server = await startParlor({ port, ...target });
  const ids = await listedIds(server.url, apiKey, serial);
  const missing = acked.filter((id) => !ids.has(id));
  expect(missing).toEqual([]);
  expect(new Set(acked).size).toBe(acked.length);

  // The restarted server takes writes again.
  const after = await postJson(createUrl, apiKey, listingBody(serial));
  expect(after.body.Success).toBe(true);
});
