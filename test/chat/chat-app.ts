// A test app whose chatbots answer with a scripted fake engine, plus a ready session.
import { createRegistry } from '../../src/answer/registry.ts';
import { createChatbot } from '../factories.ts';
import { type FakeEngine, type FakeEngineScript, fakeEngine } from '../fake-engine.ts';
import { buildTestApp, call, newWorkspace, type TestApp, type TestWorkspace } from '../harness.ts';

export interface ChatTestApp extends TestApp {
  engine: FakeEngine;
}

export async function chatTestApp(
  script: FakeEngineScript = {},
  opts: Parameters<typeof buildTestApp>[0] = {},
): Promise<ChatTestApp> {
  const engine = fakeEngine(script);
  const base = await buildTestApp({
    ...opts,
    engines: createRegistry([{ key: 'builtin', name: 'parlor-builtin', engine: 'builtin' }], { builtin: () => engine }),
  });
  return { ...base, engine };
}

export interface ChatFixture {
  ws: TestWorkspace;
  serial: string;
  sessionId: number;
}

export async function chatFixture(t: TestApp, settings: Record<string, unknown> = {}): Promise<ChatFixture> {
  const ws = await newWorkspace(t.db);
  const serial = await createChatbot(t.app, ws.auth);
  if (Object.keys(settings).length) await editSettings(t, ws, serial, settings);
  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: serial },
    ws.auth,
  );
  return { ws, serial, sessionId: SessionID };
}

/** Writes settings straight to the row (Edit's own tests cover Edit). */
export async function editSettings(t: TestApp, ws: TestWorkspace, serial: string, settings: Record<string, unknown>) {
  const row = await t.db.kysely
    .selectFrom('chatbots')
    .select(['id', 'settings'])
    .where('serial_number', '=', serial)
    .where('workspace_id', '=', ws.workspaceId)
    .executeTakeFirstOrThrow();
  await t.db.kysely
    .updateTable('chatbots')
    .set({ settings: JSON.stringify({ ...JSON.parse(row.settings), ...settings }) })
    .where('id', '=', row.id)
    .execute();
}
