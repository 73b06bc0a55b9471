// The full settings record of a chatbot (chatbots/README.md) and its defaults, derived from the
// one table of settings (setting-schemas.ts). Stored as JSON on the chatbot row; Get returns it;
// Edit changes it field by field (null resets to default).
import { type Static, type TSchema, Type } from 'typebox';
import { SETTINGS } from './setting-schemas.ts';

type Table = typeof SETTINGS;
type Name = keyof Table;
const NAMES = Object.keys(SETTINGS) as Name[];

/** A stored value's type: a fixed set of strings (or numbers) on input, a string (number) once stored. */
type Stored<T> = T extends string ? string : T extends number ? number : T;

/** A setting as stored and returned: its input shape without the fixed set (a value may predate it). */
function stored<T extends TSchema>(schema: T) {
  const { enum: _fixedSet, ...rest } = schema as T & { enum?: unknown[] };
  return Type.Unsafe<Stored<Static<T>>>(rest);
}

export const SettingsRecord = Type.Object(
  Object.fromEntries(NAMES.map((n) => [n, stored(SETTINGS[n].schema)])) as {
    [K in Name]: ReturnType<typeof stored<Table[K]['schema']>>;
  },
);
export type Settings = Static<typeof SettingsRecord>;
export type SettingName = keyof Settings;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze(
  Object.fromEntries(NAMES.map((n) => [n, SETTINGS[n].fallback])) as Settings,
);

/** The settings any visitor of a site may see (GetConfig), in the table's order. */
export const PUBLIC_SETTINGS = NAMES.filter((n): n is PublicSetting => SETTINGS[n].public);

/** The names of the settings marked public (their `public` is the literal true). */
export type PublicSetting = { [K in Name]: Table[K]['public'] extends true ? K : never }[Name];

// Settings read from the same stored JSON are one shared, frozen record: every request reads
// its chatbot's row, and a thousand open answers of one chatbot would otherwise hold a thousand
// copies of its texts (welcome, instructions, lead messages). Bounded; the oldest goes first.
const PARSED_MAX = 500;
const parsed = new Map<string, Settings>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Reads a stored settings JSON, filling any setting added since it was written (shared and frozen). */
export function parseSettings(json: string): Settings {
  const known = parsed.get(json);
  if (known) return known;
  const settings = deepFreeze({ ...DEFAULT_SETTINGS, ...(JSON.parse(json) as Partial<Settings>) });
  if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value as string);
  parsed.set(json, settings);
  return settings;
}

// Known zones only (a few hundred at most): unknown names are not kept.
const canonicalZones = new Map<string, string>();

/** The IANA zone name in canonical form, or null when Intl does not know it. */
export function canonicalTimeZone(tz: string): string | null {
  const known = canonicalZones.get(tz);
  if (known) return known;
  try {
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
    canonicalZones.set(tz, zone);
    return zone;
  } catch {
    return null;
  }
}
