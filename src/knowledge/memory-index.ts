// The builtin engine's knowledge search, on both databases, held in memory per chatbot: an
// inverted index of the passages' search words, checked against the database before every
// search (one indexed query, knowledgeGeneration) and rebuilt when any passage changed, on
// whichever instance changed it.
//
// Why: over 10,000 passages PostgreSQL ranked every passage sharing a word with the question
// (a sequential scan and ts_rank_cd: 18 ms p50 in the bench, target 5 ms), and SQLite's FTS5,
// asked level by level for passages holding enough of the question, measured 4 to 6 ms p50 beside
// 2 to 3 ms for this index in the same runs (README "Departures from DESIGN.md"). Counting in
// memory which passages hold how many of the question's concepts, then reading the best 30 by
// ID, needs no scan; the same index tells which words any passage holds (a word none holds is
// left out of coverage, or corrected). FTS5 and the tsvector stay, for the model's
// search_knowledge.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { Owner } from './repo.ts';
import { knowledgeGeneration, passageTerms } from './repo-passage-search.ts';

interface Posting {
  docs: Int32Array;
  /** Occurrences in each doc, a Q&A entry's question counting twice (as SQLite's bm25 weights). */
  counts: Uint16Array;
}

/** How much a word in a Q&A entry's question weighs against one in its answer or a passage. */
const QUESTION_WEIGHT = 2;

interface ChatbotIndex {
  generation: string;
  /** Passage IDs by position. */
  ids: Int32Array;
  /** Search words of each passage (its length, for BM25's normalisation). */
  lengths: Uint32Array;
  averageLength: number;
  /** Word → positions of the passages holding it, and how often each holds it. */
  postings: Map<string, Posting>;
  /** The words, sorted: a stem's words are a range of them. */
  words: string[];
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
 * Rows read (and indexed) per slice: the build gives the event loop back between slices, so
 * a large index is built over many turns rather than in one stall (SQLite's driver is
 * synchronous: one statement over 100,000 rows held the loop for seconds).
 */
const SLICE = 2000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function allRows(db: Kysely<Database>, owner: Owner) {
  const rows: Awaited<ReturnType<typeof passageTerms>> = [];
  for (;;) {
    const slice = await passageTerms(db, owner, rows.at(-1)?.id ?? 0, SLICE);
    rows.push(...slice);
    if (slice.length < SLICE) return rows;
    await nextTurn();
  }
}

async function build(db: Kysely<Database>, owner: Owner, generation: string): Promise<ChatbotIndex> {
  const rows = await allRows(db, owner);
  const ids = new Int32Array(rows.length);
  const lengths = new Uint32Array(rows.length);
  const lists = new Map<string, { docs: number[]; counts: number[] }>();
  let total = 0;
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % SLICE === 0) await nextTurn();
    ids[i] = row.id;
    const question = row.question_terms.split(' ').filter(Boolean);
    const body = row.terms.split(' ').filter(Boolean);
    lengths[i] = question.length + body.length;
    total += question.length + body.length;
    const counts = new Map<string, number>();
    for (const w of question) counts.set(w, (counts.get(w) ?? 0) + QUESTION_WEIGHT);
    for (const w of body) counts.set(w, (counts.get(w) ?? 0) + 1);
    for (const [w, n] of counts) {
      const list = lists.get(w) ?? { docs: [], counts: [] };
      list.docs.push(i);
      list.counts.push(Math.min(n, 0xffff));
      lists.set(w, list);
    }
  }
  const postings = new Map<string, Posting>();
  let made = 0;
  for (const [w, list] of lists) {
    if (++made % (SLICE * 10) === 0) await nextTurn();
    postings.set(w, { docs: Int32Array.from(list.docs), counts: Uint16Array.from(list.counts) });
  }
  const words = [...postings.keys()].sort();
  return { generation, ids, lengths, averageLength: rows.length ? total / rows.length : 0, postings, words };
}

/** The words a concept's word stands for in the index: itself, or every word a stem (`stem*`) begins. */
function wordsFor(index: ChatbotIndex, word: string): string[] {
  if (!word.endsWith('*')) return [word];
  const stem = word.slice(0, -1);
  let lo = 0;
  let hi = index.words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((index.words[mid] ?? '') < stem) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < index.words.length && index.words[i]?.startsWith(stem); i++) out.push(index.words[i] ?? '');
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
    for (const word of group.flatMap((w) => wordsFor(index, w))) {
      const posting = index.postings.get(word);
      if (!posting) continue;
      for (const [j, doc] of posting.docs.entries()) {
        if (mark[doc] !== g) {
          mark[doc] = g;
          tf[doc] = 0;
          holders.push(doc);
        }
        tf[doc] = (tf[doc] ?? 0) + (posting.counts[j] ?? 1);
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
      for (const w of words) if (wordsFor(index, w).some((x) => index.postings.has(x))) return true;
      return false;
    },
    mostCovering: (groups, least, limit) => mostCoveringIds(index, groups, least, limit),
  };
}
