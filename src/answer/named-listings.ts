// Which listings a model's answer shows: those its tools returned and its text names. The
// system prompt asks for each listing's MLS number and URL, so either one marks a listing as
// shown; a listing the tools returned but the answer left out gets no card.
import type { Listing } from '../listings/index.ts';
import type { ListingSearch } from './engine.ts';

/** The search, recording every listing it returns into `seen` (by ID, first result kept). */
export function recordingSearch(search: ListingSearch, seen: Map<number, Listing>): ListingSearch {
  return {
    ...search,
    async search(filter, page) {
      const found = await search.search(filter, page);
      for (const l of found.listings) if (!seen.has(l.id)) seen.set(l.id, l);
      return found;
    },
  };
}

// What may not touch a name for it to count: "A12" is not named inside "A123", nor
// https://x.test/a1 inside https://x.test/a10. A URL may be followed by "/" or "." (a path's
// end, a sentence's end) and preceded by anything ("(", "<").
const WORD = /[\p{L}\p{N}]/u;
const MLS_EDGES = { before: WORD, after: WORD };
const URL_EDGES = { before: null, after: /[\p{L}\p{N}\-_~%]/u };

/** Where `needle` first occurs in `hay` (lower-cased) as a whole name, case-insensitively; -1 when nowhere. */
function firstMention(hay: string, needle: string, edges: { before: RegExp | null; after: RegExp }): number {
  if (!needle) return -1;
  const want = needle.toLowerCase();
  for (let at = hay.indexOf(want); at >= 0; at = hay.indexOf(want, at + 1)) {
    const before = hay.charAt(at - 1);
    const after = hay.charAt(at + want.length);
    if (edges.before && before && edges.before.test(before)) continue;
    if (after && edges.after.test(after)) continue;
    return at;
  }
  return -1;
}

/** The listings `text` names by MLS number or URL, in the order of their first mention. */
export function namedListings(text: string, candidates: Iterable<Listing>): Listing[] {
  const hay = text.toLowerCase();
  const named: { at: number; listing: Listing }[] = [];
  for (const l of candidates) {
    const positions = [firstMention(hay, l.mls_number, MLS_EDGES), firstMention(hay, l.url, URL_EDGES)].filter(
      (p) => p >= 0,
    );
    if (positions.length) named.push({ at: Math.min(...positions), listing: l });
  }
  return named.sort((a, b) => a.at - b.at).map((n) => n.listing);
}
