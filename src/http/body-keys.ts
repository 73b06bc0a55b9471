// Request bodies are normalised against the route's body schema before validation:
// - field names match case-insensitively (`serialnumber` = `SerialNumber`), as the
//   platform's clients rely on; known aliases (schema annotation `x-aliases`) map too;
// - numeric strings ("3") become numbers for number fields (so form-encoded bodies work too);
// - enum strings match case-insensitively and become the canonical value;
// - null for a field whose schema does not take null means "not given" (the platform's own
//   examples send `"chatAskType": null, "fileIds": null`): the key is dropped, so the field
//   gets its default, or "is required" when it is required. Fields that take null (Edit's
//   settings, Update's optional listing fields) keep it: there null resets or clears.
// - what RealEstateList returns is accepted back as it is: "" for a field that is not free
//   text (a number, a list, a fixed set of values) means unset, like null; a list given as
//   a JSON string (List's `Images`, `ExtensionColumn`) is parsed; an enum's display form
//   (schema annotation `x-enum-aliases`, e.g. "For Sale") maps to its value; an integer for
//   an ID the platform types as a string (annotation `x-id`: `Key`, `Keys[]`, `FileStoreId`)
//   becomes that string.
// - a NUL character or a lone UTF-16 surrogate in any known field's string is refused here,
//   for every endpoint: PostgreSQL cannot store either in text, and no field has a use for them.
// - control characters: a single-line field (schema annotation `x-text: 'line'`: names,
//   e-mail addresses, phones, one-line settings) refuses them, CR and LF included, so a value
//   can never add a line to an email or a log; any other text keeps tabs and line breaks and
//   loses the other control characters.
// - fields the schema does not know are dropped: unknown fields are ignored, and dropping
//   them means no service ever sees a client's key such as `constructor` or `__proto__`.
// Everything else is left for the validator to accept or reject.
import { Invalid } from '../errors.ts';

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  enum?: unknown[];
  'x-aliases'?: Record<string, string>;
  'x-enum-aliases'?: Record<string, string>;
  'x-id'?: boolean;
  'x-text'?: 'line';
}

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const keyMaps = new WeakMap<SchemaNode, Map<string, string>>();

function keyMap(schema: SchemaNode): Map<string, string> {
  let map = keyMaps.get(schema);
  if (!map) {
    map = new Map();
    for (const name of Object.keys(schema.properties ?? {})) map.set(name.toLowerCase(), name);
    for (const [alias, name] of Object.entries(schema['x-aliases'] ?? {})) map.set(alias.toLowerCase(), name);
    keyMaps.set(schema, map);
  }
  return map;
}

function types(schema: SchemaNode): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function refuseNul(value: string, path: string): void {
  if (value.includes('\u0000')) throw new Invalid(path || 'body', 'must not contain NUL characters');
  if (!value.isWellFormed()) throw new Invalid(path || 'body', 'must not contain unpaired UTF-16 surrogates');
}

/** Control characters (Cc: C0, DEL, C1), plus the Unicode line and paragraph separators. */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u;
/** Control characters but tab, LF and CR, which multi-line text keeps. */
const STRAY_CONTROLS = /[^\P{Cc}\t\n\r]/gu;

export const SINGLE_LINE_RULE = 'must be a single line without control characters';

function controlsHandled(value: string, schema: SchemaNode, path: string): string {
  if (schema['x-text'] === 'line') {
    if (LINE_BREAKING.test(value)) throw new Invalid(path || 'body', SINGLE_LINE_RULE);
    return value;
  }
  return value.replace(STRAY_CONTROLS, '');
}

export function normalizeBody(value: unknown, schema: SchemaNode | undefined, path = ''): unknown {
  // Unknown fields are ignored, so they are not checked either.
  if (!schema) return value;
  if (typeof value === 'string') refuseNul(value, path);
  if (schema.properties && isPlainObject(value)) {
    const map = keyMap(schema);
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (UNSAFE_KEYS.has(key)) continue;
      const name = map.get(key.toLowerCase()) ?? key;
      const field = Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
      if (!field) continue;
      if (v === null || isBlankNonText(v, field)) {
        // Unset: null where the field takes it (it resets or clears there), else not given.
        if (types(field).includes('null')) out[name] = null;
        continue;
      }
      out[name] = normalizeBody(v, field, join(path, name));
    }
    return out;
  }
  if (Array.isArray(value)) return value.map((v, i) => normalizeBody(v, schema.items, `${path}[${i}]`));
  if (typeof value === 'number' && schema['x-id'] && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string') {
    const text = controlsHandled(value, schema, path);
    const t = types(schema);
    if ((t.includes('number') || t.includes('integer')) && NUMERIC.test(value)) return Number(value);
    if (t.includes('array') && !t.includes('string')) {
      const list = jsonList(value);
      if (list) return normalizeBody(list, schema, path);
    }
    if (schema.enum) {
      const lower = value.trim().toLowerCase();
      const match = schema.enum.find((e) => typeof e === 'string' && e.toLowerCase() === lower);
      if (match !== undefined) return match;
      const aliases = schema['x-enum-aliases'];
      if (aliases && Object.hasOwn(aliases, lower)) return aliases[lower];
    }
    return text;
  }
  return value;
}

/** "" (or blanks) for a field that is not free text: how List writes an unset value. */
function isBlankNonText(value: unknown, field: SchemaNode): boolean {
  if (typeof value !== 'string' || value.trim() !== '') return false;
  return Boolean(field.enum) || !types(field).includes('string');
}

/** A JSON array written as a string, or null. */
function jsonList(value: string): unknown[] | null {
  if (!value.trimStart().startsWith('[')) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
