// The worker thread that builds knowledge indexes (index-builder.ts) for memory-index.ts: one
// request at a time, answered with the index's arrays moved (not copied) back.
import { parentPort } from 'node:worker_threads';
import { buildIndex, type PassageWords } from './index-builder.ts';

parentPort?.on('message', (msg: { id: number; input: PassageWords }) => {
  try {
    const built = buildIndex(msg.input);
    const arrays = [built.ids, built.lengths, built.offsets, built.docs, built.counts];
    parentPort?.postMessage(
      { id: msg.id, built },
      arrays.map((a) => a.buffer as ArrayBuffer),
    );
  } catch (err) {
    parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
