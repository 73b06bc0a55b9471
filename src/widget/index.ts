// The widget feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in widget/ is its own; `npm run lint` fails on an import that reaches past this file.

export { embedSnippet } from './demo-page.ts';
export { publicConfig } from './public-config.ts';
