// Cuts a source's text into passages of at most MAX_WORDS words, at paragraph ends where it
// can, each with the heading it falls under (a Markdown "#" line, or a short line ending in
// ":" or without a full stop followed by a paragraph).
import type { NewPassage } from './repo.ts';
import { termsOf } from './terms.ts';

export const MAX_WORDS = 220;

export interface Passage {
  heading: string;
  content: string;
}

function isHeading(block: string): string | null {
  const md = /^#{1,6}\s+(.+)$/.exec(block);
  if (md?.[1]) return md[1].trim();
  if (!block.includes('\n') && block.length <= 80 && !/[.!?]$/.test(block)) return block.replace(/:$/, '').trim();
  return null;
}

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

export function passagesOf(text: string): Passage[] {
  const blocks = text
    .replace(/\r\n?/g, '\n')
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
  for (const block of blocks) {
    const h = isHeading(block);
    if (h !== null) {
      flush();
      heading = h;
      continue;
    }
    // A block longer than a passage is cut at sentence ends.
    const pieces =
      words(block) > MAX_WORDS
        ? (block.match(/(?:[^.!?]|\.(?=\d))+[.!?]+["')\]]*\s*|(?:[^.!?]|\.(?=\d))+$/g) ?? [block])
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
