// A plain PDF of many pages of text, written by hand (no PDF library is a dependency, and the
// format for text in the standard Helvetica font is a few objects): for the knowledge bench's
// extraction of a 100-page document.

/** Escapes a line for a PDF string literal. */
function literal(line: string): string {
  return line.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A PDF whose page i shows lines(i), 14 pt apart from the top. */
export function makePdf(pages: number, lines: (page: number) => string[]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body); // the 1-based object number
  const catalog = add('');
  const pageTree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (let p = 0; p < pages; p++) {
    const text = lines(p)
      .map((l, i) => `${i === 0 ? '' : '0 -14 Td '}(${literal(l)}) Tj`)
      .join('\n');
    const stream = `BT /F1 11 Tf 56 790 Td\n${text}\nET`;
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 595 842] /Contents ${content} 0 R ` +
          `/Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
