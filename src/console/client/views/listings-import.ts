// Import of a CSV or JSON file of listings: checked first (a dry run: what would be created,
// updated or left alone, and every problem of every row), then imported with a progress bar
// and a Cancel button. The server reads the file with the same code as `npx parlor listings
// import`; a file of 50 MB or more, or one that is not CSV or JSON, is refused here before any
// of it is sent (and by the server from its declared length, before the body is read).
import { h } from '../dom.ts';
import { errorText } from './view.ts';

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

interface Summary {
  DryRun: boolean;
  Rows: number;
  Format: string;
  IgnoredColumns: string[];
  Created: number;
  Updated: number;
  Unchanged: number;
  Skipped: number;
  SkippedReasons: Record<string, number>;
  Rejected: number;
  Rejections: { Row: number; Errors: string[] }[];
  Cancelled: boolean;
  Failure: string | null;
}

/** Rows with problems listed on the page; all of them are in the download. */
const SHOWN_PROBLEMS = 200;

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a file cannot be imported, or null: checked from its name, size and first bytes. */
export async function refusal(file: File): Promise<string | null> {
  if (!/\.(csv|json)$/i.test(file.name))
    return `${file.name} is not a CSV or JSON file (its name must end in .csv or .json).`;
  if (file.size >= MAX_IMPORT_BYTES)
    return `${file.name} is ${megabytes(file.size)}; files must be under 50 MB. Split it into smaller files.`;
  if (file.size === 0) return `${file.name} is empty.`;
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  if (head.includes(0)) return `${file.name} is not a text file: save it as CSV (comma-separated) and try again.`;
  return null;
}

/** A POST of the file, with upload progress, whose answer may arrive line by line; abortable. */
function send(
  url: string,
  file: File,
  onUpload: (share: number) => void,
  onText: (text: string) => void,
): { done: Promise<{ status: number; text: string }>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<{ status: number; text: string }>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', /\.json$/i.test(file.name) ? 'application/json' : 'text/csv');
    xhr.setRequestHeader('x-csrf-token', csrfToken);
    xhr.upload.addEventListener('progress', (e) => e.lengthComputable && onUpload(e.loaded / e.total));
    xhr.addEventListener('progress', () => onText(xhr.responseText));
    xhr.addEventListener('load', () => resolve({ status: xhr.status, text: xhr.responseText }));
    xhr.addEventListener('error', () => reject(new Error('the upload failed: check the connection and try again')));
    xhr.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}

let csrfToken = '';

function envelopeError(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { Success?: boolean; Message?: string };
    if (body.Success === false && body.Message) return body.Message;
  } catch {
    // not an envelope
  }
  return status === 413 ? 'the file is too large (50 MB at most)' : `the server answered ${status}`;
}

function problemsCsv(s: Summary): string {
  const cell = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const lines = ['Row,Problem'];
  for (const r of s.Rejections) for (const e of r.Errors) lines.push(`${r.Row},${cell(e)}`);
  return `${lines.join('\r\n')}\r\n`;
}

export function importPanel(serial: () => string, csrf: string, imported: () => Promise<void>): HTMLElement {
  csrfToken = csrf;
  const file = h('input', { id: 'li-file', type: 'file', accept: '.csv,.json,text/csv,application/json' });
  const progress = h('progress', { max: '1', value: '0', hidden: true, 'aria-label': 'Import progress' });
  const status = h('p', { role: 'status' });
  const error = h('p', { class: 'error', role: 'alert' });
  const problems = h('ol', { class: 'report', 'aria-label': 'Rows with problems' });
  const more = h('p', { class: 'muted' });
  const importButton = h('button', { type: 'button', hidden: true }, 'Import');
  const cancel = h('button', { type: 'button', class: 'secondary', hidden: true }, 'Cancel import');
  let running: { abort(): void } | null = null;
  let checked: File | null = null;

  const reset = () => {
    error.textContent = '';
    status.textContent = '';
    problems.replaceChildren();
    more.replaceChildren();
    importButton.hidden = true;
    cancel.hidden = true;
    progress.hidden = true;
    progress.value = 0;
  };

  const url = (dryRun: boolean, f: File) =>
    `/console/api/listings/import?${new URLSearchParams({ chatbot: serial(), name: f.name, dryRun: String(dryRun) })}`;

  const showSummary = (s: Summary) => {
    const would = s.DryRun ? 'would be ' : '';
    const counts = [
      `${s.Created} ${would}new`,
      `${s.Updated} ${would}updated`,
      `${s.Unchanged} unchanged`,
      s.Skipped ? `${s.Skipped} skipped (not on the market)` : '',
      `${s.Rejected} with problems`,
    ].filter(Boolean);
    const head = s.DryRun
      ? `Checked ${s.Rows.toLocaleString()} rows (${s.Format}), nothing written yet: `
      : s.Cancelled
        ? 'Import cancelled; the rows written before it stopped are kept: '
        : `Imported ${s.Rows.toLocaleString()} rows: `;
    status.textContent = `${head}${counts.join(', ')}.`;
    if (s.IgnoredColumns.length) status.append(h('br'), `Columns not read: ${s.IgnoredColumns.join(', ')}.`);
    problems.replaceChildren(
      ...s.Rejections.slice(0, SHOWN_PROBLEMS).map((r) =>
        h('li', { class: 'error' }, `Row ${r.Row}: ${r.Errors.join('; ')}`),
      ),
    );
    more.replaceChildren();
    if (s.Rejections.length) {
      const href = URL.createObjectURL(new Blob([problemsCsv(s)], { type: 'text/csv' }));
      const rest = s.Rejections.length - SHOWN_PROBLEMS;
      more.append(
        rest > 0 ? `${rest.toLocaleString()} more rows with problems are in the download. ` : '',
        h('a', { href, download: 'import-problems.csv' }, 'Download every problem (CSV)'),
      );
    }
  };

  const check = async (f: File) => {
    reset();
    const refused = await refusal(f);
    if (refused) {
      error.textContent = refused;
      file.value = '';
      return;
    }
    progress.hidden = false;
    status.textContent = `Checking ${f.name}…`;
    const req = send(
      url(true, f),
      f,
      (share) => (progress.value = share),
      () => {},
    );
    running = req;
    cancel.hidden = false;
    try {
      const { status: code, text } = await req.done;
      if (code !== 200) throw new Error(envelopeError(code, text));
      const summary = (JSON.parse(text) as { Data: Summary }).Data;
      showSummary(summary);
      const writable = summary.Created + summary.Updated;
      if (writable > 0) {
        checked = f;
        importButton.textContent = `Import ${writable.toLocaleString()} listings`;
        importButton.hidden = false;
      }
    } catch (x) {
      status.textContent = '';
      if ((x as Error).name !== 'AbortError') error.textContent = `${f.name}: ${errorText(x)}`;
    } finally {
      running = null;
      cancel.hidden = true;
      progress.hidden = true;
    }
  };

  const run = async (f: File) => {
    error.textContent = '';
    importButton.hidden = true;
    progress.hidden = false;
    progress.value = 0;
    status.textContent = `Importing ${f.name}…`;
    let summary: Summary | null = null;
    let failure = '';
    // The answer is one JSON line per batch written ({Done, Total}), then {Summary} or {Error}.
    const read = (text: string) => {
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        try {
          const v = JSON.parse(line) as { Done?: number; Total?: number; Summary?: Summary; Error?: string };
          if (v.Total) {
            progress.value = (v.Done ?? 0) / v.Total;
            status.textContent = `Importing ${f.name}: ${(v.Done ?? 0).toLocaleString()} of ${v.Total.toLocaleString()} rows written…`;
          }
          if (v.Summary) summary = v.Summary;
          if (v.Error) failure = v.Error;
        } catch {
          // a line still arriving
        }
      }
    };
    const req = send(url(false, f), f, () => {}, read);
    running = req;
    cancel.hidden = false;
    try {
      const { status: code, text } = await req.done;
      if (code !== 200) throw new Error(envelopeError(code, text));
      read(text);
      if (failure) throw new Error(failure);
      if (summary) showSummary(summary);
    } catch (x) {
      if ((x as Error).name === 'AbortError') {
        status.textContent = 'Import cancelled; the listings written before it stopped are kept.';
      } else error.textContent = `${f.name}: ${errorText(x)}`;
    } finally {
      running = null;
      cancel.hidden = true;
      progress.hidden = true;
      file.value = '';
      checked = null;
      await imported();
    }
  };

  file.addEventListener('change', () => {
    const f = file.files?.[0];
    if (f) void check(f);
  });
  importButton.addEventListener('click', () => {
    if (checked) void run(checked);
  });
  cancel.addEventListener('click', () => running?.abort());

  return h(
    'section',
    { class: 'import', 'aria-labelledby': 'import-title' },
    h('h2', { id: 'import-title' }, 'Import listings'),
    h(
      'p',
      { class: 'muted' },
      'A CSV or JSON file in Parlor’s column names (or common aliases such as MLS#, Price, Beds) or RESO’s. ',
      'Listings are created, or updated when their MLS number is already here. The file is checked first; nothing is written until you press Import. ',
      h(
        'a',
        { href: '/console/api/listings/template.csv', download: 'listings-template.csv' },
        'Download the CSV template',
      ),
      '.',
    ),
    h(
      'div',
      { class: 'filters' },
      h('div', { class: 'field' }, h('label', { for: 'li-file' }, 'Import CSV or JSON (under 50 MB)'), file),
      importButton,
      cancel,
    ),
    progress,
    status,
    error,
    problems,
    more,
  );
}
