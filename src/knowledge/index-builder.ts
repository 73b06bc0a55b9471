// Builds a chatbot's inverted index of passage words (memory-index.ts) from its passages'
// search words. Pure: run in a worker thread (index-worker.ts), so that indexing 100,000
// passages, and the garbage it makes, never hold the server's event loop.

/** How much a word in a Q&A entry's question weighs against one in its answer or a passage. */
const QUESTION_WEIGHT = 2;

export interface PassageWords {
  ids: Int32Array;
  /** Each passage's Q&A question words and text words, space-separated. */
  questionTerms: string[];
  terms: string[];
}

/**
 * The index in flat arrays: the words sorted; for the word at position w, the passages holding
 * it are docs[offsets[w] … offsets[w + 1]) (positions into ids), with their counts.
 */
export interface BuiltIndex {
  ids: Int32Array;
  lengths: Uint32Array;
  averageLength: number;
  words: string[];
  offsets: Int32Array;
  docs: Int32Array;
  counts: Uint16Array;
}

export function buildIndex(input: PassageWords): BuiltIndex {
  const n = input.ids.length;
  const lengths = new Uint32Array(n);
  const lists = new Map<string, { docs: number[]; counts: number[] }>();
  const add = (w: string, doc: number, weight: number) => {
    if (!w) return 0;
    let list = lists.get(w);
    if (!list) {
      list = { docs: [], counts: [] };
      lists.set(w, list);
    }
    const last = list.docs.length - 1;
    // A passage's repeated word adds to its last entry.
    if (list.docs[last] === doc) list.counts[last] = Math.min((list.counts[last] ?? 0) + weight, 0xffff);
    else {
      list.docs.push(doc);
      list.counts.push(weight);
    }
    return 1;
  };
  let total = 0;
  for (let i = 0; i < n; i++) {
    let length = 0;
    for (const w of (input.questionTerms[i] ?? '').split(' ')) length += add(w, i, QUESTION_WEIGHT);
    for (const w of (input.terms[i] ?? '').split(' ')) length += add(w, i, 1);
    lengths[i] = length;
    total += length;
  }
  const words = [...lists.keys()].sort();
  const offsets = new Int32Array(words.length + 1);
  let size = 0;
  for (const [w, word] of words.entries()) {
    offsets[w] = size;
    size += lists.get(word)?.docs.length ?? 0;
  }
  offsets[words.length] = size;
  const docs = new Int32Array(size);
  const counts = new Uint16Array(size);
  for (const [w, word] of words.entries()) {
    const list = lists.get(word);
    if (!list) continue;
    docs.set(list.docs, offsets[w]);
    counts.set(list.counts, offsets[w]);
  }
  return { ids: input.ids, lengths, averageLength: n ? total / n : 0, words, offsets, docs, counts };
}
