import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, type TestWorkspace } from '../../test/harness.ts';
import { DEFAULT_SETTINGS, type Settings } from './settings.ts';

let t: TestApp;
let ws: TestWorkspace;
beforeAll(async () => {
  // A second model in the catalogue, for Model by Key and by Value.
  t = await buildTestApp({ env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', PARLOR_MODELS: '2=gpt-4o-mini' } });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.close());

const edit = (body: Record<string, unknown>, auth = ws.auth) => post<number>(t.app, '/chat/Chatbot/Edit', body, auth);
const get = (serialNumber: string, auth = ws.auth) =>
  call<Settings & { SerialNumber: string }>(t.app, '/chat/Chatbot/Get', { serialNumber }, auth);

async function editOk(serialNumber: string, fields: Record<string, unknown>) {
  const r = await edit({ serialNumber, ...fields });
  expect(r.body.Message).toBe('');
  expect(r.status).toBe(200);
  expect(r.body.Data).toBe(1);
  return get(serialNumber);
}

async function expect400(serialNumber: string, fields: Record<string, unknown>, message: string | RegExp) {
  const before = await get(serialNumber);
  const r = await edit({ serialNumber, ...fields });
  expect(r.status).toBe(400);
  expect(r.body).toMatchObject({ Success: false, Code: 400, Data: null });
  if (typeof message === 'string') expect(r.body.Message).toBe(message);
  else expect(r.body.Message).toMatch(message);
  expect(await get(serialNumber)).toEqual(before);
}

async function insertImage(workspaceId: number, overrides: { kind?: string; status?: string } = {}) {
  const row = await t.db.kysely
    .insertInto('files')
    .values({
      workspace_id: workspaceId,
      file_name: 'avatar.png',
      kind: overrides.kind ?? 'image',
      mime: 'image/png',
      size: 100,
      status: overrides.status ?? 'active',
      storage_key: `test/f${Math.random().toString(36).slice(2)}`,
      token_hash: null,
      expires_at: null,
      chatbot_id: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('Edit: partial update', () => {
  it('changes the given settings, keeps the omitted ones, and Get returns them', async () => {
    const sn = await createChatbot(t.app, ws.auth, 'Before');
    const first = await editOk(sn, { Name: 'Example Realty', WelcomeMessage: 'Hello!', RateLimitCount: 5 });
    expect(first).toMatchObject({ Name: 'Example Realty', WelcomeMessage: 'Hello!', RateLimitCount: 5 });
    expect(first.TimeZone).toBe('America/Chicago');
    const second = await editOk(sn, { SystemMessage: 'Be brief.' });
    expect(second).toMatchObject({ Name: 'Example Realty', WelcomeMessage: 'Hello!', RateLimitCount: 5 });
    expect(second.SystemMessage).toBe('Be brief.');
  });

  it('resets a setting given as null to its default (TimeZone to UTC)', async () => {
    const sn = await createChatbot(t.app, ws.auth);
    await editOk(sn, { Name: 'X', Temperature: 1, ChatBubbleAlign: 1, MessageLimit: 10, Domains: 'a.com' });
    const after = await editOk(sn, {
      Name: null,
      Temperature: null,
      ChatBubbleAlign: null,
      MessageLimit: null,
      Domains: null,
      TimeZone: null,
    });
    expect(after).toMatchObject({
      Name: DEFAULT_SETTINGS.Name,
      Temperature: 0,
      ChatBubbleAlign: 0,
      MessageLimit: -1,
      Domains: '',
      TimeZone: 'UTC',
    });
  });

  it('matches field names case-insensitively and ignores unknown fields', async () => {
    const sn = await createChatbot(t.app, ws.auth);
    const r = await edit({ serialnumber: sn, name: 'lower', TEMPERATURE: '2', NotASetting: 1 });
    expect(r.status).toBe(200);
    const bot = await get(sn);
    expect(bot).toMatchObject({ Name: 'lower', Temperature: 2 });
    expect(bot).not.toHaveProperty('NotASetting');
  });

  it('saves nothing when one setting among valid ones is invalid', async () => {
    const sn = await createChatbot(t.app, ws.auth, 'Unchanged');
    await expect400(sn, { Name: 'Changed', WelcomeMessage: 'Hi', RateLimitTime: 0 }, 'RateLimitTime: must be >= 1');
    await expect400(
      sn,
      { Name: 'Changed', TalkToHumanEmail: 'a@example.com', ChatBubbleColor: 'rgb(256,0,0)' },
      /^ChatBubbleColor: /,
    );
    expect((await get(sn)).Name).toBe('Unchanged');
  });

  it('keeps both of two concurrent Edits of different settings', async () => {
    const sn = await createChatbot(t.app, ws.auth);
    for (let i = 0; i < 5; i++) {
      const [a, b] = await Promise.all([
        edit({ serialNumber: sn, WelcomeMessage: `w${i}` }),
        edit({ serialNumber: sn, RateLimitCount: i + 1 }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(await get(sn)).toMatchObject({ WelcomeMessage: `w${i}`, RateLimitCount: i + 1 });
    }
  });

  it('answers 401 without a credential and 404 for an unknown or another workspace’s chatbot', async () => {
    const sn = await createChatbot(t.app, ws.auth, 'Mine');
    const none = await post(t.app, '/chat/Chatbot/Edit', { serialNumber: sn, Name: 'x' });
    expect(none.status).toBe(401);
    const other = await newWorkspace(t.db);
    const theirs = await edit({ serialNumber: sn, Name: 'Hijacked' }, other.auth);
    expect(theirs.status).toBe(404);
    expect(theirs.body.Code).toBe(404);
    expect((await edit({ serialNumber: 'nope', Name: 'x' })).status).toBe(404);
    expect((await get(sn)).Name).toBe('Mine');
  });

  it('requires serialNumber', async () => {
    const r = await edit({ Name: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe('serialNumber: is required');
  });
});

describe('Edit: Model', () => {
  it('accepts a Key or a Value from ModelList and stores the Key', async () => {
    const sn = await createChatbot(t.app, ws.auth);
    expect((await editOk(sn, { Model: '2' })).Model).toBe('2');
    expect((await editOk(sn, { Model: 'parlor-builtin' })).Model).toBe('builtin');
    expect((await editOk(sn, { Model: 'gpt-4o-mini' })).Model).toBe('2');
    expect((await editOk(sn, { Model: null })).Model).toBe('builtin');
  });

  it('rejects a model not in ModelList', async () => {
    const sn = await createChatbot(t.app, ws.auth);
    await expect400(sn, { Model: 'gpt-5' }, 'Model: must be a Key (or Value) from ModelList (builtin, 2), got "gpt-5"');
    await expect400(sn, { Model: '' }, 'Model: must not be empty');
  });
});

describe('Edit: ChatProfilePicture and ChatIcon', () => {
  it('accepts the ID of an active image of the workspace, as string or number, and ""', async () => {
    const sn = await createChatbot(t.app, ws.auth);
    const id = await insertImage(ws.workspaceId);
    const bot = await editOk(sn, { ChatProfilePicture: String(id), ChatIcon: id });
    expect(bot).toMatchObject({ ChatProfilePicture: String(id), ChatIcon: String(id) });
    const r = await edit({ serialNumber: sn, chatprofilepicture: ` ${id} `, CHATICON: id });
    expect(r.status).toBe(200);
    expect(await get(sn)).toMatchObject({ ChatProfilePicture: String(id), ChatIcon: String(id) });
    expect(await editOk(sn, { ChatProfilePicture: '', ChatIcon: null })).toMatchObject({
      ChatProfilePicture: '',
      ChatIcon: '',
    });
  });

  it("rejects another workspace's image, a non-image, an inactive upload, an unknown ID and non-digits", async () => {
    const sn = await createChatbot(t.app, ws.auth);
    const other = await newWorkspace(t.db);
    const rule = 'must be the ID of an uploaded image of this workspace, or ""';
    const theirs = await insertImage(other.workspaceId);
    const audio = await insertImage(ws.workspaceId, { kind: 'audio' });
    const pending = await insertImage(ws.workspaceId, { status: 'pending' });
    await expect400(sn, { ChatProfilePicture: String(theirs) }, `ChatProfilePicture: ${rule}`);
    await expect400(sn, { ChatIcon: audio }, `ChatIcon: ${rule}`);
    await expect400(sn, { ChatIcon: String(pending) }, `ChatIcon: ${rule}`);
    await expect400(sn, { ChatIcon: '2147483000' }, `ChatIcon: ${rule}`);
    await expect400(sn, { ChatIcon: 'abc' }, `ChatIcon: ${rule}`);
    await expect400(sn, { ChatIcon: '99999999999' }, `ChatIcon: ${rule}`);
    await expect400(sn, { ChatIcon: 1.5 }, `ChatIcon: ${rule}`);
    await expect400(sn, { ChatIcon: true }, 'ChatIcon: must be a string or null');
  });
});
