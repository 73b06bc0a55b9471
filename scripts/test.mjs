// npm test: the whole suite on SQLite, then on PostgreSQL when PARLOR_TEST_PG_URL is set.
// Prints one closing line "N passed, N failed" over both runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const extra = process.argv.slice(2);
const runs = [['sqlite', {}]];
if (process.env.PARLOR_TEST_PG_URL) runs.push(['postgres', {}]);

let passed = 0;
let failed = 0;
let ok = true;
for (const [db] of runs) {
  const out = join(mkdtempSync(join(tmpdir(), 'parlor-vitest-')), 'results.json');
  console.log(`\n=== tests on ${db} ===`);
  const r = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra],
    { stdio: 'inherit', env: { ...process.env, PARLOR_TEST_DB: db } },
  );
  if (r.status !== 0) ok = false;
  try {
    const res = JSON.parse(readFileSync(out, 'utf8'));
    passed += res.numPassedTests;
    // A test file that fails to load has no failed test but is a failure all the same.
    const unloaded = (res.testResults ?? []).filter(
      (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    failed += res.numFailedTests + unloaded;
    console.log(`${db}: ${res.numPassedTests} passed, ${res.numFailedTests} failed`);
  } catch {
    ok = false;
    failed += 1;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
