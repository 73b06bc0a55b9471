// The import rules between src/'s folders (docs/architecture.md), checked in `npm run lint`:
// - a feature imports only the features below it in LAYERS (so no loop between folders can form);
// - the lower layers (db, http, net) and the shared top-level modules (config*.ts, errors.ts,
//   periodic.ts) import no feature;
// - a feature reaches another feature only through its public module, `<feature>/index.ts`;
// - nothing imports the composition root (app.ts, main.ts, serve.ts), which wires everything.
// Type-only imports count: they tie the folders together as much as any other.
//
// Known violations, still to be removed, are listed in scripts/import-exceptions.json; a
// violation not listed fails, and so does a listed one that no longer occurs (the list only
// shrinks). `node scripts/check-imports.mjs --list` prints every violation found.
//
// A small script of our own rather than dependency-cruiser: its circular rule is per module,
// and the loops that matter here are between folders (leads/service.ts → notify/handoff.ts and
// notify/worker.ts → leads/repo.ts, a loop the outbox/ split removed, were no module loop).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './source-files.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const LOWER = new Set(['db', 'http', 'net']);
/** The features, lowest first: each may import those before it. A new folder must be placed here. */
const LAYERS = [
  'workspaces',
  'abuse',
  'users',
  'files',
  'chatbots',
  'listings',
  'migrations',
  'answer',
  'knowledge',
  'live',
  'chat',
  'usage',
  'outbox',
  'crm',
  'leads',
  'tours',
  'review',
  'notify',
  'sms',
  'mcp',
  'setup',
  'housekeeping',
  'privacy',
  'widget',
  'console',
  'cli',
  'health',
];
const COMPOSITION = new Set(['app.ts', 'main.ts', 'serve.ts']);
const SHARED = /^(config[\w-]*|errors|money|periodic|service-context)\.ts$/;

/** The folder of a file under src/ ('' for a top-level file). */
const folderOf = (file) => {
  const parts = relative(src, file).split('/');
  return parts.length > 1 ? parts[0] : '';
};

const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

const edges = [];
for (const file of sourceFiles(src)) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT_RE)) {
    const target = resolve(dirname(file), m[1] ?? m[2]);
    if (!target.startsWith(src)) continue;
    edges.push({ from: relative(src, file), to: relative(src, target) });
  }
}

const violations = new Set();
const rank = new Map(LAYERS.map((f, i) => [f, i]));
for (const { from, to } of edges) {
  const [a, b] = [folderOf(join(src, from)), folderOf(join(src, to))];
  if (COMPOSITION.has(to) && !COMPOSITION.has(from)) violations.add(`composition: ${from} -> ${to}`);
  const lower = LOWER.has(a) || (a === '' && SHARED.test(from));
  if (lower && b !== '' && b !== a && !LOWER.has(b)) violations.add(`layer: ${from} -> ${to}`);
  for (const f of [a, b]) {
    if (f && !LOWER.has(f) && !rank.has(f))
      violations.add(`unplaced: ${f}/ is not in LAYERS (scripts/check-imports.mjs)`);
  }
  if (rank.has(a) && rank.has(b) && rank.get(b) > rank.get(a)) violations.add(`upward: ${from} -> ${to}`);
  // Another feature is reached through its index.ts only. Browser code (client/) is bundled on
  // its own and takes the few pure modules it needs (csv-rows.ts, money formatting) directly.
  const privateImport = rank.has(a) && rank.has(b) && a !== b && !to.endsWith('/index.ts');
  if (privateImport && !from.includes('/client/')) violations.add(`private: ${from} -> ${to}`);
}

const found = [...violations].sort();
if (process.argv.includes('--list')) {
  for (const v of found) console.log(v);
  console.log(`${found.length} violations`);
  process.exit(0);
}
const known = new Set(JSON.parse(readFileSync(join(root, 'scripts/import-exceptions.json'), 'utf8')));
const fresh = found.filter((v) => !known.has(v));
const gone = [...known].filter((v) => !violations.has(v));
for (const v of fresh) console.error(`import rule broken (docs/architecture.md): ${v}`);
for (const v of gone) console.error(`no longer happens, remove it from scripts/import-exceptions.json: ${v}`);
if (fresh.length || gone.length) process.exit(1);
console.log(`imports: ${edges.length} checked, ${known.size} known exceptions, nothing new`);
