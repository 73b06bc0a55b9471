// Request bodies are normalised against the route's body schema before validation:
// - field names match case-insensitively (`serialnumber` = `SerialNumber`), as the
//   platform's clients rely on; known aliases (schema annotation `x-aliases`) map too;
// - numeric strings ("3") become numbers for number fields (DESIGN §3.1);
// - enum strings match case-insensitively and become the canonical value.
// Everything else is left for the validator to accept or reject.

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

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function normalizeBody(value: unknown, schema: SchemaNode | undefined): unknown {
  if (!schema) return value;
  if (schema.properties && isPlainObject(value)) {
    const map = keyMap(schema);
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (UNSAFE_KEYS.has(key)) continue;
      const name = map.get(key.toLowerCase()) ?? key;
      out[name] = normalizeBody(v, schema.properties[name]);
    }
    return out;
  }
  if (schema.items && Array.isArray(value)) return value.map((v) => normalizeBody(v, schema.items));
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
