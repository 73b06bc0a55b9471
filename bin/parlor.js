#!/usr/bin/env node
// `npm start` and `npx parlor …`: the server and the admin CLI. npm puts the project's Node 24
// (the `node` dev dependency) first on PATH, which runs the TypeScript sources directly.
import module from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Node's compile cache keeps each source file's type-stripped text and compiled code on disk
// (NODE_COMPILE_CACHE, else node-compile-cache in the system's temporary directory), so a
// start after the first neither loads Node's TypeScript stripper nor compiles again: ~10 MB
// less memory for the server's whole life, and a faster start. A directory that cannot be
// written only means no cache; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
// (Node 22 and later; the default import keeps an older Node starting without it.)
module.enableCompileCache?.();

// The CLI's output is what its user asked for; the server keeps Node's warnings for its operator.
if (process.argv[2] !== 'serve') process.removeAllListeners('warning');
await import(join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'main.ts'));
