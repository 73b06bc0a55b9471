// Reading one record of a feed by RESO's names, whatever case and spacing the file gives them
// ("ListPrice", "listprice", "List Price"), with the column's own spelling kept for messages.

import { isBlank, columnKey as key } from './feed-keys.ts';

type Record_ = Record<string, unknown>;

/** A number from a number or a numeric string; NaN for anything else that is not blank. */
function numeric(v: unknown): number | undefined {
  if (isBlank(v)) return undefined;
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(v.replace(/[,$]/g, ''))) {
    return Number(v.replace(/[,$]/g, ''));
  }
  return Number.NaN;
}

export class Reader {
  private readonly byKey = new Map<string, [string, unknown]>();
  readonly errors: string[] = [];
  readonly sourceOf: Record<string, string> = {};

  constructor(raw: Record_) {
    for (const [name, value] of Object.entries(raw)) if (!isBlank(value)) this.byKey.set(key(name), [name, value]);
  }

  /** The first of `names` the row gives, with the column's name as the file spells it. */
  first(...names: string[]): [string, unknown] | undefined {
    for (const n of names) {
      const hit = this.byKey.get(key(n));
      if (hit) return hit;
    }
    return undefined;
  }

  value(...names: string[]): unknown {
    return this.first(...names)?.[1];
  }

  text(...names: string[]): string | undefined {
    const v = this.value(...names);
    return v === undefined ? undefined : String(v).trim();
  }

  /** A number for a derived field; a non-number is an error naming its column. */
  number(...names: string[]): number | undefined {
    const hit = this.first(...names);
    if (!hit) return undefined;
    const n = numeric(hit[1]);
    if (n === undefined || !Number.isNaN(n)) return n;
    this.errors.push(`${hit[0]}: must be a number`);
    return undefined;
  }

  /** `field` taken as it is from the first column present (the validator judges it). */
  copy(out: Record_, field: string, ...names: string[]): void {
    const hit = this.first(...names);
    if (!hit) return;
    out[field] = hit[1];
    this.sourceOf[field] = hit[0];
  }
}
