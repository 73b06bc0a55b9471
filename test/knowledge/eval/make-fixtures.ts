// Writes the evaluation's two documents from the text held here, so they can be regenerated:
//   npx node test/knowledge/eval/make-fixtures.ts
// - fees.pdf: the fee schedule, printed by Chromium (playwright-core) from HTML: the machine's,
//   else the npm package's (test/binaries.ts).
// - neighborhoods.docx: the neighborhoods served, a minimal WordprocessingML package written
//   with a store-only zip writer (no compression; CRC-32 from node:zlib).
// Every fact here lives only in this document; the other sources never restate it.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { chromium } from 'playwright-core';
import { findChromium } from '../../binaries.ts';

const here = dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------- fees.pdf

interface FeeSection {
  heading: string;
  rows: [string, string][];
}

const FEES: FeeSection[] = [
  {
    heading: 'Consultations',
    rows: [['Buyer or seller consultation', 'Free, with no obligation.']],
  },
  {
    heading: 'Buying a home',
    rows: [
      [
        'Buyer representation fee',
        '2.5% of the purchase price, with a minimum fee of $3,500. When the seller offers compensation to the buyer’s agent, it is credited against this fee.',
      ],
    ],
  },
  {
    heading: 'Selling a home',
    rows: [
      [
        'Full-service listing commission',
        '5.5% of the sale price. Includes professional photography, a 3D tour, the MLS listing and every showing.',
      ],
      [
        'Flat-fee listing',
        '$4,200, paid when the home is listed. Includes the MLS entry, photos and a yard sign; the seller handles showings.',
      ],
    ],
  },
  {
    heading: 'Closing',
    rows: [['Transaction fee', '$395, paid at closing by each buyer or seller client.']],
  },
  {
    heading: 'Renting a home (tenants)',
    rows: [
      ['Rental application fee', '$45 per adult applicant (18 and over), non-refundable.'],
      [
        'Holding deposit',
        '$500, paid once your application is approved to take the home off the market; credited toward the first month’s rent.',
      ],
      ['Security deposit', 'One month’s rent, returned within 30 days after move-out, less any damage.'],
    ],
  },
  {
    heading: 'Property management (owners)',
    rows: [
      ['Management fee', '8% of the monthly rent collected.'],
      ['Leasing fee', '60% of the first month’s rent, for finding, screening and placing a tenant.'],
      ['Lease renewal fee', '$200 per renewal.'],
    ],
  },
];

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function feesHtml(): string {
  const sections = FEES.map(
    (s) =>
      `<h2>${escapeHtml(s.heading)}</h2>\n<table>\n${s.rows
        .map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
        .join('\n')}\n</table>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fee schedule</title>
<style>
  body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 11pt; color: #222; margin: 0; }
  h1 { font-size: 18pt; margin: 0 0 4pt; }
  h2 { font-size: 13pt; margin: 16pt 0 6pt; border-bottom: 1px solid #999; }
  table { width: 100%; border-collapse: collapse; }
  th { text-align: left; width: 32%; vertical-align: top; padding: 4pt 8pt 4pt 0; }
  td { vertical-align: top; padding: 4pt 0; }
  .note { color: #555; margin-top: 18pt; font-size: 10pt; }
</style></head><body>
<h1>Larkspur &amp; Pine Realty — Fee Schedule</h1>
<p>Fort Collins, Colorado. Effective January 1, 2025.</p>
${sections}
<p class="note">Fees are paid by check, bank transfer or card. Application fees are paid online when you apply. Questions about a fee? Ask your agent before you sign anything.</p>
</body></html>`;
}

async function writeFeesPdf(path: string): Promise<void> {
  const found = await findChromium();
  if ('error' in found) throw new Error(found.error);
  const browser = await chromium.launch({
    executablePath: found.path,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent(feesHtml(), { waitUntil: 'load' });
    await page.pdf({
      path,
      format: 'Letter',
      margin: { top: '0.75in', bottom: '0.75in', left: '0.8in', right: '0.8in' },
    });
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------- neighborhoods.docx

/** The document: a heading (Heading1) followed by its paragraphs. */
const NEIGHBORHOODS: { heading: string; paragraphs: string[] }[] = [
  {
    heading: 'Neighborhoods we serve',
    paragraphs: [
      'Larkspur & Pine agents work in Fort Collins and the towns just around it. Each area below has a lead agent who lives there and knows its streets, schools and prices.',
    ],
  },
  {
    heading: 'Old Town',
    paragraphs: [
      'Old Town is the historic heart of Fort Collins, with tree-lined streets of bungalows and Victorian houses, most of them built before 1940. Shops, restaurants and the farmers market are a short walk away.',
      'Many homes sit in a historic district, where changes to the outside of a house need approval from the city’s Landmark Preservation Commission. Our lead agent for Old Town is Grace Liang.',
    ],
  },
  {
    heading: 'Campus West',
    paragraphs: [
      'Campus West lies just west of Colorado State University. It has small ranch houses, duplexes and many student rentals, which makes it popular with investors.',
      'Before you buy a house here to rent out, ask us about the city’s U+2 occupancy rule, which limits how many unrelated people may live in one house. Our lead agent for Campus West is Priya Natarajan.',
    ],
  },
  {
    heading: 'Midtown',
    paragraphs: [
      'Midtown runs along College Avenue between Old Town and Harmony Road. Most homes are ranch houses from the 1960s and 1970s on generous lots, close to the MAX bus rapid transit line. Our lead agent for Midtown is Omar Haddad.',
    ],
  },
  {
    heading: 'Southeast Fort Collins',
    paragraphs: [
      'Southeast Fort Collins, around Harmony Road and Timberline Road, is mostly newer neighborhoods built after 1995, with parks, bike trails and homeowners associations (HOAs). Our lead agent for Southeast Fort Collins is Jess Kowalski, who also works with buyers of new construction there.',
    ],
  },
  {
    heading: 'Timnath',
    paragraphs: [
      'Timnath, east of Interstate 25, is one of the fastest-growing towns in Colorado, with large new-construction communities. Many of them are in metro districts, which add to the property tax bill; we give you an estimate of those taxes before you make an offer. Our lead agent for Timnath is Carlos Mendoza.',
    ],
  },
  {
    heading: 'Wellington',
    paragraphs: [
      'Wellington is a small town about 15 minutes north of Fort Collins, with lower prices and larger lots. Our lead agent for Wellington is Beth Sorensen.',
    ],
  },
];

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function paragraph(text: string, style?: string): string {
  const props = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : '';
  return `<w:p>${props}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

function docxParts(): [string, string][] {
  const body = NEIGHBORHOODS.flatMap((s) => [
    paragraph(s.heading, 'Heading1'),
    ...s.paragraphs.map((p) => paragraph(p)),
  ]);
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ],
    [
      'word/_rels/document.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
        '</Relationships>',
    ],
    [
      'word/styles.xml',
      `${XML}<w:styles xmlns:w="${W}">` +
        '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
        '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/>' +
        '<w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/>' +
        '<w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style>' +
        '</w:styles>',
    ],
    [
      'word/document.xml',
      `${XML}<w:document xmlns:w="${W}"><w:body>${body.join('')}` +
        '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/>' +
        '<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>' +
        '</w:sectPr></w:body></w:document>',
    ],
  ];
}

/** A zip archive of the given files, stored without compression. */
function storeZip(files: [string, string | Uint8Array][]): Buffer {
  // A fixed timestamp (2025-01-01 00:00) keeps the output byte-for-byte reproducible.
  const dosTime = 0;
  const dosDate = ((2025 - 1980) << 9) | (1 << 5) | 1;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); // local file header signature
    local.writeUInt16LE(20, 4); // version needed to extract
    local.writeUInt16LE(0x0800, 6); // flags: UTF-8 names
    local.writeUInt16LE(0, 8); // method: stored
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18); // compressed size
    local.writeUInt32LE(data.length, 22); // uncompressed size
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28); // extra field length
    locals.push(local, nameBytes, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); // central directory header signature
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed to extract
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    // extra length, comment length, disk number, internal attributes: 0
    central.writeUInt32LE(0, 38); // external attributes
    central.writeUInt32LE(offset, 42); // offset of the local header
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); // end of central directory signature
  end.writeUInt16LE(files.length, 8); // entries on this disk
  end.writeUInt16LE(files.length, 10); // entries in total
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16); // where the directory starts
  return Buffer.concat([...locals, directory, end]);
}

// ------------------------------------------------------------------------ main

const pdfPath = join(here, 'fees.pdf');
const docxPath = join(here, 'neighborhoods.docx');
await writeFeesPdf(pdfPath);
writeFileSync(docxPath, storeZip(docxParts()));
console.log(`wrote ${pdfPath}\nwrote ${docxPath}`);
