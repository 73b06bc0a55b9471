// Small schema builders shared by the route schemas.
import { type Static, type TSchema, Type } from 'typebox';

/** A string enum as plain JSON Schema (`enum`), typed as the union of its values. */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** An optional field that also accepts null (null clears it on update, leaves it unset on create). */
export function Nullable<T extends TSchema>(schema: T) {
  const s = schema as unknown as { type: string; enum?: unknown[] };
  return Type.Optional(
    Type.Unsafe<Static<T> | null>({
      ...schema,
      type: [s.type, 'null'],
      ...(s.enum ? { enum: [...s.enum, null] } : {}),
    }),
  );
}

/**
 * Marks a string field as one line (names, e-mail addresses, phones, one-line settings):
 * body-keys.ts refuses control characters in it, CR and LF included, naming the field.
 * Other text keeps tabs and line breaks and loses other control characters.
 */
export const SINGLE_LINE = { 'x-text': 'line' } as const;
