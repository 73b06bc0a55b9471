// Request bodies are normalised against the route's body schema before validation:
// - field names match case-insensitively (`serialnumber` = `SerialNumber`), as the
//   platform's clients rely on; known aliases (schema annotation `x-aliases`) map too;
// - numeric strings ("3") become numbers for number fields (DESIGN §3.1);
// - enum strings match case-insensitively and become the canonical value;
// - null for a field whose schema does not take null means "not given" (the platform's own
//   examples send `"chatAskType": null, "fileIds": null`): the key is dropped, so the field
//   gets its default, or "is required" when it is required. Fields that take null (Edit's
//   settings, Update's optional listing fields) keep it: there null resets or clears.
// - a NUL character in any known field's string is refused here, for every endpoint:
//   PostgreSQL cannot store it in text, and no field of this API has a use for it.
// Everything else is left for the validator to accept or reject.
import { Invalid } from '../errors.ts';

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  enum?: unknown[];
  'x-aliases'?: Record<string, string>;
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
      if (v === null && field && !types(field).includes('null')) continue;
      out[name] = normalizeBody(v, field, join(path, name));
    }
    return out;
  }
  if (Array.isArray(value)) return value.map((v, i) => normalizeBody(v, schema.items, `${path}[${i}]`));
  if (typeof value === 'string') {
    const t = types(schema);
    if ((t.includes('number') || t.includes('integer')) && NUMERIC.test(value)) return Number(value);
    if (schema.enum) {
      const lower = value.toLowerCase();
      const match = schema.enum.find((e) => typeof e === 'string' && e.toLowerCase() === lower);
      if (match !== undefined) return match;
    }
  }
  return value;
}
