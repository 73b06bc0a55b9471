// Text out of each document type, from real files (test/fixtures/knowledge: a DOCX with a heading,
// a one-page PDF, a PDF without text) and strings, and the reasons a document is refused.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { DOCUMENT_TYPES, ExtractionFailed, extractText, htmlText } from './extract.ts';

const file = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../test/fixtures/knowledge/${name}`, import.meta.url)));
const bytes = (s: string) => new TextEncoder().encode(s);

it('PDF: the text of its pages', async () => {
  const text = await extractText(file('showings.pdf'), DOCUMENT_TYPES.pdf);
  expect(text).toContain('To book a showing, call (512) 555-0100 or ask an agent in the chat.');
});

it('DOCX: paragraphs, with headings kept as "# " lines', async () => {
  const text = await extractText(file('buyers.docx'), DOCUMENT_TYPES.docx);
  expect(text.split('\n\n')).toEqual([
    '# Buyer services',
    'Buyers pay no fee to Sunbelt Realty. The seller pays our commission at closing.',
    'We can recommend inspectors and lenders in Austin.',
  ]);
});

it('HTML: headings and paragraphs, without navigation, scripts, footers and forms', () => {
  const page = `<!doctype html><html><head><title>About us</title><script>var x = "hidden";</script></head>
    <body><nav><a href="/">Home</a> <a href="/listings">Listings</a></nav>
    <header>Sunbelt Realty menu</header>
    <main><h1>Our fees</h1><p>Buyers pay   nothing.</p><ul><li>Sellers pay 5%.</li></ul>
    <form><label>Email</label><input></form></main>
    <footer>© 2026 Sunbelt</footer></body></html>`;
  expect(htmlText(page)).toEqual({ title: 'About us', text: '# Our fees\n\nBuyers pay nothing.\n\nSellers pay 5%.' });
});

it('text, Markdown and CSV as they are', async () => {
  expect(await extractText(bytes('\uFEFF# Hours\n\nOpen daily.'), DOCUMENT_TYPES.markdown)).toBe(
    '# Hours\n\nOpen daily.',
  );
  expect(await extractText(bytes('Area,Agent\nAustin,Dana\n'), DOCUMENT_TYPES.csv)).toBe('Area,Agent\nAustin,Dana');
});

it('an empty document, a PDF without text and bad bytes fail with the reason', async () => {
  const reason = async (b: Uint8Array, mime: string) => {
    try {
      await extractText(b, mime);
      return 'no error';
    } catch (err) {
      expect(err).toBeInstanceOf(ExtractionFailed);
      return (err as Error).message;
    }
  };
  expect(await reason(bytes('  \n '), DOCUMENT_TYPES.text)).toBe('the document is empty');
  expect(await reason(file('empty.pdf'), DOCUMENT_TYPES.pdf)).toMatch(/has no text to read/);
  expect(await reason(bytes('not a pdf at all'), DOCUMENT_TYPES.pdf)).toMatch(/^the PDF cannot be read/);
  expect(await reason(bytes('PK\u0003\u0004 broken'), DOCUMENT_TYPES.docx)).toMatch(/^the DOCX cannot be read/);
  expect(await reason(new Uint8Array([0xff, 0xfe, 0x00]), DOCUMENT_TYPES.text)).toBe(
    'the document is not valid UTF-8 text',
  );
});
