// The rows of a listings CSV: a header row of the API's field names (any case); Images as a
// JSON array or URLs separated by |; ExtensionColumn as JSON or Key=value|Key=value; an empty
// cell leaves the field unset. Shared by `npx parlor listings import` and the console's import
// (bundled for the browser), so both read a file the same way.
// The browser build: it carries its own Buffer, so the console's bundle runs it too. The CLI
// parses with the Node build (the browser one's Buffer made a 100,000-row file 2.5 s slower)
// and hands the records to rowsOfRecords.
import { parse } from 'csv-parse/browser/esm/sync';

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

/** How a listings CSV is parsed, by either build of csv-parse. */
export const CSV_OPTIONS = { bom: true, skip_empty_lines: true, relax_column_count: true } as const;

/** The rows of a listings CSV (the browser build of csv-parse: the console's import). */
export function csvRowsOf(text: string): Record<string, unknown>[] {
  return rowsOfRecords(parse(text, CSV_OPTIONS) as string[][]);
}

/** The rows of a parsed CSV: its first record is the header. */
export function rowsOfRecords(records: string[][]): Record<string, unknown>[] {
  const [header = [], ...data] = records;
  const names = header.map((h) => h.trim());
  const lower = names.map((h) => h.toLowerCase());
  return data.map((cells) => {
    // No prototype: a header named `__proto__` is a column like any other.
    const row: Record<string, unknown> = Object.create(null);
    names.forEach((name, i) => {
      const cell = (cells[i] ?? '').trim();
      // An empty cell leaves the field unset, as omitting it from a JSON body would.
      if (name && cell !== '') row[name] = cellValue(lower[i] ?? '', cell);
    });
    return row;
  });
}
