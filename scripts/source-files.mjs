// The TypeScript sources under src/ that the lint checks read: every .ts file but the tests.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}
