// Provider dialects without tools: each recorded stream of test/provider/fixtures
// through ClientAsk, JSON and streamed, written by the provider whole and in slices of 1-5
// bytes (splitting lines, JSON and UTF-8 characters). Asserted: the exact answer, totalToken,
// the stored status and noAnswer, and what the provider was sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWorkspace } from '../harness.ts';
import { FIXTURES } from './fixtures/index.ts';
import { type ProviderApp, providerApp } from './provider-app.ts';
import { keyOf, MODELS_ENV, type Mode, type Run, runFixture } from './replay.ts';

const VARIANTS: { mode: Mode; sliceBytes?: number; label: string }[] = [
  { mode: 'json', label: 'JSON, whole' },
  { mode: 'json', sliceBytes: 5, label: 'JSON, in slices' },
  { mode: 'stream', label: 'streamed, whole' },
  { mode: 'stream', sliceBytes: 5, label: 'streamed, in slices' },
];

let p: ProviderApp;
beforeAll(async () => {
  p = await providerApp({ PARLOR_MODELS: MODELS_ENV });
});
afterAll(() => p.close());

interface Expected {
  answer: string;
  totalToken: number;
  status?: string;
  noAnswer?: boolean;
}

function expectAnswer(r: Run, e: Expected) {
  expect(r.error).toBeNull();
  expect(r.answer).toBe(e.answer);
  expect(r.totalToken).toBe(e.totalToken);
  expect(r.stored).toMatchObject({
    Content: e.answer,
    Status: e.status ?? 'complete',
    NoAnswer: e.noAnswer ?? false,
    TotalToken: e.totalToken,
  });
  expect(r.requests).toHaveLength(1);
}

const SPANISH_CUT =
  'Encontré una casa en Austin que le puede interesar: 1208 Barton Hills Dr, con piscina, una cocina amplia y a pocos minutos del centro y de';

const CASES: { name: string; fixture: keyof typeof FIXTURES; model: string; expected: Expected; settings?: object }[] =
  [
    {
      name: 'OpenAI text with a usage chunk',
      fixture: 'openaiText',
      model: 'openai',
      expected: {
        answer: 'Hello! I can help you find a home 🏡 in Austin, Dallas or Houston — what’s your budget?',
        totalToken: 836,
      },
    },
    {
      name: 'OpenAI cut off at the length limit: truncated, with the note in the chatbot’s language',
      fixture: 'openaiLength',
      model: 'openai',
      settings: { AIResponseLanguage: 'Spanish' },
      expected: {
        answer: `${SPANISH_CUT}\n\n[Esta respuesta se cortó aquí porque alcanzó el límite de longitud. Pídame que continúe si necesita el resto.]`,
        totalToken: 850,
        status: 'truncated',
      },
    },
    {
      name: 'OpenAI refusal: its text is the answer, noAnswer',
      fixture: 'openaiRefusal',
      model: 'openai',
      expected: { answer: 'I’m sorry, I can’t help with that request.', totalToken: 800, noAnswer: true },
    },
    {
      name: 'Mistral content parts: thinking skipped, text parts and strings kept in order',
      fixture: 'mistralParts',
      model: 'magistral',
      expected: {
        answer:
          '391 homes are listed across Austin, Dallas and Houston. Tell me a city and a budget and I’ll narrow them down.',
        totalToken: 1141,
      },
    },
    {
      name: 'Groq reasoning and x_groq usage',
      fixture: 'groqReasoning',
      model: 'groq',
      expected: {
        answer: 'Austin has the most listings right now; Dallas and Houston follow. Which city should I search?',
        totalToken: 947,
      },
    },
    {
      name: 'xAI reasoning tokens counted in totalToken',
      fixture: 'xaiReasoning',
      model: 'xai',
      expected: { answer: 'Hi!', totalToken: 354 },
    },
    {
      name: 'OpenRouter comments and reasoning',
      fixture: 'openrouterText',
      model: 'openrouter',
      expected: {
        answer: 'I can search homes for sale or for rent in Austin, Dallas and Houston. What are you looking for?',
        totalToken: 939,
      },
    },
    {
      name: 'vLLM reasoning_content and running usage (the last one counts)',
      fixture: 'vllmReasoning',
      model: 'vllm',
      expected: {
        answer: 'Yes — pets are welcome in several of our rentals. Which city do you prefer?',
        totalToken: 879,
      },
    },
  ];

describe.each(CASES)('$name', ({ fixture, model, expected, settings }) => {
  it.each(VARIANTS)('$label', async ({ mode, sliceBytes }) => {
    const r = await runFixture(p, {
      model,
      mode,
      sliceBytes,
      files: FIXTURES[fixture].files,
      settings: { ...settings },
    });
    expectAnswer(r, expected);
    // Reasoning is never text, whatever field or part it came in.
    expect(r.answer).not.toMatch(/visitor (asks|said|greets)|I should|count them/);
    // Streamed, an answer the provider sent in several chunks reaches the visitor in several
    // fragments (xAI's "Hi!" is one chunk).
    if (mode === 'stream') expect(r.fragments).toBeGreaterThan(expected.answer.length > 10 ? 1 : 0);
  });
});

describe('errors in the stream', () => {
  it.each(VARIANTS)(
    'OpenRouter error mid-stream, after text ($label): 502 naming its message, stored partial',
    async ({ mode, sliceBytes }) => {
      const r = await runFixture(p, { model: 'openrouter', mode, sliceBytes, files: FIXTURES.openrouterError.files });
      expect(r.error?.code).toBe(502);
      expect(r.error?.message).toBe('the model provider reported an error: Provider disconnected unexpectedly');
      expect(r.stored).toMatchObject({ Content: 'Let me look that up for you…', Status: 'partial' });
      // Streamed, the visitor saw the text before the error frame.
      expect(r.answer).toBe(mode === 'stream' ? 'Let me look that up for you…' : '');
    },
  );

  it.each(VARIANTS)(
    'llama.cpp `error:` field ($label): 502 naming its message, stored failed',
    async ({ mode, sliceBytes }) => {
      const r = await runFixture(p, { model: 'llamacpp', mode, sliceBytes, files: FIXTURES.llamacppError.files });
      expect(r.error).toEqual({
        code: 502,
        message:
          'the model provider reported an error: the request exceeds the available context size, try increasing it',
      });
      expect(r.stored).toMatchObject({ Content: '', Status: 'failed' });
      expect(r.requests).toHaveLength(1);
    },
  );
});

describe('cut-off answers in /metrics and what was sent', () => {
  it('counts a truncated answer under its own outcome', async () => {
    const count = async () => {
      const text = await (await fetch(`${p.url}/metrics`)).text();
      const line = text.split('\n').find((l) => /^parlor_answers_total\{.*outcome="truncated"/.test(l));
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const before = await count();
    await runFixture(p, { model: 'openai', mode: 'json', files: FIXTURES.openaiLength.files });
    expect(await count()).toBe(before + 1);
  });

  it('sends gpt-4o-mini the temperature and no output limit (the family defaults)', async () => {
    const r = await runFixture(p, { model: 'openai', mode: 'json', files: FIXTURES.openaiText.files });
    expect(r.requests[0]?.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0, stream: true });
    expect(r.requests[0]?.body).not.toHaveProperty('max_tokens');
    expect(r.requests[0]?.body).not.toHaveProperty('max_completion_tokens');
    expect(keyOf('openai')).toBe('2');
  });
});

describe('Azure OpenAI: api-key header, deployment URL with api-version', () => {
  let azure: ProviderApp;
  beforeAll(async () => {
    azure = await providerApp((url) => ({
      OPENAI_BASE_URL: `${url}/openai/deployments/gpt-4o?api-version=2024-10-21`,
      OPENAI_API_KEY_HEADER: 'api-key',
      PARLOR_MODELS: MODELS_ENV,
    }));
  });
  afterAll(() => azure.close());

  it.each(VARIANTS)('$label', async ({ mode, sliceBytes }) => {
    const r = await runFixture(azure, { model: 'openai', mode, sliceBytes, files: FIXTURES.azureText.files });
    expectAnswer(r, {
      answer: 'Sure — I can look for homes in Austin. How many bedrooms do you need, and what’s your price range?',
      totalToken: 829,
    });
    const req = r.requests[0];
    expect(req?.path).toBe('/v1/openai/deployments/gpt-4o/chat/completions');
    expect(req?.headers['api-key']).toBe('sk-test-secret-key');
    expect(req?.headers.authorization).toBeUndefined();
  });

  it('ModelList probes the provider with the api-key header too', async () => {
    const from = azure.fake.requests.length;
    const ws = await newWorkspace(azure.db);
    const res = await fetch(`${azure.url}/chat/Chatbot/ModelList`, { headers: ws.auth });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { Data: { Key: string; Status: boolean }[] };
    expect(list.Data.find((m) => m.Key === keyOf('openai'))?.Status).toBe(true);
    const probe = azure.fake.requests.slice(from).find((q) => q.path.endsWith('/models'));
    expect(probe?.headers['api-key']).toBe('sk-test-secret-key');
    expect(probe?.headers.authorization).toBeUndefined();
  });
});
