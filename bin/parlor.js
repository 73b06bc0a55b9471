#!/usr/bin/env node
// `npx parlor …`: the admin CLI. npm puts the project's Node 24 (the `node` dev
// dependency) first on PATH, which runs the TypeScript sources directly.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

process.removeAllListeners('warning');
await import(join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'main.ts'));
