// Which names a listings file speaks, told per file from its columns: Parlor's own (the API's
// field names and common aliases) or the RESO Data Dictionary's. A RESO Web API export
// (`{"value": [...]}`) is RESO by what it is.
import { columnKey as key } from './feed-keys.ts';
import { isParlorColumn, parlorRow } from './parlor-fields.ts';
import { type FeedRow, type ResoOptions, resoRow } from './reso-fields.ts';
import { RESO_COLUMNS, RESO_MARKERS } from './reso-names.ts';

export type FeedFormat = 'parlor' | 'reso';

export const FORMAT_NAMES: Record<FeedFormat, string> = {
  parlor: "Parlor's field names",
  reso: 'RESO Data Dictionary names',
};

const RESO_KEYS = new Set(RESO_COLUMNS.map(key));
const MARKER_KEYS = new Set(RESO_MARKERS.map(key));

/** RESO when more of the columns are RESO's own names than Parlor's (ties are Parlor's). */
export function detectFormat(columns: string[], resoExport: boolean): FeedFormat {
  if (resoExport) return 'reso';
  const reso = columns.filter((c) => MARKER_KEYS.has(key(c))).length;
  const parlor = columns.filter((c) => isParlorColumn(c) && !RESO_KEYS.has(key(c))).length;
  return reso > parlor ? 'reso' : 'parlor';
}

/** The columns the format does not read; OData annotations (`@odata.etag`) are not columns. */
export function ignoredColumns(format: FeedFormat, columns: string[]): string[] {
  const known = format === 'reso' ? (c: string) => RESO_KEYS.has(key(c)) : isParlorColumn;
  return columns.filter((c) => !c.includes('@') && c.trim() !== '' && !known(c));
}

/** A row of the file in the API's names; anything but an object is left for the validator to refuse. */
export function feedRow(format: FeedFormat, raw: unknown, options: ResoOptions = {}): FeedRow {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { kind: 'listing', fields: raw as Record<string, unknown>, errors: [], sourceOf: {} };
  }
  const row = raw as Record<string, unknown>;
  return format === 'reso' ? resoRow(row, options) : parlorRow(row);
}
