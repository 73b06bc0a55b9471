// The builtin engine's knowledge search, on both databases, held in memory per chatbot: an
// inverted index of the passages' search words, checked against the database before every
// search (one indexed query, knowledgeGeneration) and rebuilt when any passage changed, on
// whichever instance changed it.
//
// Why: over 10,000 passages PostgreSQL ranked every passage sharing a word with the question
// (a sequential scan and ts_rank_cd: 18 ms p50 in the bench, target 5 ms), and SQLite's FTS5,
// asked level by level for passages holding enough of the question, measured 4 to 6 ms p50 beside
// 2 to 3 ms for this index in the same runs (docs/design-departures.md). Counting in
// memory which passages hold how many of the question's concepts, then reading the best 30 by
// ID, needs no scan; the same index tells which words any passage holds (a word none holds is
// left out of coverage, or corrected). FTS5 and the tsvector stay, for the model's
// search_knowledge.

import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { BuiltIndex, PassageWords } from './index-builder.ts';
import type { Owner } from './repo.ts';
import { knowledgeGeneration, passageTerms } from './repo-passage-search.ts';

interface ChatbotIndex extends BuiltIndex {
  generation: string;
}

/**
 * What the index may hold (limitKnowledgeIndex, from PARLOR_KNOWLEDGE_INDEX_PASSAGES and
 * PARLOR_KNOWLEDGE_PASSAGES_PER_WORKSPACE): passages over all workspaces, and of one
 * workspace. A workspace past its own budget drops its least recently used chatbots; past the
 * total, the workspace holding the most drops its least recently used one. So a tenant within
 * its share is never evicted by another's large index (one global cache let two chatbots of
 * 99,000 and 60,000 passages evict each other: every question rebuilt an index, 14-17 s).
 */
const budget = { total: 200_000, perWorkspace: 50_000 };

export function limitKnowledgeIndex(limits: { totalPassages: number; perWorkspacePassages: number }): void {
  budget.total = limits.totalPassages;
  budget.perWorkspace = limits.perWorkspacePassages || limits.totalPassages;
}

const indexes = new Map<string, ChatbotIndex & { workspaceId: number }>();
const building = new Map<string, Promise<ChatbotIndex>>();

const keyOf = (owner: Owner) => `${owner.workspaceId}:${owner.chatbotId}`;

/**
 * Rows read per statement: the event loop is given back between statements (SQLite's driver
 * is synchronous: one statement over 100,000 rows held the loop for seconds), and the index is
 * built in a worker thread (index-worker.ts), so neither its work nor its garbage holds it.
 */
const SLICE = 1000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function passageWords(db: Kysely<Database>, owner: Owner): Promise<PassageWords> {
  const ids: number[] = [];
  const questionTerms: string[] = [];
  const terms: string[] = [];
  for (;;) {
    const slice = await passageTerms(db, owner, ids.at(-1) ?? 0, SLICE);
    for (const row of slice) {
      ids.push(row.id);
      questionTerms.push(row.question_terms);
      terms.push(row.terms);
    }
    if (slice.length < SLICE) return { ids: Int32Array.from(ids), questionTerms, terms };
    await nextTurn();
  }
}

let builder: Worker | null = null;
let requests = 0;
const waiting = new Map<number, { resolve: (b: BuiltIndex) => void; reject: (e: Error) => void }>();

/** The index built by the worker thread (started on first use, unref'd, restarted if it dies). */
function buildInWorker(input: PassageWords): Promise<BuiltIndex> {
  if (!builder) {
    const worker = new Worker(new URL('./index-worker.ts', import.meta.url));
    worker.unref();
    worker.on('message', (msg: { id: number; built?: BuiltIndex; error?: string }) => {
      const w = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.built) w?.resolve(msg.built);
      else w?.reject(new Error(`building the knowledge index failed: ${msg.error}`));
    });
    const fail = (err: Error) => {
      builder = null;
      for (const w of waiting.values()) w.reject(err);
      waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the knowledge index worker stopped (${code})`)));
    builder = worker;
  }
  const id = requests++;
  const worker = builder;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, input }, [input.ids.buffer as ArrayBuffer]);
  });
}

async function build(db: Kysely<Database>, owner: Owner, generation: string): Promise<ChatbotIndex> {
  const built = await buildInWorker(await passageWords(db, owner));
  return { generation, ...built };
}

/** The position of `word` in the sorted words, or of the first word after it. */
function positionOf(index: ChatbotIndex, word: string): number {
  let lo = 0;
  let hi = index.words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((index.words[mid] ?? '') < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The positions of the words a concept's word stands for: itself, or every word a stem (`stem*`) begins. */
function wordsFor(index: ChatbotIndex, word: string): number[] {
  if (!word.endsWith('*')) {
    const at = positionOf(index, word);
    return index.words[at] === word ? [at] : [];
  }
  const stem = word.slice(0, -1);
  const out: number[] = [];
  for (let i = positionOf(index, stem); i < index.words.length && index.words[i]?.startsWith(stem); i++) out.push(i);
  return out;
}

/** Keeps `index` as the most recently used, and drops others past the budgets. */
function remember(key: string, workspaceId: number, index: ChatbotIndex): void {
  indexes.delete(key);
  indexes.set(key, { ...index, workspaceId });
  const heldBy = new Map<number, number>();
  let held = 0;
  for (const i of indexes.values()) {
    heldBy.set(i.workspaceId, (heldBy.get(i.workspaceId) ?? 0) + i.ids.length);
    held += i.ids.length;
  }
  // Oldest first (a Map keeps insertion order, and a use re-inserts): the workspace's own.
  for (const [k, i] of indexes) {
    const mine = heldBy.get(workspaceId) ?? 0;
    if (mine <= budget.perWorkspace) break;
    if (k === key || i.workspaceId !== workspaceId) continue;
    indexes.delete(k);
    heldBy.set(workspaceId, mine - i.ids.length);
    held -= i.ids.length;
  }
  while (held > budget.total) {
    const order = [...heldBy.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
    const candidates = [...indexes].filter(([k]) => k !== key);
    const heaviest = order.find((w) => candidates.some(([, i]) => i.workspaceId === w));
    const victim = candidates.find(([, i]) => i.workspaceId === heaviest);
    if (!victim) break;
    indexes.delete(victim[0]);
    heldBy.set(victim[1].workspaceId, (heldBy.get(victim[1].workspaceId) ?? 0) - victim[1].ids.length);
    held -= victim[1].ids.length;
  }
}

/** The chatbot's index as the database is now. */
async function current(db: Kysely<Database>, owner: Owner): Promise<ChatbotIndex> {
  const key = keyOf(owner);
  const generation = await knowledgeGeneration(db, owner);
  const held = indexes.get(key);
  if (held?.generation === generation) {
    remember(key, owner.workspaceId, held);
    return held;
  }
  const pending = building.get(`${key}@${generation}`);
  if (pending) return pending;
  const made = build(db, owner, generation).finally(() => building.delete(`${key}@${generation}`));
  building.set(`${key}@${generation}`, made);
  const index = await made;
  remember(key, owner.workspaceId, index);
  return index;
}

/** See KnowledgeIndex.mostCovering. */
function mostCoveringIds(index: ChatbotIndex, groups: string[][], least: number, limit: number): number[] {
  const n = index.ids.length;
  // Counts are bytes: a question is read for at most 16 concepts (as search.ts's SQLite query).
  groups = groups.slice(0, 16);
  if (n === 0) return [];
  const counts = new Uint8Array(n);
  const scores = new Float64Array(n);
  const mark = new Int32Array(n).fill(-1);
  // Occurrences of the current concept's words in each passage (its term frequency).
  const tf = new Uint32Array(n);
  const k1 = 1.2;
  const b = 0.75;
  for (const [g, group] of groups.entries()) {
    const holders: number[] = [];
    for (const at of group.flatMap((w) => wordsFor(index, w))) {
      for (let j = index.offsets[at] ?? 0; j < (index.offsets[at + 1] ?? 0); j++) {
        const doc = index.docs[j] ?? 0;
        if (mark[doc] !== g) {
          mark[doc] = g;
          tf[doc] = 0;
          holders.push(doc);
        }
        tf[doc] = (tf[doc] ?? 0) + (index.counts[j] ?? 1);
      }
    }
    const idf = Math.log(1 + (n - holders.length + 0.5) / (holders.length + 0.5));
    for (const doc of holders) {
      counts[doc] = (counts[doc] ?? 0) + 1;
      const norm = 1 - b + (b * (index.lengths[doc] ?? 0)) / (index.averageLength || 1);
      const f = tf[doc] ?? 1;
      scores[doc] = (scores[doc] ?? 0) + (idf * f * (k1 + 1)) / (f + k1 * norm);
    }
  }
  let most = 0;
  for (const c of counts) if (c > most) most = c;
  if (most < Math.max(1, least)) return [];
  const best: number[] = [];
  for (let doc = 0; doc < n; doc++) if (counts[doc] === most) best.push(doc);
  best.sort((x, y) => (scores[y] ?? 0) - (scores[x] ?? 0));
  return best.slice(0, limit).map((doc) => index.ids[doc] ?? 0);
}

/** A chatbot's passages' words as the database holds them now (one generation check). */
export interface KnowledgeIndex {
  /** Every search word, sorted. */
  words: readonly string[];
  /** Whether a passage holds any of a concept's words (a word, or a stem's: `stem*`). */
  holdsAny: (words: Iterable<string>) => boolean;
  /** The share of the passages holding any of a concept's words (0–1). */
  shareHolding: (words: Iterable<string>) => number;
  /**
   * The IDs of the passages holding the most of `groups` (each a concept), at least `least` of
   * them, best first by BM25 over the concepts they hold; at most `limit`.
   */
  mostCovering: (groups: string[][], least: number, limit: number) => number[];
}

export async function knowledgeIndex(db: Kysely<Database>, owner: Owner): Promise<KnowledgeIndex> {
  const index = await current(db, owner);
  return {
    words: index.words,
    holdsAny: (words) => {
      for (const w of words) if (wordsFor(index, w).length > 0) return true;
      return false;
    },
    shareHolding: (words) => {
      const docs = new Set<number>();
      for (const w of words) {
        for (const at of wordsFor(index, w)) {
          for (let j = index.offsets[at] ?? 0; j < (index.offsets[at + 1] ?? 0); j++) docs.add(index.docs[j] ?? 0);
        }
      }
      return index.ids.length ? docs.size / index.ids.length : 0;
    },
    mostCovering: (groups, least, limit) => mostCoveringIds(index, groups, least, limit),
  };
}
