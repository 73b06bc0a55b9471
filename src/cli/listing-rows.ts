// Reads the rows of a listings file: JSON (an array of listing objects in the API's field
// names) or CSV (a header row of the API's field names, any case). Rows come back as
// objects for the same validation RealEstateCreate applies; nothing is checked here.
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
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

/** JSON when it looks like JSON (and parses); otherwise the raw text for the validator to judge. */
function jsonCell(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
}

/** Images: a JSON array, or URLs separated by `|`. */
function imagesCell(cell: string): unknown {
  if (cell.startsWith('[')) return jsonCell(cell);
  return cell
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** ExtensionColumn: JSON, or `Key=value|Key=value` (a bare `Key` means "Yes"). */
function extensionCell(cell: string): unknown {
  if (cell.startsWith('[')) return jsonCell(cell);
  return cell
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? { Key: pair, value: 'Yes' } : { Key: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
    });
}

function cellValue(column: string, cell: string): unknown {
  if (column === 'images') return imagesCell(cell);
  if (column === 'extensioncolumn') return extensionCell(cell);
  return cell;
}

export function csvRowsOf(text: string): Record<string, unknown>[] {
  const records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  const [header = [], ...data] = records;
  const names = header.map((h) => h.trim());
  const lower = names.map((h) => h.toLowerCase());
  return data.map((cells) => {
    const row: Record<string, unknown> = {};
    names.forEach((name, i) => {
      const cell = (cells[i] ?? '').trim();
      // An empty cell leaves the field unset, as omitting it from a JSON body would.
      if (name && cell !== '') row[name] = cellValue(lower[i] ?? '', cell);
    });
    return row;
  });
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
