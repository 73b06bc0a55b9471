// PDF and DOCX text read in a child process (extract-process.ts): pdf.js and mammoth hold a
// whole document's structure while they read it, tens of MB for a 100-page PDF, and a hostile
// file can ask for far more. The child has its own heap limit and a deadline; the server's
// memory stays where it was. Text, Markdown, HTML and CSV are read in process (extract.ts).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_TYPES, ExtractionFailed, extractText } from './extract.ts';

const CHILD = fileURLToPath(new URL('./extract-process.ts', import.meta.url));
/** The child's V8 heap; a document needing more fails (status 3) instead of growing the server. */
const HEAP_MB = 256;
const TIMEOUT_MS = 120_000;
/** The most text a document gives (about 9,000 passages); more is cut off, and said so. */
export const TEXT_MAX = 2_000_000;
/** What the child may print: the text as JSON, escapes included. */
const OUTPUT_MAX = TEXT_MAX * 6 + 1024;

const children = new Set<ReturnType<typeof spawn>>();

/** Kills the children reading documents now (the server is stopping). */
export function stopReading(): void {
  for (const child of children) child.kill('SIGKILL');
}

function inChild(bytes: Uint8Array, mime: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // No environment: the reader of a possibly hostile file gets no credentials.
    const child = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', `--max-old-space-size=${HEAP_MB}`, CHILD, mime],
      { stdio: ['pipe', 'pipe', 'pipe'], env: {} },
    );
    children.add(child);
    const out: Buffer[] = [];
    let size = 0;
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
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
        const r = JSON.parse(Buffer.concat(out).toString('utf8')) as { text?: string; failed?: string };
        if (typeof r.text === 'string') return resolve(r.text);
        return reject(new ExtractionFailed(r.failed ?? 'the document cannot be read'));
      } catch {
        if (signal === 'SIGKILL') {
          return reject(new ExtractionFailed(`reading the document took longer than ${TIMEOUT_MS / 1000} s`));
        }
        const oom = /heap out of memory|Allocation failed/i.test(err);
        return reject(
          new ExtractionFailed(
            oom
              ? `the document needs more than ${HEAP_MB} MB to read; split it into smaller files`
              : `the document cannot be read (the reader stopped: ${code ?? signal})`,
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
export async function extractDocument(bytes: Uint8Array, mime: string): Promise<string> {
  const inProcess = mime !== DOCUMENT_TYPES.pdf && mime !== DOCUMENT_TYPES.docx && mime !== DOCUMENT_TYPES.html;
  const text = inProcess ? await extractText(bytes, mime) : await inChild(bytes, mime);
  return text.length > TEXT_MAX ? text.slice(0, TEXT_MAX) : text;
}
