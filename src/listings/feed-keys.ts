// How a feed's column names and cells are compared: a name by its letters and digits, any
// case ("List Price", "listprice" and "ListPrice" are one; "MLS#" is "mls"), and a cell that
// holds nothing (absent, null, blank) as not given.

const keys = new Map<string, string>();

/** A column name for matching; a feed's few names are cached (it is asked once per cell). */
export function columnKey(name: string): string {
  let k = keys.get(name);
  if (k === undefined) {
    k = name.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (keys.size < 10_000) keys.set(name, k);
  }
  return k;
}

export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
