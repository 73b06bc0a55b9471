// Where SQL may be written, checked in `npm run lint` (docs/architecture.md, "Who owns which
// table"): only in a feature's repository (`repo.ts`, or `repo-*.ts` for a part of it), in the
// lower layer `db/`, and in `migrations/`. Everything else calls a repository.
// SQL here is a Kysely query builder on a table (selectFrom, insertInto, updateTable,
// deleteFrom…), Kysely's sql`…` template, or a statement handed to a pg client (.query('…')).
// And who owns which table: a repository names only its own feature's tables (OWNER, the table
// in docs/architecture.md), whether as a query's table, a 'table.column' or in raw SQL.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './source-files.mjs';

const src = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'src');
const SQL =
  /\bsql`|\bsql<|\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\.query\(\s*['"`]/;
const ALLOWED = (path) => /^(db|migrations)\//.test(path) || /(^|\/)repo(-[\w-]+)?\.ts$/.test(path);

/** Each table's one owning feature; a new table must be placed here. */
const OWNER = {
  workspaces: 'workspaces',
  api_keys: 'workspaces',
  abuse_counters: 'abuse',
  users: 'users',
  console_sessions: 'users',
  files: 'files',
  chatbots: 'chatbots',
  listings: 'listings',
  knowledge_sources: 'knowledge',
  knowledge_passages: 'knowledge',
  knowledge_fts: 'knowledge',
  sessions: 'chat',
  messages: 'chat',
  usage_counters: 'chat',
  leads: 'leads',
  webhooks: 'leads',
  outbox: 'outbox',
};
const TABLES = Object.keys(OWNER).join('|');
// Every table of the schema (db/tables.ts, interface Database) must have its owner here.
const schema = /export interface Database \{([^}]*)\}/.exec(readFileSync(join(src, 'db/tables.ts'), 'utf8'))?.[1] ?? '';
const unplaced = [...schema.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]).filter((t) => !(t in OWNER));
/** A table named by a quoted 'table' or 'table.column', or after FROM/JOIN/INTO/UPDATE in raw SQL. */
const TABLE_RE = new RegExp(`'(${TABLES})(?:\\.\\w+)?'|\\b(?:from|join|into|update)\\s+"?(${TABLES})\\b`, 'gi');

const found = [];
const trespass = [];
for (const file of sourceFiles(src)) {
  const path = relative(src, file);
  const feature = path.split('/')[0];
  if (!ALLOWED(path) || /^(db|migrations)\//.test(path)) continue;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (/^\s*(\/\/|\*)/.test(line)) return;
      for (const m of line.matchAll(TABLE_RE)) {
        const table = (m[1] ?? m[2]).toLowerCase();
        if (OWNER[table] !== feature) trespass.push(`${path}:${i + 1}: ${table} is ${OWNER[table]}'s`);
      }
    });
}

for (const file of sourceFiles(src)) {
  const path = relative(src, file);
  if (ALLOWED(path)) continue;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (SQL.test(line) && !/^\s*(\/\/|\*)/.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
    });
}
for (const f of found) console.error(`SQL outside a repository (docs/architecture.md): ${f}`);
for (const f of trespass) console.error(`A table of another feature (docs/architecture.md): ${f}`);
for (const t of unplaced) console.error(`Table ${t} has no owning feature in OWNER (scripts/check-sql.mjs)`);
if (found.length || trespass.length || unplaced.length || !schema) process.exit(1);
console.log("sql: only in repositories, db/ and migrations/; each repository on its own feature's tables");
