// The usage feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in usage/ is its own; `npm run lint` fails on an import that reaches past this file.

export { DATE_PATTERN, DATE_RULE, utcRange } from './time-range.ts';
