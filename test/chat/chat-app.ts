// A test app whose chatbots answer with a scripted fake engine, plus a ready session.
import { createRegistry } from '../../src/answer/registry.ts';
import { type ChatbotSession, chatbotWithSession } from '../factories.ts';
import { type FakeEngine, type FakeEngineScript, fakeEngine } from '../fake-engine.ts';
import { buildTestApp, type TestApp } from '../harness.ts';

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

export type ChatFixture = ChatbotSession;

export function chatFixture(t: TestApp, settings: Record<string, unknown> = {}): Promise<ChatFixture> {
  return chatbotWithSession(t, settings);
}
