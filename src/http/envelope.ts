// The platform's response envelope, used by every JSON response.
import type { FastifyReply } from 'fastify';
import { type TSchema, Type } from 'typebox';

export const API_VERSION = '1.0.0';

export interface Envelope<T> {
  Data: T;
  Version: string;
  Success: boolean;
  Code: number;
  Message: string;
}

export function ok<T>(data: T): Envelope<T> {
  return { Data: data, Version: API_VERSION, Success: true, Code: 200, Message: '' };
}

export function failure(code: number, message: string): Envelope<null> {
  return { Data: null, Version: API_VERSION, Success: false, Code: code, Message: message };
}

/** Response schema of a successful envelope around `data`, for OpenAPI and serialization. */
export function envelopeOf<T extends TSchema>(data: T) {
  return Type.Object({
    Data: data,
    Version: Type.String({ examples: [API_VERSION] }),
    Success: Type.Boolean(),
    Code: Type.Integer({ examples: [200] }),
    Message: Type.String(),
  });
}

export const ErrorEnvelope = Type.Object(
  {
    Data: Type.Null(),
    Version: Type.String(),
    Success: Type.Boolean({ examples: [false] }),
    Code: Type.Integer({ examples: [400] }),
    Message: Type.String({ examples: ['Bedrooms: must be a number'] }),
  },
  { description: 'Error envelope: Code equals the HTTP status (see PARLOR_HTTP_STATUS).' },
);

/** Sends an envelope already encoded as JSON, as it is (its route's schema still documents it). */
export function sendEncoded(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
