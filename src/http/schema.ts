// Small schema builders shared by the route schemas.
import { type Static, type TObject, type TSchema, Type } from 'typebox';

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

/**
 * Stands for the demo chatbot's serial number in the request examples. The demo's is random
 * per installation: /openapi.json shows it in place of this (http/api-docs.ts), so that every
 * example of /docs runs as it is against a new server. Without a demo chatbot this stays.
 */
export const EXAMPLE_SERIAL = 'YOUR_CHATBOT_SERIAL';

/**
 * The body schema with an example of the whole body: OpenAPI's request example, which /docs
 * shows and "Try it out" sends as it is (instead of values made up from each field's
 * pattern). Typed by the schema, so an example cannot miss a required field.
 */
export function WithExample<T extends TObject>(schema: T, example: Static<T>): T {
  return { ...schema, examples: [example] };
}

/**
 * The keys of an operation's schema whose example fails on purpose (it needs what no new server
 * has): the description says so and why, and `x-example-status` is the status it answers,
 * which test/openapi-examples.test.ts expects instead of a success. Keep these few.
 */
export function errorExample(status: number, why: string, description?: string) {
  const said = `The example answers ${status}: ${why}`;
  return { description: description ? `${description} ${said}` : said, 'x-example-status': status };
}

/** The body of an operation that takes no fields: `{}`. */
export const EmptyBody = WithExample(Type.Object({}), {});
