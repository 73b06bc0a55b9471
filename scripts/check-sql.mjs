// Where SQL may be written, checked in `npm run lint` (docs/architecture.md, "Who owns which
// table"): only in a feature's repository (`repo.ts`, or `repo-*.ts` for a part of it), in the
// lower layer `db/`, and in `migrations/`. Everything else calls a repository.
// SQL here is a Kysely query builder on a table (selectFrom, insertInto, updateTable,
// deleteFrom…), Kysely's sql`…` template, or a statement handed to a pg client (.query('…')).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './source-files.mjs';

const src = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'src');
const SQL =
  /\bsql`|\bsql<|\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\.query\(\s*['"`]/;
const ALLOWED = (path) => /^(db|migrations)\//.test(path) || /(^|\/)repo(-[\w-]+)?\.ts$/.test(path);

const found = [];
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
if (found.length) process.exit(1);
console.log('sql: only in repositories, db/ and migrations/');
