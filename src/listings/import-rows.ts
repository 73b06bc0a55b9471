// The import's first pass, before anything is written: each file's rows read in the names the
// file speaks (Parlor's or RESO's, told per file), mapped to the API's fields and validated
// as RealEstateCreate validates them, every problem of a row reported at once.
import { basename } from 'node:path';
import { detectFormat, FORMAT_NAMES, feedRow, ignoredColumns } from './feed-format.ts';
import { isObject, type ListingsFile } from './listings-file.ts';
import type { ResoOptions } from './reso-fields.ts';
import type { ListingFields } from './schemas.ts';
import { reviewListing } from './validate.ts';

export interface Rejection {
  file: string;
  /** 1-based data row of its file (a CSV's header is not counted). */
  row: number;
  /** Every problem of the row, worded as the API's 400 words them. */
  errors: string[];
}

export interface FileReport {
  file: string;
  format: string;
  rows: number;
  /** Columns no field is read from, listed once per file. */
  ignoredColumns: string[];
}

export interface GoodRow {
  file: string;
  row: number;
  fields: ListingFields;
}

export interface PreparedRows {
  files: FileReport[];
  good: GoodRow[];
  rejections: Rejection[];
  /** Skipped rows by reason ("status \"Pending\" is not marketable"). */
  skipped: Map<string, number>;
  /** MLS numbers the files hold as listings (valid or not): what `--prune` keeps. */
  keep: Set<string>;
}

/** A row's field whatever the case of its name (`serialnumber`, `SerialNumber`). */
const fieldOf = (row: unknown, lowerName: string) =>
  isObject(row) ? Object.entries(row).find(([k]) => k.toLowerCase() === lowerName)?.[1] : undefined;

/** A message about a field the mapping derived names the file's column too: "BedroomsTotal (Bedrooms): …". */
function named(message: string, sourceOf: Record<string, string>): string {
  const m = /^([A-Za-z]+)([\s\S]*)$/.exec(message);
  const source = m?.[1] ? sourceOf[m[1]] : undefined;
  return m && source && source !== m[1] ? `${source} (${m[1]})${m[2]}` : message;
}

/** A row that names another chatbot is refused: a file of its listings must not touch this one's. */
function otherChatbot(raw: unknown, serialNumber: string): string | null {
  const named = fieldOf(raw, 'serialnumber');
  const serial = named === undefined || named === null ? '' : String(named).trim();
  if (serial === '' || serial === serialNumber) return null;
  return `SerialNumber: "${serial}" is another chatbot; this import is into ${serialNumber}`;
}

function mlsOf(fields: Record<string, unknown>): string | null {
  const value = fieldOf(fields, 'mlsnumber');
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() || null : null;
}

function prepareFile(file: ListingsFile, serialNumber: string, options: ResoOptions, out: PreparedRows): void {
  const format = detectFormat(file.columns, file.resoExport);
  const namesChatbots = file.columns.some((c) => c.toLowerCase() === 'serialnumber');
  const name = basename(file.path);
  out.files.push({
    file: name,
    format: FORMAT_NAMES[format],
    rows: file.rows.length,
    ignoredColumns: ignoredColumns(format, file.columns),
  });
  file.rows.forEach((raw, i) => {
    const row = i + 1;
    const mapped = feedRow(format, raw, options);
    if (mapped.kind === 'skipped') {
      out.skipped.set(mapped.reason, (out.skipped.get(mapped.reason) ?? 0) + 1);
      return;
    }
    const other = namesChatbots ? otherChatbot(raw, serialNumber) : null;
    const review = reviewListing(mapped.fields, serialNumber);
    const errors = [...(other ? [other] : []), ...mapped.errors];
    if (!review.ok) errors.push(...review.messages.map((m) => named(m, mapped.sourceOf)));
    if (errors.length > 0 || !review.ok) {
      out.rejections.push({ file: name, row, errors });
      const mls = other ? null : mlsOf(mapped.fields);
      if (mls) out.keep.add(mls);
      return;
    }
    out.good.push({ file: name, row, fields: review.fields });
    out.keep.add(review.fields.MLSNumber.trim());
  });
}

export function prepareRows(files: ListingsFile[], serialNumber: string, options: ResoOptions): PreparedRows {
  const out: PreparedRows = { files: [], good: [], rejections: [], skipped: new Map(), keep: new Set() };
  for (const file of files) prepareFile(file, serialNumber, options, out);
  return out;
}
