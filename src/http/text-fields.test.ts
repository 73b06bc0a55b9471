// Through the API: single-line fields refuse control characters naming the field, multi-line
// fields keep line breaks and lose other controls, lone surrogates are refused, and
// prototype-named keys are unknown fields (ignored, never a 500, nothing changed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatbotWithSession,
  createChatbot,
  expectFailure,
  LEAD,
  LISTINGS,
  leadIds,
  listingBody,
} from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const RULE = 'must be a single line without control characters';

describe('TalkToHuman', () => {
  it.each([
    ['Name', 'Eve\r\nBcc: victim@evil.test'],
    ['Name', 'Eve\u0085'],
    ['Email', 'eve@example.com\nBcc: victim@evil.test'],
    ['Phone', '+1 512\t555 0100'],
  ])('refuses a %s with control characters, and records no lead', async (field, value) => {
    const { ws, sessionId } = await chatbotWithSession(t);
    const r = await post(t.app, '/chat/Chat/TalkToHuman', { sessionID: sessionId, ...LEAD, [field]: value }, ws.auth);
    expectFailure(r, 400, field);
    expect(r.body.Message).toBe(`${field}: ${RULE}`);
    expect(await leadIds(t.db, ws.workspaceId)).toEqual([]);
  });

  it('keeps line breaks in the message and drops other control characters', async () => {
    const { ws, sessionId } = await chatbotWithSession(t);
    const Message = 'Saturday?\r\n\tOr Sunday.\u0007\u001b[0m';
    await call(t.app, '/chat/Chat/TalkToHuman', { sessionID: sessionId, ...LEAD, Message }, ws.auth);
    const row = await t.db.kysely
      .selectFrom('leads')
      .select(['name', 'message'])
      .where('workspace_id', '=', ws.workspaceId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: LEAD.Name, message: 'Saturday?\r\n\tOr Sunday.[0m' });
  });
});

async function settingsOf(auth: Record<string, string>, serial: string) {
  return call<Record<string, unknown>>(t.app, '/chat/Chatbot/Get', { serialNumber: serial }, auth);
}

describe('Edit', () => {
  it.each([
    ['Name', 'Demo\nRealty'],
    ['RateLimitMessage', 'Slow down\r\nplease'],
    ['TalkToHumanEmail', 'a@example.com\nb@example.com'],
    ['UserInputPlaceholder', 'Ask\u0000'],
    ['CustomDomain', 'chat.example.com\u2028'],
  ])('refuses a %s with control characters, and saves nothing', async (field, value) => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth, 'Demo');
    const before = await settingsOf(ws.auth, serial);
    const r = await post(
      t.app,
      '/chat/Chatbot/Edit',
      { serialNumber: serial, WelcomeMessage: 'changed', [field]: value },
      ws.auth,
    );
    expectFailure(r, 400, field);
    expect(await settingsOf(ws.auth, serial)).toEqual(before);
  });

  it('keeps line breaks in multi-line settings and drops other control characters', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth, 'Demo');
    await call(
      t.app,
      '/chat/Chatbot/Edit',
      {
        serialNumber: serial,
        SystemMessage: 'Be kind.\r\n\tBe brief.\u0008\u009b',
        WelcomeMessage: 'Hi!\nAsk me.\u0007',
      },
      ws.auth,
    );
    expect(await settingsOf(ws.auth, serial)).toMatchObject({
      SystemMessage: 'Be kind.\r\n\tBe brief.',
      WelcomeMessage: 'Hi!\nAsk me.',
    });
  });

  it('refuses a lone surrogate like NUL', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth, 'Demo');
    const r = await post(
      t.app,
      '/chat/Chatbot/Edit',
      `{"serialNumber": "${serial}", "WelcomeMessage": "Hi \\ud83d"}`,
      ws.auth,
    );
    expectFailure(r, 400, 'WelcomeMessage');
    expect(r.body.Message).toBe('WelcomeMessage: must not contain unpaired UTF-16 surrogates');
  });

  it('ignores prototype-named keys (200, nothing changed), at the top level and with null', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth, 'Demo');
    const before = await settingsOf(ws.auth, serial);
    for (const key of [
      'hasOwnProperty',
      'valueOf',
      'constructor',
      'toString',
      'isPrototypeOf',
      '__proto__',
      'prototype',
    ]) {
      for (const value of ['x', 1, null, { Name: 'Hijacked' }]) {
        const body = `{"serialNumber": "${serial}", ${JSON.stringify(key)}: ${JSON.stringify(value)}}`;
        const r = await post(t.app, '/chat/Chatbot/Edit', body, ws.auth);
        // JSON with a __proto__ key is refused by the parser itself (prototype poisoning).
        const expected = key === '__proto__' ? [400, 'body: must be valid JSON'] : [200, ''];
        expect([r.status, r.body.Message], `${key}: ${JSON.stringify(value)}`).toEqual(expected);
      }
    }
    const after = await settingsOf(ws.auth, serial);
    expect({ ...after, UpdatedAt: null }).toEqual({ ...before, UpdatedAt: null });
    expect(Object.hasOwn(after, 'hasOwnProperty')).toBe(false);
  });
});

describe('listings', () => {
  it.each([
    ['Address', '12 Oak Blvd\nApt 3'],
    ['City', 'Austin\t'],
    ['MLSNumber', 'PA4834\r52'],
    ['PropertyType', 'Condo\u0085'],
  ])('refuses a %s with control characters', async (field, value) => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth);
    const r = await post(t.app, LISTINGS.create, listingBody(serial, { [field]: value }), ws.auth);
    expectFailure(r, 400, field);
    expect(r.body.Message).toBe(`${field}: ${RULE}`);
  });

  it('keeps line breaks in a description, and ignores prototype-named keys nested in a body', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth);
    const body = {
      ...listingBody(serial, { Description: 'Pool.\r\nGarage.\u0007' }),
      toString: 'x',
      ExtensionColumn: [{ Key: 'Pool', value: 'Yes', constructor: 1, valueOf: 2 }],
    };
    const id = Number(await call<string>(t.app, LISTINGS.create, body, ws.auth));
    const list = await call<{ List: Record<string, unknown>[] }>(
      t.app,
      LISTINGS.list,
      { SerialNumber: serial },
      ws.auth,
    );
    const created = list.List.find((l) => l.ID === id);
    expect(created?.Description).toBe('Pool.\r\nGarage.');
    expect(JSON.parse(String(created?.ExtensionColumn))).toEqual([{ Key: 'Pool', value: 'Yes' }]);
  });
});

describe('bounds', () => {
  it('answers PageNumber 1e308 on Chatbot/List with 400, not 500', async () => {
    const ws = await newWorkspace(t.db);
    const r = await post(t.app, '/chat/Chatbot/List', '{"PageNumber": 1e308}', ws.auth);
    expectFailure(r, 400, 'PageNumber');
    expect(r.body.Message).toBe('PageNumber: must be <= 1000000');
  });

  it('answers file IDs beyond int32 in URLs as unknown files', async () => {
    const served = await t.app.inject({ method: 'GET', url: '/files/9999999999/photo.png' });
    expect([served.statusCode, served.json().Message]).toEqual([404, 'file 9999999999 not found']);
    const put = await t.app.inject({ method: 'PUT', url: '/files/upload/9999999999?token=abc', payload: 'x' });
    expect(put.statusCode).toBe(403);
  });
});
