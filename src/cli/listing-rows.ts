// Reads the rows of a listings file: JSON (an array of listing objects, or a RESO Web API
// export `{"value": [...]}`) or CSV (a header row of column names, any case). Rows come back
// as objects, in Parlor's or RESO's names as the file has them, with the columns the file
// uses; nothing is checked here but the file itself (readable, well-formed, not empty).
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import { CSV_OPTIONS, rowsOfRecords } from '../listings/index.ts';
import { CommandFailed, UsageError } from './io.ts';

export interface ListingsFile {
  path: string;
  rows: unknown[];
  /** Every column (JSON key) the rows use, in order of first appearance. */
  columns: string[];
  /** A RESO Web API export: `{"value": [...]}`. */
  resoExport: boolean;
}

function readText(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new CommandFailed(`cannot read ${path}: ${(err as Error).message}`);
  }
  if (text.trim() === '') throw new CommandFailed(`${path}: the file is empty`);
  return text;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function jsonRows(path: string, text: string): { rows: unknown[]; resoExport: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    // V8's message names the position, and on Node 24 the line and column too.
    throw new CommandFailed(`${path}: not valid JSON (${(err as Error).message})`);
  }
  if (Array.isArray(value)) return { rows: value, resoExport: false };
  if (isObject(value) && Array.isArray(value.value)) return { rows: value.value, resoExport: true };
  const what = isObject(value) ? 'an object without a "value" array' : `a ${value === null ? 'null' : typeof value}`;
  throw new CommandFailed(
    `${path}: must hold a JSON array of listings or a RESO Web API export ({"value": [...]}), not ${what}`,
  );
}

function columnsOf(rows: unknown[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) if (isObject(row)) for (const k of Object.keys(row)) seen.add(k);
  return [...seen];
}

export function readListingsFile(path: string): ListingsFile {
  const ext = extname(path).toLowerCase();
  if (ext !== '.json' && ext !== '.csv') throw new UsageError(`the file must end in .json or .csv, got "${path}"`);
  return listingsFileOf(path, readText(path));
}

/**
 * A listings file's rows from its text, told JSON or CSV by its name's extension: the CLI reads
 * files from disk, the console's import the text a browser uploaded, and both read it here.
 */
export function listingsFileOf(path: string, text: string): ListingsFile {
  const ext = extname(path).toLowerCase();
  if (text.trim() === '') throw new CommandFailed(`${path}: the file is empty`);
  let read: { rows: unknown[]; resoExport: boolean };
  if (ext === '.json') read = jsonRows(path, text);
  else if (ext === '.csv') {
    try {
      read = { rows: rowsOfRecords(parse(text, CSV_OPTIONS) as string[][]), resoExport: false };
    } catch (err) {
      // csv-parse names the line ("Invalid Closing Quote: … at line 3").
      throw new CommandFailed(`${path}: not valid CSV (${(err as Error).message})`);
    }
  } else throw new UsageError(`the file must end in .json or .csv, got "${path}"`);
  if (read.rows.length === 0) throw new CommandFailed(`${path}: holds no listings`);
  return { path, ...read, columns: columnsOf(read.rows) };
}
