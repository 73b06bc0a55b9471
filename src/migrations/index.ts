// The migrations feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in migrations/ is its own; `npm run lint` fails on an import that reaches past this file.

export { migrate } from './migrate.ts';
