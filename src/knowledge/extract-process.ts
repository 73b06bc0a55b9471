// The child process that reads a PDF or a DOCX (extract-child.ts starts it): the document's
// bytes on stdin, its MIME type as the argument; prints {"text"} or {"failed"} (the reason a
// brokerage sees) as JSON on stdout. Run apart from the server so that a large or hostile
// document costs this process's memory, bounded by its heap limit, never the server's.
import { ExtractionFailed, extractText } from './extract.ts';

/** extract-child.ts's cap (not imported: that module starts children). */
const TEXT_MAX = 2_000_000;

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
try {
  const text = await extractText(Buffer.concat(chunks), process.argv[2] ?? '');
  process.stdout.write(JSON.stringify({ text: text.slice(0, TEXT_MAX) }));
} catch (err) {
  const failed = err instanceof ExtractionFailed ? err.message : `the document cannot be read (${String(err)})`;
  process.stdout.write(JSON.stringify({ failed }));
}
