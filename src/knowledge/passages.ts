// Cuts a source's text into passages of at most MAX_WORDS words, at paragraph ends where it
// can, each with the heading it falls under (a Markdown "#" line, or a short line without a
// full stop followed by a paragraph).
import type { NewPassage } from './repo.ts';
import { termsOf } from './terms.ts';

export const MAX_WORDS = 220;

export interface Passage {
  heading: string;
  content: string;
}

const markdownHeading = (block: string) => /^#{1,6}[ \t]+(\S.*)$/.exec(block)?.[1]?.trim() ?? null;
const shortLine = (block: string) => !block.includes('\n') && block.length <= 80 && !/[.!?]$/.test(block);

/**
 * A block's heading: a Markdown "#" line; or a short line without a full stop followed by a
 * paragraph (a short line followed by another, or by a heading, or last, is a fact of its own:
 * "Main phone: 520-555-0140", "hello@example.com").
 */
function headingAt(blocks: string[], i: number): string | null {
  const block = blocks[i] ?? '';
  const md = markdownHeading(block);
  if (md) return md;
  const next = blocks[i + 1];
  if (!shortLine(block) || next === undefined || markdownHeading(next) || shortLine(next)) return null;
  return block.replace(/:$/, '').trim();
}

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/**
 * A sentence longer than a passage (a document of one unpunctuated 200,000-character line) cut
 * every MAX_WORDS words: otherwise it would be one passage, and its answer the whole line.
 */
function byWords(sentence: string): string[] {
  const all = sentence.split(/\s+/).filter(Boolean);
  if (all.length <= MAX_WORDS) return [sentence];
  const out: string[] = [];
  for (let i = 0; i < all.length; i += MAX_WORDS) out.push(all.slice(i, i + MAX_WORDS).join(' '));
  return out;
}

export function passagesOf(text: string): Passage[] {
  // A Markdown heading is a block of its own, with or without a blank line after it ("# Office
  // hours" on the line above its paragraph, as a text pasted into a form often has it).
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .replace(/^(#{1,6}[ \t]+\S.*)$/gm, '\n$1\n')
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  const out: Passage[] = [];
  let heading = '';
  let current: string[] = [];
  const flush = () => {
    if (current.length) out.push({ heading, content: current.join('\n\n') });
    current = [];
  };
  for (const [i, block] of blocks.entries()) {
    const h = headingAt(blocks, i);
    if (h !== null) {
      flush();
      heading = h;
      continue;
    }
    // A block longer than a passage is cut at sentence ends.
    const pieces =
      words(block) > MAX_WORDS
        ? (block.match(/(?:[^.!?]|\.(?=\d))+[.!?]+["')\]]*\s*|(?:[^.!?]|\.(?=\d))+$/g) ?? [block]).flatMap(byWords)
        : [block];
    for (const piece of pieces) {
      if (current.length && words([...current, piece].join(' ')) > MAX_WORDS) flush();
      current.push(piece.trim());
    }
  }
  flush();
  return out;
}

/** A text cut into passages under their headings; a web page's carry the page. */
export function textPassages(text: string, page?: { link: string; title: string }): NewPassage[] {
  // NUL cannot be stored in PostgreSQL's text (a document or page may hold one past its start).
  const clean = text.replaceAll('\0', '');
  return passagesOf(clean).map((p) => ({
    heading: p.heading,
    question: '',
    content: p.content,
    terms: termsOf(`${page?.title ?? ''} ${p.heading} ${p.content}`).join(' '),
    questionTerms: '',
    ...(page ? { link: page.link, title: page.title.replaceAll('\0', '') } : {}),
  }));
}
