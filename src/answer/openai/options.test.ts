// The model's options shaping the engine's requests: temperature or not, the
// output limit under the right name, vision, the context window bounding the history, and
// the paragraph break between the texts of two steps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../../test/fake-provider.ts';
import { DEFAULT_SETTINGS } from '../../chatbots/settings.ts';
import type { ModelOptions } from '../../config-models.ts';
import { NotSupported } from '../../errors.ts';
import type { AnswerRequest, HistoryMessage } from '../engine.ts';
import { messageTokens } from '../history.ts';
import { createOpenAiEngine } from '../openai-compatible.ts';
import { systemPrompt } from '../prompt.ts';
import { modelOptions } from './models.ts';
import { fixedTokens } from './request.ts';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const none = { listings: [], total: 0 };
function request(over: Partial<AnswerRequest> = {}): AnswerRequest {
  return {
    chatbot: { id: 1, workspaceId: 1, serialNumber: 'x', settings: { ...DEFAULT_SETTINGS, Temperature: 0.3 } },
    sessionId: 1,
    question: { id: 1, content: 'Any homes in Austin?', askType: 'Text', fileIds: [] },
    history: [],
    now: new Date('2026-11-02T15:00:00Z'),
    signal: new AbortController().signal,
    listings: { search: async () => none, count: async () => 0, cities: async () => [] },
    ...over,
  };
}

async function answer(name: string, options: Partial<ModelOptions>, req = request()) {
  const engine = createOpenAiEngine(
    {
      baseUrl: fake.url,
      apiKey: 'sk-test',
      timeoutMs: 3000,
      maxRetries: 0,
      historyTokens: 3000,
      transcriptionModel: 'whisper-1',
    },
    { key: '1', name, engine: 'openai', options },
    { retryDelayMs: () => 1 },
  );
  const fragments: string[] = [];
  const from = fake.chats().length;
  const outcome = await engine.answer(req, (f) => fragments.push(f));
  return {
    text: fragments.join(''),
    outcome,
    bodies: fake
      .chats()
      .slice(from)
      .map((r) => r.body ?? {}),
  };
}

describe('request options', () => {
  it('gpt-5: no temperature, the output limit as max_completion_tokens', async () => {
    fake.script({ kind: 'text', text: 'Hi.' });
    const { bodies } = await answer('gpt-5', { maxOutputTokens: 500 });
    expect(bodies[0]).toMatchObject({ model: 'gpt-5', max_completion_tokens: 500, stream: true });
    expect(bodies[0]).not.toHaveProperty('temperature');
    expect(bodies[0]).not.toHaveProperty('max_tokens');
  });

  it('other providers: the temperature and max_tokens, or what the catalogue says', async () => {
    fake.script({ kind: 'text', text: 'Hi.' }, { kind: 'text', text: 'Hi.' });
    const mistral = await answer('mistral-small-latest', { maxOutputTokens: 300 });
    expect(mistral.bodies[0]).toMatchObject({ temperature: 0.3, max_tokens: 300 });
    const told = await answer('my-model', {
      temperature: false,
      maxTokensParam: 'max_completion_tokens',
      maxOutputTokens: 64,
    });
    expect(told.bodies[0]).toMatchObject({ max_completion_tokens: 64 });
    expect(told.bodies[0]).not.toHaveProperty('temperature');
  });

  it('a model without vision refuses image questions before calling the provider', async () => {
    const from = fake.chats().length;
    const req = request({ question: { id: 1, content: 'This one?', askType: 'Image', fileIds: [1] } });
    const err = await answer('deepseek-chat', {}, req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotSupported);
    expect((err as Error).message).toBe(
      'Image questions need a model that reads images; deepseek-chat does not (PARLOR_MODELS vision)',
    );
    expect(fake.chats().length).toBe(from);
  });
});

describe('the context window bounds the history', () => {
  const history: HistoryMessage[] = Array.from({ length: 6 }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: `Message ${i}: ${'a three bedroom house with a garden '.repeat(8)}`,
  }));
  const req = request({ history });
  const sentHistory = (body: { messages?: { role: string }[] }) => (body.messages ?? []).slice(1, -1).length;

  it('sends what fits in the smaller of the budget and the window', async () => {
    const user = { role: 'user' as const, content: req.question.content };
    const fixed = fixedTokens(systemPrompt(req.chatbot.settings, req.now), user, modelOptions('m'));
    const lastTwo = history.slice(-2).reduce((n, m) => n + messageTokens(m), 0);
    fake.script({ kind: 'text', text: 'a' }, { kind: 'text', text: 'b' }, { kind: 'text', text: 'c' });
    expect(sentHistory((await answer('m', { contextTokens: 128_000 }, req)).bodies[0] ?? {})).toBe(6);
    expect(sentHistory((await answer('m', { contextTokens: fixed + lastTwo }, req)).bodies[0] ?? {})).toBe(2);
    expect(sentHistory((await answer('m', { contextTokens: 256 }, req)).bodies[0] ?? {})).toBe(0);
  });
});

describe('steps', () => {
  it('separates the texts of two steps with a paragraph break', async () => {
    fake.script(
      { kind: 'tool', name: 'get_listing', args: { id: 7 }, text: 'Reading it.' },
      { kind: 'text', text: "I'm unable to find that listing." },
    );
    const { text, bodies } = await answer('m', {});
    expect(text).toBe("Reading it.\n\nI'm unable to find that listing.");
    expect(bodies).toHaveLength(2);
    // The text of the first step goes back with its call, not the break.
    expect(bodies[1]?.messages?.at(-2)).toMatchObject({ role: 'assistant', content: 'Reading it.' });
  });
});
