// A Parlor app whose chatbots answer through the OpenAI-compatible engine against the fake
// provider, listening on a real socket (streaming and disconnects are about sockets).
import type { AppDeps } from '../../src/app.ts';
import { type ChatbotSession, chatbotWithSession } from '../factories.ts';
import { type FakeProvider, startFakeProvider } from '../fake-provider.ts';
import { buildTestApp, type TestApp } from '../harness.ts';

export interface ProviderApp extends TestApp {
  fake: FakeProvider;
  url: string;
  /** A chatbot on the provider model and a session on it. */
  session(): Promise<ChatbotSession>;
}

/** `env` may depend on the fake provider's URL (e.g. an Azure-style deployment path under it). */
export async function providerApp(
  env: Record<string, string> | ((fakeUrl: string) => Record<string, string>) = {},
  deps: Partial<AppDeps> = {},
): Promise<ProviderApp> {
  const fake = await startFakeProvider();
  const t = await buildTestApp({
    ...deps,
    env: {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test-secret-key',
      PARLOR_MODELS: '2=fake-model',
      OPENAI_TIMEOUT_MS: '1500',
      OPENAI_MAX_RETRIES: '2',
      ...(typeof env === 'function' ? env(fake.url) : env),
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    ...t,
    fake,
    url,
    session: () => chatbotWithSession(t, { Model: '2' }),
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
