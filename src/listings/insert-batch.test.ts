// The batcher under Creates arriving together: one statement for many, IDs to their callers in
// order, and a failed batch written again one by one so each caller gets its own answer.
import { describe, expect, it } from 'vitest';
import type { ListingColumns } from './columns.ts';
import { batchedInsert } from './insert-batch.ts';
import type { ListingRow } from './repo.ts';

const owner = { workspaceId: 1, chatbotId: 1 };
const row = (mls: string) => ({ mls_number: mls }) as unknown as ListingColumns;
const now = new Date('2026-11-23T00:00:00Z');
const mlsOf = (r: ListingRow) => (r.columns as unknown as { mls_number: string }).mls_number;

/** A store that writes a batch whole or not at all, like one INSERT, and refuses duplicates. */
function store() {
  const rows = new Map<string, number>();
  const batches: number[] = [];
  let next = 1;
  const writeRows = async (batch: ListingRow[]) => {
    await new Promise((r) => setTimeout(r, 5));
    batches.push(batch.length);
    const names = batch.map(mlsOf);
    if (names.some((n, i) => rows.has(n) || names.indexOf(n) !== i)) throw new Error('duplicate');
    return names.map((n) => {
      rows.set(n, next);
      return next++;
    });
  };
  const alone = async (_o: unknown, columns: ListingColumns) => {
    const [id] = await writeRows([{ owner, columns, now }]);
    return id as number;
  };
  return { rows, batches, writeRows, alone };
}

describe('batched inserts', () => {
  it('Creates arriving together share statements, and each gets the ID of its own row', async () => {
    const s = store();
    const insert = batchedInsert(s.writeRows, s.alone);
    const names = Array.from({ length: 50 }, (_, i) => `M${i}`);
    const ids = await Promise.all(names.map((n) => insert(owner, row(n), now)));
    for (const [i, n] of names.entries()) expect(s.rows.get(n)).toBe(ids[i]);
    expect(new Set(ids).size).toBe(50);
    // Two batches start at once with the first two; the rest wait and share.
    expect(s.batches.length).toBeLessThanOrEqual(6);
    expect(Math.max(...s.batches)).toBeGreaterThan(10);
  });

  it('a batch that fails is written again one by one: only the duplicate fails', async () => {
    const s = store();
    const insert = batchedInsert(s.writeRows, s.alone);
    await insert(owner, row('TAKEN'), now);
    const names = ['A', 'B', 'TAKEN', 'C', 'D', 'C', 'E', 'F'];
    const results = await Promise.allSettled(names.map((n) => insert(owner, row(n), now)));
    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [names[i]] : []));
    expect(failed).toEqual(['TAKEN', 'C']);
    expect([...s.rows.keys()].sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'TAKEN']);
    for (const [i, r] of results.entries()) {
      if (r.status === 'fulfilled') expect(s.rows.get(names[i] ?? '')).toBe(r.value);
    }
  });

  it('a statement that returns fewer IDs than rows is an error for every caller, not a wrong ID nor a second write', async () => {
    let alone = 0;
    const insert = batchedInsert(
      async (rows) => {
        await new Promise((r) => setTimeout(r, 5));
        return rows.length > 1 ? [1] : [rows.length];
      },
      async () => {
        alone++;
        return 0;
      },
    );
    const results = await Promise.allSettled(['A', 'B', 'C', 'D', 'E'].map((n) => insert(owner, row(n), now)));
    // The first two went alone (one ID each); the other three shared a statement that answered one ID.
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(alone).toBe(0);
  });
});
