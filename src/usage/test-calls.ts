// For tests: the platform's calling conventions, checked the same way on every reporting
// endpoint. Either credential header (and the session key under Authorization, as the
// platform's own examples send it), no Content-Type, curl -d's form type carrying JSON;
// no credential or an unknown one is 401.
import { expect } from 'vitest';
import type { Answer, TestWorkspace } from '../../test/harness.ts';
import type { Envelope } from '../http/envelope.ts';
import type { App } from '../http/types.ts';

/** POSTs `body` as JSON text with exactly these headers (no Content-Type unless given). */
export async function rawPost<T = unknown>(
  app: App,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Answer<T>> {
  const res = await app.inject({ method: 'POST', url: path, payload: JSON.stringify(body), headers });
  return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers };
}

export function credentialForms(ws: TestWorkspace): [string, Record<string, string>][] {
  return [
    ['Authorization: <API key>', { authorization: ws.apiKey }],
    ['chatrobot-sessionkey: <session key>', { 'chatrobot-sessionkey': ws.sessionKey }],
    ['Authorization: <session key>', { authorization: ws.sessionKey }],
  ];
}

/** Every convention answers 200 with `expected` as Data; no or an unknown credential 401. */
export async function expectPlatformConventions(
  app: App,
  path: string,
  body: unknown,
  ws: TestWorkspace,
  expected: unknown,
): Promise<void> {
  const json = { 'content-type': 'application/json' };
  for (const [form, headers] of credentialForms(ws)) {
    const res = await rawPost(app, path, body, { ...json, ...headers });
    expect(res.status, form).toBe(200);
    expect(res.body, form).toMatchObject({ Success: true, Code: 200, Message: '', Version: '1.0.0' });
    expect(res.body.Data, form).toEqual(expected);
  }
  const bare = await rawPost(app, path, body, { authorization: ws.apiKey });
  expect(bare.status, 'no Content-Type').toBe(200);
  expect(bare.body.Data, 'no Content-Type').toEqual(expected);
  const form = { 'content-type': 'application/x-www-form-urlencoded', authorization: ws.apiKey };
  const curl = await rawPost(app, path, body, form);
  expect(curl.status, 'form type').toBe(200);
  expect(curl.body.Data, 'form type').toEqual(expected);

  const refused: Record<string, string>[] = [
    {},
    { authorization: 'pk_unknown_0000' },
    { 'chatrobot-sessionkey': 'sk_unknown_0000' },
  ];
  for (const headers of refused) {
    const res = await rawPost(app, path, body, { ...json, ...headers });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ Success: false, Code: 401, Data: null });
  }
}
