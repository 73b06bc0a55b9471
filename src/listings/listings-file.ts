// The rows of a listings file from its text: JSON (an array of listing objects, or a RESO Web API
// export `{"value": [...]}`) or CSV (a header row of column names, any case), told by the name's
// extension. Rows come back as objects, in Parlor's or RESO's names as the file has them, with
// the columns the file uses; nothing is checked here but the file itself (well-formed, not
// empty). The CLI reads files from disk and the console the text a browser uploaded; both here.
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import { CSV_OPTIONS, rowsOfRecords } from './csv-rows.ts';

export interface ListingsFile {
  path: string;
  rows: unknown[];
  /** Every column (JSON key) the rows use, in order of first appearance. */
  columns: string[];
  /** A RESO Web API export: `{"value": [...]}`. */
  resoExport: boolean;
}

/** A file that cannot be read as listings; `name` when its name (not its content) is wrong. */
export class ListingsFileProblem extends Error {
  readonly badName: boolean;
  constructor(message: string, badName = false) {
    super(message);
    this.badName = badName;
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function jsonRows(path: string, text: string): { rows: unknown[]; resoExport: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    // V8's message names the position, and on Node 24 the line and column too.
    throw new ListingsFileProblem(`${path}: not valid JSON (${(err as Error).message})`);
  }
  if (Array.isArray(value)) return { rows: value, resoExport: false };
  if (isObject(value) && Array.isArray(value.value)) return { rows: value.value, resoExport: true };
  const what = isObject(value) ? 'an object without a "value" array' : `a ${value === null ? 'null' : typeof value}`;
  throw new ListingsFileProblem(
    `${path}: must hold a JSON array of listings or a RESO Web API export ({"value": [...]}), not ${what}`,
  );
}

function columnsOf(rows: unknown[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) if (isObject(row)) for (const k of Object.keys(row)) seen.add(k);
  return [...seen];
}

export function isListingsFileName(path: string): boolean {
  const ext = extname(path).toLowerCase();
  return ext === '.json' || ext === '.csv';
}

export function listingsFileOf(path: string, text: string): ListingsFile {
  if (!isListingsFileName(path))
    throw new ListingsFileProblem(`the file must end in .json or .csv, got "${path}"`, true);
  if (text.trim() === '') throw new ListingsFileProblem(`${path}: the file is empty`);
  let read: { rows: unknown[]; resoExport: boolean };
  if (extname(path).toLowerCase() === '.json') read = jsonRows(path, text);
  else {
    try {
      read = { rows: rowsOfRecords(parse(text, CSV_OPTIONS) as string[][]), resoExport: false };
    } catch (err) {
      // csv-parse names the line ("Invalid Closing Quote: … at line 3").
      throw new ListingsFileProblem(`${path}: not valid CSV (${(err as Error).message})`);
    }
  }
  if (read.rows.length === 0) throw new ListingsFileProblem(`${path}: holds no listings`);
  return { path, ...read, columns: columnsOf(read.rows) };
}
