// Validates one listing outside Fastify (the CLI's import, the bootstrap's samples) exactly
// as RealEstateCreate validates its body: the same schema, the same Ajv options as
// src/app.ts, the same normalisation first, and the same "Field: rule" message.

import { Ajv, type ValidateFunction } from 'ajv';
import { DomainError } from '../errors.ts';
import { AJV_OPTIONS } from '../http/ajv-options.ts';
import { normalizeBody } from '../http/body-keys.ts';
import { type ValidationIssue, validationMessage } from '../http/validation-message.ts';
import { CreateBody, type ListingFields } from './schemas.ts';

export type ListingCheck = { ok: true; fields: ListingFields } | { ok: false; message: string };
export type ListingReview = { ok: true; fields: ListingFields } | { ok: false; messages: string[] };

let compiled: ValidateFunction | null = null;
let compiledAll: ValidateFunction | null = null;

function validator(): ValidateFunction {
  compiled ??= new Ajv({ ...AJV_OPTIONS, keywords: [...AJV_OPTIONS.keywords] }).compile(CreateBody);
  return compiled;
}

/** Every error at once: a file's author fixes a row in one go (a local file, so no denial of service). */
function fullValidator(): ValidateFunction {
  compiledAll ??= new Ajv({ ...AJV_OPTIONS, allErrors: true, keywords: [...AJV_OPTIONS.keywords] }).compile(CreateBody);
  return compiledAll;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The row normalised as the API normalises a body, for this chatbot (its own SerialNumber replaced). */
function candidateOf(row: unknown, serialNumber: string): unknown {
  const body = normalizeBody(row, CreateBody as Parameters<typeof normalizeBody>[1]);
  return isPlainObject(body) ? { ...body, SerialNumber: serialNumber } : body;
}

function fieldsOf(candidate: unknown): ListingFields {
  const { SerialNumber: _, ...fields } = candidate as CreateBody;
  return fields;
}

/**
 * Checks one listing given in the API's field names. The chatbot is the caller's
 * business: any SerialNumber in the row is replaced by `serialNumber`.
 */
export function validateListing(row: unknown, serialNumber: string): ListingCheck {
  const candidate = candidateOf(row, serialNumber);
  const validate = validator();
  if (!validate(candidate)) {
    const issue = validate.errors?.[0] as ValidationIssue | undefined;
    return { ok: false, message: issue ? validationMessage(issue) : 'body: is invalid' };
  }
  return { ok: true, fields: fieldsOf(candidate) };
}

/**
 * Like validateListing, with every field's problem (the first per field, worded as the API's
 * 400 would word it), for the import's report of a row.
 */
export function reviewListing(row: unknown, serialNumber: string): ListingReview {
  let candidate: unknown;
  try {
    candidate = candidateOf(row, serialNumber);
  } catch (err) {
    // A NUL character or a lone surrogate: refused while normalising, as the API refuses it.
    if (err instanceof DomainError) return { ok: false, messages: [err.message] };
    throw err;
  }
  const validate = fullValidator();
  if (validate(candidate)) return { ok: true, fields: fieldsOf(candidate) };
  const byField = new Map<string, string>();
  for (const issue of (validate.errors ?? []) as ValidationIssue[]) {
    const message = validationMessage(issue);
    const field = message.slice(0, message.indexOf(':'));
    if (!byField.has(field)) byField.set(field, message);
  }
  return { ok: false, messages: [...byField.values()] };
}
