// The shell of Parlor's own HTML pages (the home page, /demo, the chat page): the head they all
// share, the favicon included. security-headers.ts gives every HTML answer its policy.
import { FAVICON_LINK } from './favicon.ts';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The look of the pages a person reads (the home page, /demo): a dark header over one column. */
export const PAGE_STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f8fafc}
header{background:#0f172a;color:#fff;padding:20px 24px}header h1{margin:0;font-size:22px}
main{max-width:760px;margin:0 auto;padding:24px}code,pre{background:#e2e8f0;border-radius:6px}
pre{padding:12px;overflow:auto;white-space:pre-wrap;word-break:break-all}code{padding:1px 4px}`;

/** A page: `title` is text (escaped here), `style` a style sheet, `body` HTML. */
export function htmlPage(title: string, style: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
${FAVICON_LINK}<style>${style}</style></head><body>${body}</body></html>`;
}
