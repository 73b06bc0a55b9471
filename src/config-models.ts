// The model catalogue (PARLOR_MODELS): the provider models ModelList offers, each with the
// options its provider needs. Read by config.ts at start-up; a bad entry or an unknown option
// stops the process with a message naming PARLOR_MODELS.
//
// Two ways to write it:
// - inline, comma-separated entries `name` or `key=name`, each optionally followed by
//   `;option=value` pairs: `2=gpt-5;contextTokens=400000,3=deepseek-reasoner;vision=no`;
// - `@path/to/models.json` (relative to the working directory): a JSON array of
//   `{"key": "2", "name": "gpt-5", "temperature": false, …}`, the same options as properties.
// Options left out take the model family's defaults (answer/openai/models.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface ModelEntry {
  /** The Key clients send in Edit's Model (ModelList's Key). */
  key: string;
  /** The provider's model name (ModelList's Value). */
  name: string;
  engine: 'builtin' | 'openai';
  /** Options given in the catalogue; the rest take the model family's defaults (answer/openai/models.ts). */
  options?: Partial<ModelOptions>;
}

export interface ModelOptions {
  /** Whether requests carry the chatbot's Temperature (OpenAI's o-series and gpt-5 refuse one). */
  temperature: boolean;
  /** The name of the output limit parameter: OpenAI's current models take only max_completion_tokens. */
  maxTokensParam: 'max_tokens' | 'max_completion_tokens';
  /** The output limit sent with each request; null sends none (the provider's own default). */
  maxOutputTokens: number | null;
  /** Whether a tool-calling step's reasoning goes back with it (DeepSeek's thinking mode refuses requests without). */
  passReasoning: boolean;
  /** Whether the model reads images (image and video questions). */
  vision: boolean;
  /** The context window in tokens; the history sent stays within it. */
  contextTokens: number;
}

export const MODEL_OPTION_NAMES = [
  'temperature',
  'maxTokensParam',
  'maxOutputTokens',
  'passReasoning',
  'vision',
  'contextTokens',
] as const satisfies readonly (keyof ModelOptions)[];

/** A catalogue problem; config.ts reports it under PARLOR_MODELS. */
export class CatalogueError extends Error {}

const isOption = (name: string): name is keyof ModelOptions => (MODEL_OPTION_NAMES as readonly string[]).includes(name);

function yesNo(where: string, name: string, v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  const s = String(v).trim();
  if (/^(1|true|yes|on)$/i.test(s)) return true;
  if (/^(0|false|no|off)$/i.test(s)) return false;
  throw new CatalogueError(`${where}: ${name} must be true or false, got "${s}"`);
}

function count(where: string, name: string, v: unknown, min: number): number {
  const s = String(v).trim();
  const n = /^\d+$/.test(s) ? Number(s) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min)
    throw new CatalogueError(`${where}: ${name} must be an integer ≥ ${min}, got "${s}"`);
  return n;
}

function setOption(options: Partial<ModelOptions>, where: string, name: string, value: unknown) {
  if (!isOption(name)) {
    throw new CatalogueError(`${where}: unknown option "${name}" (known: ${MODEL_OPTION_NAMES.join(', ')})`);
  }
  switch (name) {
    case 'temperature':
    case 'passReasoning':
    case 'vision':
      options[name] = yesNo(where, name, value);
      return;
    case 'maxTokensParam': {
      const s = String(value).trim();
      if (s !== 'max_tokens' && s !== 'max_completion_tokens') {
        throw new CatalogueError(`${where}: maxTokensParam must be max_tokens or max_completion_tokens, got "${s}"`);
      }
      options.maxTokensParam = s;
      return;
    }
    case 'maxOutputTokens':
      options.maxOutputTokens = value === null || String(value).trim() === 'none' ? null : count(where, name, value, 1);
      return;
    case 'contextTokens':
      options.contextTokens = count(where, name, value, 256);
      return;
  }
}

function entry(list: ModelEntry[], where: string, key: string, name: string): ModelEntry {
  if (!/^[\w.-]{1,64}$/.test(key) || !name) throw new CatalogueError(`bad entry "${where}"`);
  if (list.some((m) => m.key === key)) throw new CatalogueError(`duplicate key "${key}"`);
  return { key, name, engine: 'openai' };
}

function inline(raw: string, list: ModelEntry[]) {
  let n = 1;
  for (const item of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [head = '', ...pairs] = item.split(';').map((s) => s.trim());
    const [k, v] = head.includes('=') ? head.split('=', 2) : [String(n), head];
    const m = entry(list, item, (k ?? '').trim(), (v ?? '').trim());
    const options: Partial<ModelOptions> = {};
    for (const pair of pairs.filter(Boolean)) {
      const eq = pair.indexOf('=');
      if (eq < 0) throw new CatalogueError(`"${item}": option "${pair}" needs a value (option=value)`);
      setOption(options, `"${m.key}"`, pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
    list.push(pairs.length ? { ...m, options } : m);
    n++;
  }
}

function fromFile(path: string, list: ModelEntry[]) {
  const file = resolve(path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new CatalogueError(`cannot read the models file ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!Array.isArray(parsed) || !parsed.length) {
    throw new CatalogueError(`${file}: must be a JSON array of {"key", "name", …options}`);
  }
  parsed.forEach((item: unknown, i) => {
    const where = `${file}: entry ${i + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw new CatalogueError(`${where}: must be an object`);
    const { key, name, ...rest } = item as Record<string, unknown>;
    if (typeof name !== 'string' || (key !== undefined && typeof key !== 'string' && typeof key !== 'number')) {
      throw new CatalogueError(`${where}: needs "name" (a string) and "key" (a string)`);
    }
    const m = entry(list, where, String(key ?? i + 1).trim(), name.trim());
    const options: Partial<ModelOptions> = {};
    for (const [option, value] of Object.entries(rest)) setOption(options, where, option, value);
    list.push(Object.keys(options).length ? { ...m, options } : m);
  });
}

/** The provider models of the catalogue `raw` (inline, or `@file`), appended to `list`. */
export function parseModelCatalogue(raw: string, list: ModelEntry[]): ModelEntry[] {
  const value = raw.trim();
  if (value.startsWith('@')) fromFile(value.slice(1).trim(), list);
  else inline(value, list);
  return list;
}
