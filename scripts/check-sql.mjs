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
  invites: 'users',
  console_sessions: 'users',
  files: 'files',
  chatbots: 'chatbots',
  listings: 'listings',
  knowledge_sources: 'knowledge',
  knowledge_passages: 'knowledge',
  knowledge_fts: 'knowledge',
  sessions: 'chat',
  messages: 'chat',
  message_contacts: 'chat',
  message_removals: 'chat',
  usage_counters: 'chat',
  answer_ratings: 'chat',
  listing_searches: 'chat',
  question_counts: 'chat',
  message_counts: 'chat',
  review_resolutions: 'chat',
  leads: 'leads',
  webhooks: 'leads',
  outbox: 'outbox',
  crm_settings: 'crm',
  tour_availability: 'tours',
  appointments: 'tours',
  tour_slot_counts: 'tours',
  mcp_keys: 'mcp',
  mcp_calls: 'mcp',
  cache_generations: 'db',
  privacy_audit: 'privacy',
  retention_sweeps: 'privacy',
};
const TABLES = Object.keys(OWNER).join('|');
// Every table of the schema (db/tables.ts, interface Database) must have its owner here.
const schemaSource = readFileSync(join(src, 'db/tables.ts'), 'utf8');
const schema = /export interface Database \{\n([\s\S]*?)\n\}/.exec(schemaSource)?.[1] ?? null;
const unplaced = [...(schema ?? '').matchAll(/^\s*(\w+):/gm)].map((m) => m[1]).filter((t) => !(t in OWNER));
/** A quoted table name: 'table', 'table.column' or 'table as alias' (Kysely), in any quotes. */
const QUOTED_RE = new RegExp(`['"\`](${TABLES})(?:\\.\\w+|\\s+as\\s+\\w+)?['"\`]`, 'g');
/** A table after a keyword of raw SQL, on the same line or the next. */
const RAW_RE = new RegExp(
  `\\b(?:from|join|into|update|table|truncate|vacuum(?:\\s*\\([^)]*\\))?)\\s+"?(${TABLES})\\b`,
  'gi',
);
/** The file without its comments (their newlines kept, so that line numbers stay right). */
const withoutComments = (text) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[\s;,){}])\/\/.*$/gm, '$1');

const found = [];
const trespass = [];
for (const file of sourceFiles(src)) {
  const path = relative(src, file);
  const source = readFileSync(file, 'utf8');
  if (!ALLOWED(path)) {
    source.split('\n').forEach((line, i) => {
      if (SQL.test(line) && !/^\s*(\/\/|\*)/.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
    });
  } else if (!/^(db|migrations)\//.test(path)) {
    const feature = path.split('/')[0];
    const text = withoutComments(source);
    for (const m of [...text.matchAll(QUOTED_RE), ...text.matchAll(RAW_RE)]) {
      const table = m[1].toLowerCase();
      const line = text.slice(0, m.index).split('\n').length;
      if (OWNER[table] !== feature) trespass.push(`${path}:${line}: ${table} is ${OWNER[table]}'s`);
    }
  }
}
for (const f of found) console.error(`SQL outside a repository (docs/architecture.md): ${f}`);
for (const f of trespass) console.error(`A table of another feature (docs/architecture.md): ${f}`);
for (const t of unplaced) console.error(`Table ${t} has no owning feature in OWNER (scripts/check-sql.mjs)`);
if (schema === null)
  console.error('No `export interface Database { … }` found in src/db/tables.ts (scripts/check-sql.mjs)');
if (found.length || trespass.length || unplaced.length || schema === null) process.exit(1);
console.log("sql: only in repositories, db/ and migrations/; each repository on its own feature's tables");
