// Answers are plain text: URLs become links, everything else stays text (never HTML).

export type Segment = { kind: 'text'; text: string } | { kind: 'link'; url: string };

const URL_RE = /https?:\/\/[^\s<>"']+/g;

/** Splits text into plain runs and http(s) links (trailing punctuation is not part of a link). */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    const url = m[0].replace(/[).,;:!?\]]+$/, '');
    const start = m.index ?? 0;
    if (start > last) out.push({ kind: 'text', text: text.slice(last, start) });
    out.push({ kind: 'link', url });
    last = start + url.length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** The URL when it is http(s), else "" (settings are validated, but the widget trusts no one). */
export function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url.trim()) ? url.trim() : '';
}

/** Replaces el's content with the text, URLs as links that open in a new tab. */
export function renderText(el: HTMLElement, text: string): void {
  el.textContent = '';
  for (const s of segments(text)) {
    if (s.kind === 'text') {
      el.append(s.text);
      continue;
    }
    const a = document.createElement('a');
    a.href = s.url;
    a.textContent = s.url;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    el.append(a);
  }
}
