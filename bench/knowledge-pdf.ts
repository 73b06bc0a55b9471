// The knowledge memory figure: a 100-page PDF uploaded to a running server (SQLite) and read by
// its knowledge worker, with the server's resident memory sampled every 20 ms from before the
// upload until the document's status is 2 or 3. The baseline is the same server's memory at
// rest just before, in the same run.

import { createBenchDb, createTenant } from './lib/databases.ts';
import { makePdf } from './lib/pdf.ts';
import { rssMb, sampleRss } from './lib/process-rss.ts';
import { freePort, startParlor } from './lib/server-process.ts';

export interface PdfExtractionResult {
  pages: number;
  bytes: number;
  restMb: number | null;
  peakMb: number | null;
  seconds: number;
  status: number;
  statusMessage: string;
  characters: number;
}

const LINE =
  'Our office answers questions about buyer fees, showings, rentals, deposits and the neighborhoods we serve';

async function api<T>(url: string, key: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: key },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { Data: T; Success: boolean; Message: string };
  if (!json.Success) throw new Error(`${url}: ${json.Message}`);
  return json.Data;
}

export async function runPdfExtraction(pages = 100): Promise<PdfExtractionResult> {
  const bench = await createBenchDb('sqlite');
  const db = bench.open();
  const tenant = await createTenant(db);
  await db.close();
  const server = await startParlor({ port: await freePort(), ...bench.target });
  try {
    const pdf = makePdf(pages, (p) => Array.from({ length: 48 }, (_, i) => `Page ${p + 1}, line ${i + 1}. ${LINE}.`));
    // At rest: the highest of a second of samples after start-up settled.
    await new Promise((r) => setTimeout(r, 1000));
    const rest = sampleRss(server.child.pid, 20);
    await new Promise((r) => setTimeout(r, 1000));
    rest.stop();
    const sampler = sampleRss(server.child.pid, 20);
    const start = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'handbook.pdf');
    const up = await fetch(`${server.url}/chat/File/Upload`, {
      method: 'POST',
      headers: { authorization: tenant.apiKey },
      body: form,
    });
    const uploaded = (await up.json()) as { Data: { FileStoreId: string }; Message: string };
    if (!up.ok) throw new Error(`upload: ${uploaded.Message}`);
    await api(`${server.url}/chat/Chatbot/EditKnowledge`, tenant.apiKey, {
      serialNumber: tenant.serial,
      fileList: [Number(uploaded.Data.FileStoreId)],
    });
    let source = { Status: 1, StatusMessage: '', Length: 0 };
    const deadline = Date.now() + 120_000;
    while (source.Status === 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      const list = await api<{ Type: string; Status: number; StatusMessage: string; Length: number }[]>(
        `${server.url}/chat/Chatbot/GetSource`,
        tenant.apiKey,
        { serialNumber: tenant.serial },
      );
      source = list.find((s) => s.Type === 'FileList') ?? source;
    }
    const seconds = (performance.now() - start) / 1000;
    sampler.stop();
    return {
      pages,
      bytes: pdf.length,
      restMb: rest.peak() ?? rssMb(server.child.pid),
      peakMb: sampler.peak(),
      seconds,
      status: source.Status,
      statusMessage: source.StatusMessage,
      characters: source.Length,
    };
  } finally {
    await server.stop('SIGTERM');
    await bench.drop();
  }
}

export function pdfRows(r: PdfExtractionResult | null): string[][] {
  if (!r) return [];
  const mb = (v: number | null) => (v === null ? '—' : v.toFixed(0));
  const rise = r.peakMb !== null && r.restMb !== null ? r.peakMb - r.restMb : null;
  return [
    [
      `${r.pages}-page PDF read by the worker: server RSS MB peak / at rest / rise`,
      mb(r.peakMb),
      mb(r.restMb),
      mb(rise),
      '',
      '',
      '',
    ],
    [`  seconds to status ${r.status}, characters`, r.seconds.toFixed(1), '', String(r.characters), '', '', ''],
  ];
}

export function pdfTarget(r: PdfExtractionResult | null) {
  const rise = r && r.peakMb !== null && r.restMb !== null ? r.peakMb - r.restMb : null;
  return {
    knowledgePdf: {
      target: 'a 100-page PDF read in the worker raises the server RSS by ≤ 50 MB (status 2)',
      value: r ? { riseMb: rise, status: r.status, seconds: r.seconds } : null,
      met: r ? rise !== null && rise <= 50 && r.status === 2 : null,
    },
  };
}
