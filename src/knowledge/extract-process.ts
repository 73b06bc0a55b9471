// The child process that reads a PDF, a DOCX, an HTML document or a crawled page
// (extract-child.ts starts it): the bytes on stdin, the MIME type and the mode ("document" or
// "page") as arguments; prints {"text"} ({"title", "text"} for a page) or {"failed"} (the
// reason a brokerage sees) as JSON on stdout. Run apart from the server so that a large or hostile
// document costs this process's memory, bounded by its heap limit, never the server's.
import { ExtractionFailed, extractText, htmlText } from './extract.ts';

/** extract-child.ts's cap (not imported: that module starts children). */
const TEXT_MAX = 2_000_000;

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
try {
  if (process.argv[3] === 'page') {
    const { title, text } = htmlText(Buffer.concat(chunks).toString('utf8'));
    process.stdout.write(JSON.stringify({ title, text: text.slice(0, TEXT_MAX) }));
  } else {
    const text = await extractText(Buffer.concat(chunks), process.argv[2] ?? '');
    process.stdout.write(JSON.stringify({ text: text.slice(0, TEXT_MAX) }));
  }
} catch (err) {
  const failed = err instanceof ExtractionFailed ? err.message : `the document cannot be read (${String(err)})`;
  process.stdout.write(JSON.stringify({ failed }));
}
