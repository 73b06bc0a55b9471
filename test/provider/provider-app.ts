// A Parlor app whose chatbots answer through the OpenAI-compatible engine against the fake
// provider, listening on a real socket (streaming and disconnects are about sockets).
import type { AppDeps } from '../../src/app.ts';
import { editSettings } from '../chat/chat-app.ts';
import { createChatbot } from '../factories.ts';
import { type FakeProvider, startFakeProvider } from '../fake-provider.ts';
import { buildTestApp, call, newWorkspace, type TestApp, type TestWorkspace } from '../harness.ts';

export interface ProviderApp extends TestApp {
  fake: FakeProvider;
  url: string;
  /** A chatbot on the provider model and a session on it. */
  session(): Promise<{ ws: TestWorkspace; serial: string; sessionId: number }>;
}

export async function providerApp(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}): Promise<ProviderApp> {
  const fake = await startFakeProvider();
  const t = await buildTestApp({
    ...deps,
    env: {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test-secret-key',
      PARLOR_MODELS: '2=fake-model',
      OPENAI_TIMEOUT_MS: '1500',
      OPENAI_MAX_RETRIES: '2',
      ...env,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    ...t,
    fake,
    url,
    async session() {
      const ws = await newWorkspace(t.db);
      const serial = await createChatbot(t.app, ws.auth);
      await editSettings(t, ws, serial, { Model: '2' });
      const { SessionID } = await call<{ SessionID: number }>(
        t.app,
        '/chat/Chatbot/GetSession',
        { serialNumber: serial },
        ws.auth,
      );
      return { ws, serial, sessionId: SessionID };
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
