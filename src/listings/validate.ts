// Validates one listing outside Fastify (the CLI's import, the bootstrap's samples) exactly
// as RealEstateCreate validates its body: the same schema, the same Ajv options as
// src/app.ts, the same normalisation first, and the same "Field: rule" message.

import { Ajv, type ValidateFunction } from 'ajv';
import { AJV_OPTIONS } from '../http/ajv-options.ts';
import { normalizeBody } from '../http/body-keys.ts';
import { type ValidationIssue, validationMessage } from '../http/validation-message.ts';
import { CreateBody, type ListingFields } from './schemas.ts';

export type ListingCheck = { ok: true; fields: ListingFields } | { ok: false; message: string };

let compiled: ValidateFunction | null = null;

function validator(): ValidateFunction {
  compiled ??= new Ajv({ ...AJV_OPTIONS, keywords: [...AJV_OPTIONS.keywords] }).compile(CreateBody);
  return compiled;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Checks one listing given in the API's field names. The chatbot is the caller's
 * business: any SerialNumber in the row is replaced by `serialNumber`.
 */
export function validateListing(row: unknown, serialNumber: string): ListingCheck {
  const body = normalizeBody(row, CreateBody as Parameters<typeof normalizeBody>[1]);
  const candidate = isPlainObject(body) ? { ...body, SerialNumber: serialNumber } : body;
  const validate = validator();
  if (!validate(candidate)) {
    const issue = validate.errors?.[0] as ValidationIssue | undefined;
    return { ok: false, message: issue ? validationMessage(issue) : 'body: is invalid' };
  }
  const { SerialNumber: _, ...fields } = candidate as CreateBody;
  return { ok: true, fields };
}
