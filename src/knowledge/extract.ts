// The text of a knowledge document, by its type (decided from its content when it was
// uploaded): PDF through unpdf (Mozilla's pdf.js built for servers), DOCX through mammoth (to
// HTML, so its headings stay headings), HTML read by node-html-parser without its navigation,
// scripts and forms, and plain text, Markdown and CSV as they are. Headings come out as
// "# Heading" lines, which passages.ts cuts on. A document that cannot be read throws
// ExtractionFailed with the reason GetSource shows (StatusMessage).
import { type HTMLElement as HtmlNode, NodeType, parse as parseHtml } from 'node-html-parser';

export class ExtractionFailed extends Error {}

export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  html: 'text/html',
  markdown: 'text/markdown',
  csv: 'text/csv',
  text: 'text/plain',
} as const;

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'template',
  'svg',
  'iframe',
]);
const BLOCKS = new Set([
  'p',
  'li',
  'td',
  'th',
  'dd',
  'dt',
  'blockquote',
  'pre',
  'div',
  'section',
  'article',
  'main',
  'tr',
  'br',
]);

/** Readable text of an HTML page or fragment: headings as "# …" lines, blocks as paragraphs. */
export function htmlText(html: string): { title: string; text: string } {
  const root = parseHtml(html, { comment: false, blockTextElements: { script: false, style: false, noscript: false } });
  const title = root.querySelector('title')?.text.trim() ?? '';
  const body = root.querySelector('main') ?? root.querySelector('article') ?? root.querySelector('body') ?? root;
  const out: string[] = [];
  let line = '';
  const flush = () => {
    const t = line.replace(/\s+/g, ' ').trim();
    if (t) out.push(t);
    line = '';
  };
  const walk = (node: HtmlNode) => {
    for (const child of node.childNodes) {
      if (child.nodeType === NodeType.TEXT_NODE) {
        line += child.text;
        continue;
      }
      if (child.nodeType !== NodeType.ELEMENT_NODE) continue;
      const el = child as HtmlNode;
      const tag = el.rawTagName?.toLowerCase() ?? '';
      if (SKIPPED.has(tag) || el.getAttribute('aria-hidden') === 'true' || el.getAttribute('role') === 'navigation')
        continue;
      if (/^h[1-6]$/.test(tag)) {
        flush();
        const heading = el.text.replace(/\s+/g, ' ').trim();
        if (heading) out.push(`# ${heading}`);
        continue;
      }
      if (BLOCKS.has(tag)) flush();
      walk(el);
      if (BLOCKS.has(tag)) flush();
    }
  };
  walk(body);
  flush();
  return { title, text: out.join('\n\n') };
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new ExtractionFailed('the document is not valid UTF-8 text');
  }
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocumentProxy, extractText } = await import('unpdf');
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    doc = await getDocumentProxy(new Uint8Array(bytes));
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'PasswordException')
      throw new ExtractionFailed('the PDF is password-protected; upload it without a password');
    throw new ExtractionFailed(`the PDF cannot be read (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    const { text } = await extractText(doc, { mergePages: false });
    return (Array.isArray(text) ? text : [text])
      .map((page) => page.trim())
      .filter(Boolean)
      .join('\n\n');
  } finally {
    await doc.cleanup();
  }
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  try {
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    return htmlText(value).text;
  } catch (err) {
    throw new ExtractionFailed(`the DOCX cannot be read (${err instanceof Error ? err.message : String(err)})`);
  }
}

/** The document's text; throws ExtractionFailed when it has none or cannot be read. */
export async function extractText(bytes: Uint8Array, mime: string): Promise<string> {
  let text: string;
  if (mime === DOCUMENT_TYPES.pdf) text = await pdfText(bytes);
  else if (mime === DOCUMENT_TYPES.docx) text = await docxText(bytes);
  else if (mime === DOCUMENT_TYPES.html) text = htmlText(utf8(bytes)).text;
  else if (Object.values(DOCUMENT_TYPES).includes(mime as never)) text = utf8(bytes);
  else throw new ExtractionFailed(`${mime} is not a document type`);
  text = text.replace(/\r\n?/g, '\n').trim();
  if (!text) {
    throw new ExtractionFailed(
      mime === DOCUMENT_TYPES.pdf
        ? 'the PDF has no text to read (a scanned PDF needs text recognition, which Parlor does not do)'
        : 'the document is empty',
    );
  }
  return text;
}
