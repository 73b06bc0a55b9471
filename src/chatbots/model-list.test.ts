import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEngine } from '../../test/fake-engine.ts';
import { buildTestApp, newWorkspace, type TestApp, type TestWorkspace, testConfig } from '../../test/harness.ts';
import type { AnswerEngine } from '../answer/engine.ts';
import { createRegistry } from '../answer/registry.ts';

const config = testConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', PARLOR_MODELS: '2=gpt-4o-mini,3=gpt-4o' });

// Provider engines report availability through a probe; the test decides what it says.
const reachable = new Map<string, boolean>([
  ['gpt-4o-mini', true],
  ['gpt-4o', false],
]);
const probed = (name: string): AnswerEngine & { available(): Promise<boolean> } => ({
  ...fakeEngine(),
  available: async () => reachable.get(name) ?? false,
});

let t: TestApp;
let ws: TestWorkspace;
beforeAll(async () => {
  const engines = createRegistry(config.models, {
    builtin: () => fakeEngine(),
    openai: (m) => probed(m.name),
  });
  t = await buildTestApp({ config, engines });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.close());

const expected = [
  { Key: 'builtin', Value: 'parlor-builtin', Status: true },
  { Key: '2', Value: 'gpt-4o-mini', Status: true },
  { Key: '3', Value: 'gpt-4o', Status: false },
];

describe('ModelList', () => {
  it('lists the catalogue with Key, Value and Status (usable now) on GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/chat/Chatbot/ModelList', headers: ws.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Data: expected, Version: '1.0.0', Success: true, Code: 200, Message: '' });
  });

  it('answers POST (with or without a body) the same way, and follows the probe', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/chat/Chatbot/ModelList', headers: ws.auth });
    expect(empty.json().Data).toEqual(expected);
    reachable.set('gpt-4o-mini', false);
    const res = await t.app.inject({
      method: 'POST',
      url: '/chat/Chatbot/ModelList',
      headers: { ...ws.auth, 'content-type': 'application/json' },
      payload: '{}',
    });
    reachable.set('gpt-4o-mini', true);
    expect(res.statusCode).toBe(200);
    expect(res.json().Data[1]).toEqual({ Key: '2', Value: 'gpt-4o-mini', Status: false });
  });

  it('shows a model without an engine as not usable', async () => {
    const app = await buildTestApp({ config, db: t.db, engines: createRegistry(config.models, {}) });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/chat/Chatbot/ModelList', headers: ws.auth });
      expect(res.json().Data.map((m: { Status: boolean }) => m.Status)).toEqual([false, false, false]);
    } finally {
      await app.close();
    }
  });

  it('accepts the session key too, and answers 401 without a credential', async () => {
    const bySession = await t.app.inject({
      method: 'GET',
      url: '/chat/Chatbot/ModelList',
      headers: { 'chatrobot-sessionkey': ws.sessionKey },
    });
    expect(bySession.statusCode).toBe(200);
    const none = await t.app.inject({ method: 'GET', url: '/chat/Chatbot/ModelList' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ Success: false, Code: 401, Data: null });
  });

  it('is documented in the OpenAPI description for GET and POST', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const path = doc.paths['/chat/Chatbot/ModelList'];
    expect(Object.keys(path).sort()).toEqual(['get', 'post']);
    expect(path.get.summary).toMatch(/models/);
    expect(doc.paths['/chat/Chatbot/Edit'].post.requestBody).toBeDefined();
  });
});

describe('the default catalogue', () => {
  it("is the platform's keys and names when a provider is configured and PARLOR_MODELS is not", () => {
    const models = testConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }).models.map((m) => [m.key, m.name]);
    expect(models).toEqual([
      ['builtin', 'parlor-builtin'],
      ['2', 'gpt-4o'],
      ['3', 'gpt-4o-mini'],
      ['22', 'claude-3.5-sonnet'],
      ['23', 'claude-3.5-haiku'],
    ]);
  });

  it('is the builtin engine alone without a provider', () => {
    expect(testConfig().models.map((m) => m.key)).toEqual(['builtin']);
  });
});
