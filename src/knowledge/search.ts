// What the answer engines ask of the knowledge: the passage that best answers a question,
// trimmed to the sentences that answer it, with its source, or null when nothing covers
// enough of the question's words (then the engine gives its own answer or the honest
// no-answer).
import type { Kysely } from 'kysely';
import type { KnowledgeHit, KnowledgePassage } from '../answer/engine.ts';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/tables.ts';
import { type PassageHit, searchPassages } from './repo.ts';
import { termsOf } from './terms.ts';

const CANDIDATES = 8;

function coverage(question: Set<string>, words: string): number {
  if (question.size === 0) return 0;
  const have = new Set(words.split(' '));
  let n = 0;
  for (const w of question) if (have.has(w)) n++;
  return n / question.size;
}

/** The sentences of a passage that hold the most of the question's words (at most two, in order). */
export function answeringSentences(content: string, question: Set<string>): string {
  const sentences = content
    .match(/[^.!?\n]+[.!?]*["')\]]*/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [content];
  if (sentences.length <= 2) return sentences.join(' ');
  const scored = sentences.map((s, i) => ({ i, s, n: termsOf(s).filter((t) => question.has(t)).length }));
  const best = [...scored]
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, 2)
    .filter((x) => x.n > 0);
  if (best.length === 0) return sentences.slice(0, 2).join(' ');
  return best
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s)
    .join(' ');
}

/**
 * How an answer names where it comes from: a Q&A entry by its question; a web page by its
 * title and address; a document by its file name and the section; the free text by its section.
 */
export function sourceLabel(hit: PassageHit): string {
  if (hit.question) return hit.question;
  if (hit.link) return `${hit.title || hit.link}${hit.title ? ` (${hit.link})` : ''}`;
  if (hit.sourceType === 'FileList') return hit.heading ? `${hit.sourceName}, ${hit.heading}` : hit.sourceName;
  if (hit.sourceType === 'UrlList') return hit.sourceName;
  return hit.heading || hit.sourceName;
}

function judged(hit: PassageHit, question: Set<string>) {
  const onQuestion = hit.questionTerms ? coverage(question, hit.questionTerms) : 0;
  const onAll = coverage(question, `${hit.questionTerms} ${hit.terms}`);
  return { hit, onQuestion, cover: Math.max(onQuestion, onAll) };
}

export function knowledgeSearchFor(db: Kysely<Database>, dialect: Dialect, workspaceId: number, chatbotId: number) {
  return async (text: string, minCoverage: number): Promise<KnowledgeHit | null> => {
    const words = termsOf(text);
    const question = new Set(words);
    if (question.size === 0) return null;
    const hits = await searchPassages(db, dialect, { workspaceId, chatbotId }, words, CANDIDATES);
    // Q&A entries are matched on their question first; then by how much of the question a
    // passage covers, then by the database's rank.
    const best = hits
      .map((h) => judged(h, question))
      .sort((a, b) => b.onQuestion - a.onQuestion || b.cover - a.cover || b.hit.score - a.hit.score)[0];
    if (!best || best.cover < minCoverage) return null;
    const { hit } = best;
    const answer = hit.question ? hit.content : answeringSentences(hit.content, question);
    return { text: answer, source: sourceLabel(hit), coverage: best.cover };
  };
}

/** Up to `limit` passages for a free query, best first (the model engine's search_knowledge). */
export function knowledgePassagesFor(db: Kysely<Database>, dialect: Dialect, workspaceId: number, chatbotId: number) {
  return async (query: string, limit: number): Promise<KnowledgePassage[]> => {
    const hits = await searchPassages(db, dialect, { workspaceId, chatbotId }, termsOf(query), limit);
    return hits.map((h) => ({
      // The heading goes separately: the source is the Q&A entry, the page or the source's name.
      source: h.question ? `Q&A: ${h.question}` : h.link ? sourceLabel(h) : h.sourceName,
      heading: h.heading,
      text: h.content,
    }));
  };
}
