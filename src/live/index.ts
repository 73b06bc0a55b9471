// The live feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in live/ is its own; `npm run lint` fails on an import that reaches past this file.

export { announce } from './announce.ts';
export type { LiveBus } from './bus.ts';
export { openLiveStream } from './sse.ts';
export { watch } from './watch.ts';
