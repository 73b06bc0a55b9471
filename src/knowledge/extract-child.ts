// PDF, DOCX and HTML documents, and every crawled web page, read in a child process
// (extract-process.ts): pdf.js and mammoth hold a whole document's structure while they read
// it, tens of MB for a 100-page PDF, and a hostile file can ask for far more; an HTML parser
// can be made to work for minutes (240 KB of unclosed nested <div>s took 8.5 s, 480 KB 39 s).
// The child has its own heap limit and a deadline, and runs at a lower CPU priority: the
// server's memory stays where it was and its event loop keeps answering. Text, Markdown and
// CSV are read in process (extract.ts).
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_TYPES, ExtractionFailed, extractText } from './extract.ts';

const CHILD = fileURLToPath(new URL('./extract-process.ts', import.meta.url));

/** The child's V8 heap and deadline (PARLOR_EXTRACT_HEAP_MB, PARLOR_EXTRACT_SECONDS). */
export interface ExtractionLimits {
  heapMb: number;
  timeoutMs: number;
}

export const EXTRACTION_LIMITS: ExtractionLimits = Object.freeze({ heapMb: 256, timeoutMs: 120_000 });
/** How much lower than the server the child runs (nice): the server's requests come first. */
const CHILD_NICENESS = 10;
/** The most text a document gives (about 9,000 passages); more is cut off, and said so. */
export const TEXT_MAX = 2_000_000;
/** What the child may print: the text as JSON, escapes included. */
const OUTPUT_MAX = TEXT_MAX * 6 + 1024;

const children = new Set<ReturnType<typeof spawn>>();

/** Kills the children reading documents now (the server is stopping). */
export function stopReading(): void {
  for (const child of children) child.kill('SIGKILL');
}

interface ChildResult {
  text: string;
  title?: string;
}

function inChild(bytes: Uint8Array, mime: string, mode: 'document' | 'page', limits: ExtractionLimits) {
  const what = mode === 'page' ? 'the page' : 'the document';
  return new Promise<ChildResult>((resolve, reject) => {
    // No environment: the reader of a possibly hostile file gets no credentials.
    const child = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', `--max-old-space-size=${limits.heapMb}`, CHILD, mime, mode],
      { stdio: ['pipe', 'pipe', 'pipe'], env: {} },
    );
    children.add(child);
    try {
      if (child.pid !== undefined) setPriority(child.pid, CHILD_NICENESS);
    } catch {
      // Not allowed here (some containers): it still runs apart from the server.
    }
    const out: Buffer[] = [];
    let size = 0;
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), limits.timeoutMs);
    child.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size > OUTPUT_MAX) child.kill('SIGKILL');
      else out.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString()).slice(-2000);
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      children.delete(child);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      try {
        const r = JSON.parse(Buffer.concat(out).toString('utf8')) as { text?: string; title?: string; failed?: string };
        if (typeof r.text === 'string') return resolve({ text: r.text, title: r.title });
        return reject(new ExtractionFailed(r.failed ?? `${what} cannot be read`));
      } catch {
        if (signal === 'SIGKILL') {
          return reject(
            new ExtractionFailed(
              `reading ${what} took longer than ${limits.timeoutMs / 1000} s (PARLOR_EXTRACT_SECONDS raises the limit)`,
            ),
          );
        }
        const oom = /heap out of memory|Allocation failed/i.test(err);
        return reject(
          new ExtractionFailed(
            oom
              ? `${what} needs more than ${limits.heapMb} MB to read (PARLOR_EXTRACT_HEAP_MB raises the limit); split it into smaller files`
              : `${what} cannot be read (the reader stopped: ${code ?? signal})`,
          ),
        );
      }
    });
    child.stdin.on('error', () => {}); // a child that died early: its close says why
    child.stdin.end(bytes);
  });
}

/**
 * The document's text, at most TEXT_MAX characters; PDF, DOCX and HTML in a child process.
 * Throws ExtractionFailed.
 */
export async function extractDocument(
  bytes: Uint8Array,
  mime: string,
  limits: ExtractionLimits = EXTRACTION_LIMITS,
): Promise<string> {
  const inProcess = mime !== DOCUMENT_TYPES.pdf && mime !== DOCUMENT_TYPES.docx && mime !== DOCUMENT_TYPES.html;
  const text = inProcess ? await extractText(bytes, mime) : (await inChild(bytes, mime, 'document', limits)).text;
  return text.length > TEXT_MAX ? text.slice(0, TEXT_MAX) : text;
}

/** A crawled web page's title and readable text (extract.ts htmlText), read in a child process. */
export async function extractPage(
  html: string,
  limits: ExtractionLimits = EXTRACTION_LIMITS,
): Promise<{ title: string; text: string }> {
  const r = await inChild(Buffer.from(html, 'utf8'), DOCUMENT_TYPES.html, 'page', limits);
  return { title: r.title ?? '', text: r.text.length > TEXT_MAX ? r.text.slice(0, TEXT_MAX) : r.text };
}
