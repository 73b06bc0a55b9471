// Requests as a visitor at a given client address (app.inject's remoteAddress), for the
// abuse-limit tests.
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/tables.ts';
import type { Envelope } from '../../src/http/envelope.ts';
import type { App } from '../../src/http/types.ts';

export interface Sent<T = unknown> {
  status: number;
  body: Envelope<T>;
  retryAfter: string | undefined;
}

export async function sendFrom<T = unknown>(
  app: App,
  address: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Sent<T>> {
  const res = await app.inject({
    method: 'POST',
    url: path,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
    remoteAddress: address,
  });
  const retry = res.headers['retry-after'];
  return {
    status: res.statusCode,
    body: res.json() as Envelope<T>,
    retryAfter: retry === undefined ? undefined : String(retry),
  };
}

export interface Visitor {
  SessionID: number;
  SessionKey: string;
}

export const getConfigFrom = (app: App, address: string, serialNumber: string, headers: Record<string, string> = {}) =>
  sendFrom<Visitor>(app, address, '/chat/Chatbot/GetConfig', { serialNumber }, headers);

/** GetConfig that must succeed. */
export async function visitorFrom(app: App, address: string, serialNumber: string): Promise<Visitor> {
  const r = await getConfigFrom(app, address, serialNumber);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.Data;
}

/** A JSON (not streamed) question through the widget's Ask. */
export const askFrom = (app: App, address: string, v: Visitor, content = 'Hello there') =>
  sendFrom(
    app,
    address,
    '/chat/Chat/Ask',
    { sessionID: v.SessionID, content, stream: false },
    {
      'chatrobot-sessionkey': v.SessionKey,
    },
  );

export const LEAD = { Name: 'Jane Doe', Email: 'jane@example.com', Phone: '', Message: 'Call me' };

export const talkFrom = (app: App, address: string, v: Visitor) =>
  sendFrom(
    app,
    address,
    '/chat/Chat/TalkToHuman',
    { sessionID: v.SessionID, ...LEAD },
    {
      'chatrobot-sessionkey': v.SessionKey,
    },
  );

export async function chatbotIdOf(db: Kysely<Database>, serialNumber: string): Promise<number> {
  const row = await db
    .selectFrom('chatbots')
    .select('id')
    .where('serial_number', '=', serialNumber)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countRows(db: Kysely<Database>, table: 'sessions' | 'leads', chatbotId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('chatbot_id', '=', chatbotId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Questions stored for the chatbot. */
export async function countQuestions(db: Kysely<Database>, chatbotId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('chatbot_id', '=', chatbotId)
    .where('role', '=', 'user')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
