// Reads the rows of a listings file: JSON (an array of listing objects in the API's field
// names) or CSV (a header row of the API's field names, any case). Rows come back as
// objects for the same validation RealEstateCreate applies; nothing is checked here.
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { csvRowsOf } from '../listings/csv-rows.ts';
import { CommandFailed, UsageError } from './io.ts';

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new CommandFailed(`cannot read ${path}: ${(err as Error).message}`);
  }
}

function jsonRows(path: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(readText(path));
  } catch (err) {
    if (err instanceof CommandFailed) throw err;
    throw new CommandFailed(`${path}: not valid JSON (${(err as Error).message})`);
  }
  if (!Array.isArray(value)) throw new CommandFailed(`${path}: must hold a JSON array of listings`);
  return value;
}

export function readListingRows(path: string): unknown[] {
  const ext = extname(path).toLowerCase();
  if (ext === '.json') return jsonRows(path);
  if (ext === '.csv') {
    const text = readText(path);
    try {
      return csvRowsOf(text);
    } catch (err) {
      throw new CommandFailed(`${path}: not valid CSV (${(err as Error).message})`);
    }
  }
  throw new UsageError(`the file must end in .json or .csv, got "${path}"`);
}
