// `parlor listings import` of 100,000 rows, timed end to end as a user runs it: process start,
// parsing, validation and the inserts. Two files: a JSON array in the API's field names, and
// an MLS feed's CSV in RESO Data Dictionary names (mapped to the API's fields first), the
// first the baseline of the second in the same run. Target: ≤ 20 s each on SQLite.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { Dialect } from '../src/db/connect.ts';
import { countListings } from '../src/listings/repo.ts';
import { createBenchDb, createTenant } from './lib/databases.ts';
import { benchListing } from './lib/listing-fields.ts';
import { csvLine, resoListing } from './lib/reso-listings.ts';
import { NODE, ROOT } from './lib/server-process.ts';

export type ImportFormat = 'parlor' | 'reso';

export interface ImportResult {
  database: Dialect;
  format: ImportFormat;
  status: 'ok' | 'not available' | 'failed';
  rows: number;
  seconds: number | null;
  /** Rows found in the chatbot afterwards. */
  imported: number | null;
  message: string;
}

async function writeLines(path: string, rows: number, line: (i: number) => string, head: string, tail: string) {
  const out = createWriteStream(path);
  out.write(head);
  for (let i = 0; i < rows; i++) {
    const ok = out.write(line(i));
    if (!ok) await once(out, 'drain');
  }
  out.end(tail);
  await finished(out);
}

/** Every record marketable (Active, every tenth Closed), so each of the rows is written. */
const resoRecord = (i: number) => ({ ...resoListing(i, 'IR'), StandardStatus: i % 10 === 0 ? 'Closed' : 'Active' });

async function writeListingsFile(path: string, rows: number, format: ImportFormat): Promise<void> {
  if (format === 'parlor') {
    await writeLines(path, rows, (i) => `${i ? ',\n' : ''}${JSON.stringify(benchListing(i, 'I'))}`, '[\n', '\n]\n');
    return;
  }
  const columns = [...new Set([1, 4].flatMap((i) => Object.keys(resoListing(i, 'IR'))))];
  await writeLines(path, rows, (i) => `${csvLine(columns, resoRecord(i))}\n`, `${columns.join(',')}\n`, '');
}

function runCli(args: string[], env: Record<string, string>, timeoutMs: number) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(NODE, ['--disable-warning=ExperimentalWarning', join(ROOT, 'bin', 'parlor.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let output = '';
    const keep = (s: Buffer) => {
      output = (output + s.toString('utf8')).slice(-8192);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => resolve({ code, output }));
  });
}

export async function runImport(kind: Dialect, rows: number, format: ImportFormat): Promise<ImportResult> {
  const base = { database: kind, format, rows, seconds: null, imported: null };
  const bench = await createBenchDb(kind);
  const dir = mkdtempSync(join(tmpdir(), 'parlor-import-'));
  try {
    let db = bench.open();
    const tenant = await createTenant(db);
    await db.close();
    const file = join(dir, format === 'parlor' ? 'listings.json' : 'reso-feed.csv');
    await writeListingsFile(file, rows, format);

    const env = { DATABASE_URL: bench.target.databaseUrl ?? '', PARLOR_DATA_DIR: bench.target.dataDir ?? dir };
    const t0 = performance.now();
    const r = await runCli(['listings', 'import', file, '--chatbot', tenant.serial, '--json'], env, 120_000);
    const seconds = (performance.now() - t0) / 1000;
    const last = r.output.trim().split('\n').slice(-3).join(' | ');
    if (r.code !== 0) {
      // The admin CLI is written separately; until it has `listings import`, say so rather than fail.
      const missing = /not built|unknown (command|subcommand)|not available|usage/i.test(r.output);
      return { ...base, status: missing ? 'not available' : 'failed', message: `exit ${r.code}: ${last}` };
    }
    db = bench.open();
    const imported = await countListings(db.kysely, tenant.owner, {});
    await db.close();
    const status = imported === rows ? 'ok' : 'failed';
    return { ...base, status, seconds, imported, message: status === 'ok' ? '' : `imported ${imported} of ${rows}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await bench.drop();
  }
}
