// The provider engine against the fake OpenAI-compatible server, with a real listing search
// over the test database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChatbot, createListing, listingBody } from '../../test/factories.ts';
import { type FakeProvider, startFakeProvider } from '../../test/fake-provider.ts';
import { buildTestApp, newWorkspace, type TestApp } from '../../test/harness.ts';
import { findChatbot } from '../chatbots/repo.ts';
import { DEFAULT_SETTINGS, type Settings } from '../chatbots/settings.ts';
import type { ModelEntry } from '../config.ts';
import { NotSupported, ProviderFailed, ProviderTimeout } from '../errors.ts';
import type { AnswerRequest, HistoryMessage, ListingSearch } from './engine.ts';
import { listingSearchFor } from './listing-search.ts';
import { createOpenAiEngine, type OpenAiConfig } from './openai-compatible.ts';

const MODEL: ModelEntry = { key: '1', name: 'fake-gpt', engine: 'openai' };
const API_KEY = 'sk-test-secret-123';

let t: TestApp;
let fake: FakeProvider;
let listings: ListingSearch;
let chatbotId = 0;
let workspaceId = 0;
let activeMls = '';
let soldMls = '';
let soldId = 0;

function config(over: Partial<OpenAiConfig> = {}): OpenAiConfig {
  return {
    baseUrl: fake.url,
    apiKey: API_KEY,
    timeoutMs: 3000,
    maxRetries: 2,
    historyTokens: 3000,
    transcriptionModel: 'whisper-1',
    ...over,
  };
}

function engine(over: Partial<OpenAiConfig> = {}) {
  return createOpenAiEngine(config(over), MODEL, { retryDelayMs: () => 1 });
}

function request(over: Partial<AnswerRequest> = {}, settings: Partial<Settings> = {}): AnswerRequest {
  return {
    chatbot: { id: chatbotId, workspaceId, serialNumber: 'x', settings: { ...DEFAULT_SETTINGS, ...settings } },
    sessionId: 1,
    question: { id: 1, content: 'Any 3-bedroom homes in Austin?', askType: 'Text', fileIds: [] },
    history: [],
    now: new Date('2026-11-02T15:00:00Z'),
    signal: new AbortController().signal,
    listings,
    ...over,
  };
}

async function collect(req: AnswerRequest, e = engine()) {
  const fragments: string[] = [];
  const outcome = await e.answer(req, (f) => fragments.push(f));
  return { fragments, outcome };
}

beforeAll(async () => {
  t = await buildTestApp();
  const ws = await newWorkspace(t.db);
  workspaceId = ws.workspaceId;
  const serial = await createChatbot(t.app, ws.auth);
  const active = listingBody(serial, { City: 'Austin', Bedrooms: 4, SalePrice: 525000 });
  const sold = listingBody(serial, { City: 'Austin', Bedrooms: 4, Status: 'Sold' });
  activeMls = active.MLSNumber;
  soldMls = sold.MLSNumber;
  await createListing(t.app, ws.auth, active);
  soldId = await createListing(t.app, ws.auth, sold);
  const bot = await findChatbot(t.db.kysely, workspaceId, serial);
  if (!bot) throw new Error('chatbot not created');
  chatbotId = bot.id;
  listings = listingSearchFor(t.db, workspaceId, chatbotId);
});

afterAll(async () => {
  await fake?.close();
  await t.close();
});

beforeEach(async () => {
  await fake?.close();
  fake = await startFakeProvider();
});

describe('openai-compatible engine: answers', () => {
  it('streams the fragments in order and passes the usage through', async () => {
    const text = 'We have a lovely 4-bedroom home in Austin for $525,000.';
    fake.script({ kind: 'text', text, fragments: 6, usage: { prompt_tokens: 321, completion_tokens: 17 } });
    const { fragments, outcome } = await collect(request());
    expect(fragments.length).toBe(6);
    expect(fragments.join('')).toBe(text);
    expect(outcome).toEqual({ noAnswer: false, usage: { promptTokens: 321, completionTokens: 17, totalTokens: 338 } });
    const [chat] = fake.chats();
    expect(chat?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(chat?.body).toMatchObject({ model: 'fake-gpt', stream: true });
    expect(chat?.body?.messages?.at(-1)).toEqual({ role: 'user', content: 'Any 3-bedroom homes in Austin?' });
  });

  it('runs search_listings on the real listings and sends the result back to the model', async () => {
    fake.script(
      { kind: 'tool', name: 'search_listings', args: { city: 'Austin', minBedrooms: 3 }, argChunks: 5 },
      { kind: 'text', text: 'Here is one.', usage: { prompt_tokens: 50, completion_tokens: 5 } },
    );
    const { fragments, outcome } = await collect(request());
    expect(fragments.join('')).toBe('Here is one.');
    const chats = fake.chats();
    expect(chats.length).toBe(2);
    const toolMessage = chats[1]?.body?.messages?.find((m) => m.role === 'tool');
    const content = JSON.stringify(toolMessage?.content);
    expect(content).toContain(activeMls);
    expect(content).toContain('$525,000');
    expect(content).not.toContain(soldMls); // available = Active + PreOnMarket by default
    expect(outcome.usage?.completionTokens).toBeGreaterThanOrEqual(5);
  });

  it('get_listing returns the full record of one listing, sold ones included', async () => {
    fake.script(
      { kind: 'tool', name: 'get_listing', args: { mlsNumber: soldMls } },
      { kind: 'text', text: 'It was built in 1998.' },
    );
    await collect(request());
    const toolMessage = fake.chats()[1]?.body?.messages?.find((m) => m.role === 'tool');
    const content = JSON.stringify(toolMessage?.content);
    expect(content).toContain(soldMls);
    expect(content).toContain('YearBuilt');
  });

  it('get_listing also finds a listing by its ID', async () => {
    fake.script({ kind: 'tool', name: 'get_listing', args: { id: soldId } }, { kind: 'text', text: 'Found it.' });
    await collect(request());
    const toolMessage = fake.chats()[1]?.body?.messages?.find((m) => m.role === 'tool');
    expect(JSON.stringify(toolMessage?.content)).toContain(soldMls);
  });

  it('talk_to_human hands the lead over, or says the handoff is unavailable', async () => {
    const leads: unknown[] = [];
    const args = { name: 'Ana', email: 'ana@example.com', phone: '', message: 'Call me' };
    const qualified = {
      ...args,
      intent: 'buy',
      timeline: '3-6 months',
      preApproved: 'yes',
      budgetMax: 650000,
      areas: ['Austin'],
    };
    fake.script({ kind: 'tool', name: 'talk_to_human', args: qualified }, { kind: 'text', text: 'Done.' });
    await collect(
      request({
        talkToHuman: async (lead) => {
          leads.push(lead);
          return 'Someone will contact you.';
        },
      }),
    );
    // The qualification the model passed goes with the lead; what it left out is not known.
    expect(leads).toEqual([
      {
        ...args,
        qualification: {
          intent: 'buy',
          timeline: '3-6 months',
          preApproved: 'yes',
          budgetMin: null,
          budgetMax: 650000,
          areas: ['Austin'],
          propertyType: '',
          mlsNumber: '',
        },
      },
    ]);
    expect(JSON.stringify(fake.chats()[1]?.body?.messages)).toContain('Someone will contact you.');

    fake.script({ kind: 'tool', name: 'talk_to_human', args }, { kind: 'text', text: 'Sorry.' });
    await collect(request());
    expect(JSON.stringify(fake.chats()[3]?.body?.messages)).toContain('not available');
  });

  it('invalid tool arguments go back to the model as an error, and the answer goes on', async () => {
    fake.script(
      { kind: 'tool', name: 'search_listings', args: { saleType: 'buy' } },
      { kind: 'text', text: 'Do you want to buy or rent?' },
    );
    const { fragments } = await collect(request());
    expect(fragments.join('')).toBe('Do you want to buy or rent?');
    const toolMessage = fake.chats()[1]?.body?.messages?.find((m) => m.role === 'tool');
    expect(String(toolMessage?.content)).toContain('saleType');
  });

  it('arguments cut off mid-JSON go back to the provider as {} beside the error for the model', async () => {
    fake.script(
      { kind: 'tool', name: 'search_listings', args: {}, argsText: '{"city": "Aus', id: 'call_cut' },
      { kind: 'text', text: 'Which city?' },
    );
    const { fragments } = await collect(request());
    expect(fragments.join('')).toBe('Which city?');
    const sent = fake.chats()[1]?.body?.messages ?? [];
    const assistant = sent.find((m) => m.role === 'assistant');
    expect(assistant?.tool_calls).toEqual([
      { id: 'call_cut', type: 'function', function: { name: 'search_listings', arguments: '{}' } },
    ]);
    expect(String(sent.find((m) => m.role === 'tool')?.content)).toContain('not valid JSON');
  });

  it('the fifth call must answer in words (tool_choice none), and the answer ends after it', async () => {
    const search = { kind: 'tool', name: 'search_listings', args: { city: 'Austin' } } as const;
    fake.script(search, search, search, search, search, { kind: 'text', text: 'never asked for' });
    await collect(request());
    const chats = fake.chats();
    expect(chats.length).toBe(5);
    expect(chats.map((c) => c.body?.tool_choice)).toEqual([undefined, undefined, undefined, undefined, 'none']);
  });

  it('builds the system prompt from the settings and passes Temperature through', async () => {
    const settings = {
      SystemMessage: 'Always mention the open house on Saturday.',
      AIResponseLanguage: 'Spanish',
      TimeZone: 'America/Chicago',
      Temperature: 0.7,
    };
    await collect(request({}, settings));
    const body = fake.chats()[0]?.body;
    const system = String(body?.messages?.[0]?.content);
    expect(body?.messages?.[0]?.role).toBe('system');
    expect(system).toContain('Always mention the open house on Saturday.');
    expect(system).toContain('Always answer in Spanish');
    // 15:00 UTC is 9:00 AM in Chicago on 2 November 2026 (CST).
    expect(system).toContain('Monday, November 2, 2026 at 9:00 AM (America/Chicago)');
    for (const word of ['race', 'religion', 'national origin', 'familial status', 'disability', 'colour', 'sex']) {
      expect(system).toContain(word);
    }
    expect(system).toContain('MLS number');
    expect(body?.temperature).toBe(0.7);
    expect(body?.tools?.map((x) => x.function.name).sort()).toEqual([
      'book_tour',
      'find_tour_slots',
      'get_listing',
      'search_knowledge',
      'search_listings',
      'talk_to_human',
    ]);
  });

  it('Auto language answers in the visitor language', async () => {
    await collect(request({}, { AIResponseLanguage: 'Auto' }));
    expect(String(fake.chats()[0]?.body?.messages?.[0]?.content)).toContain('language the visitor writes in');
  });

  it('sends the history that fits the token budget, dropping the oldest', async () => {
    const history: HistoryMessage[] = [];
    for (let i = 0; i < 10; i++) {
      history.push({ role: i % 2 ? 'assistant' : 'user', content: `message ${i} ${'word '.repeat(40)}` });
    }
    await collect(request({ history }, {}), engine({ historyTokens: 200 }));
    const sent = fake.chats()[0]?.body?.messages ?? [];
    const contents = sent.filter((m) => m.role !== 'system').map((m) => String(m.content));
    expect(contents.at(-1)).toBe('Any 3-bedroom homes in Austin?');
    expect(contents.some((c) => c.startsWith('message 8 '))).toBe(true);
    expect(contents.some((c) => c.startsWith('message 9 '))).toBe(true);
    expect(contents.some((c) => c.startsWith('message 0 '))).toBe(false);
    expect(contents.length).toBeLessThan(history.length + 1);
  });

  it('refuses media questions it cannot handle yet, without calling the provider', async () => {
    const req = request({ question: { id: 1, content: '', askType: 'Image', fileIds: [1] } });
    await expect(collect(req)).rejects.toBeInstanceOf(NotSupported);
    expect(fake.chats().length).toBe(0);
  });
});

describe('openai-compatible engine: faults', () => {
  it('HTTP 500 → ProviderFailed after the configured retries, naming the status, not the key', async () => {
    const fail = { kind: 'status', status: 500, message: `upstream exploded for ${API_KEY}` } as const;
    fake.script(fail, fail, fail, fail);
    const err = await collect(request()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderFailed);
    expect((err as Error).message).toContain('500');
    expect((err as Error).message).toContain('upstream exploded');
    expect((err as Error).message).not.toContain(API_KEY);
    expect(fake.chats().length).toBe(3);
  });

  it('429 then success → answers', async () => {
    fake.script({ kind: 'status', status: 429, message: 'slow down' }, { kind: 'text', text: 'Hello!' });
    const { fragments } = await collect(request());
    expect(fragments.join('')).toBe('Hello!');
    expect(fake.chats().length).toBe(2);
  });

  it('a 4xx other than 429 is not retried', async () => {
    fake.script({ kind: 'status', status: 400, message: 'bad request' });
    await expect(collect(request())).rejects.toBeInstanceOf(ProviderFailed);
    expect(fake.chats().length).toBe(1);
  });

  it('no retry once a fragment went out: a 500 on the next step is final', async () => {
    fake.script(
      { kind: 'tool', name: 'search_listings', args: { city: 'Austin' }, text: 'Let me look. ' },
      { kind: 'status', status: 500 },
      { kind: 'text', text: 'never sent' },
    );
    const fragments: string[] = [];
    const err = await engine()
      .answer(request(), (f) => fragments.push(f))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderFailed);
    expect(fragments.join('')).toBe('Let me look. ');
    expect(fake.chats().length).toBe(2);
  });

  it('a mid-stream disconnect → ProviderFailed after the fragments already passed on', async () => {
    fake.script({ kind: 'text', text: 'abcdefgh', fragments: 4, end: 'disconnect' });
    const fragments: string[] = [];
    const err = await engine()
      .answer(request(), (f) => fragments.push(f))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderFailed);
    expect(fragments.join('')).toBe('abcdefgh');
    expect(fake.chats().length).toBe(1);
  });

  it('a malformed chunk → ProviderFailed', async () => {
    fake.script({ kind: 'text', text: 'abc', fragments: 1, end: 'malformed' });
    await expect(collect(request())).rejects.toBeInstanceOf(ProviderFailed);
  });

  it('a provider that never answers → ProviderTimeout, and the request is closed', async () => {
    fake.script({ kind: 'hang' });
    const started = performance.now();
    await expect(collect(request(), engine({ timeoutMs: 300 }))).rejects.toBeInstanceOf(ProviderTimeout);
    expect(performance.now() - started).toBeLessThan(2000);
    await fake.waitFor(() => fake.chats()[0]?.aborted === true);
  });

  it('a provider that stalls mid-answer → ProviderTimeout when an idle timeout is set', async () => {
    fake.script({ kind: 'text', text: 'abc', fragments: 3, intervalMs: 400 });
    const e = createOpenAiEngine(config(), MODEL, { idleTimeoutMs: 100 });
    await expect(collect(request(), e)).rejects.toBeInstanceOf(ProviderTimeout);
  });

  it('an unreachable provider → ProviderFailed', async () => {
    const url = fake.url;
    await fake.close();
    const e = createOpenAiEngine(config({ baseUrl: url }), MODEL, { retryDelayMs: () => 1 });
    await expect(collect(request(), e)).rejects.toBeInstanceOf(ProviderFailed);
    fake = await startFakeProvider();
  });

  it('the client going away aborts the provider request within 100 ms', async () => {
    fake.script({ kind: 'text', text: 'x'.repeat(200), fragments: 200, intervalMs: 5 });
    const client = new AbortController();
    let abortedAt = 0;
    const fragments: string[] = [];
    const answer = engine().answer(request({ signal: client.signal }), (f) => {
      fragments.push(f);
      if (fragments.length === 3) {
        abortedAt = performance.now();
        client.abort();
      }
    });
    const err = await answer.catch((e: unknown) => e);
    const settledAt = performance.now();
    expect((err as Error).name).toBe('AbortError');
    expect(settledAt - abortedAt).toBeLessThan(100);
    await fake.waitFor(() => fake.chats()[0]?.closedAt != null, 1000);
    const chat = fake.chats()[0];
    expect(chat?.aborted).toBe(true);
    expect((chat?.closedAt ?? Infinity) - abortedAt).toBeLessThan(100);
    expect(fragments.length).toBeLessThan(200);
  });
});

describe('openai-compatible engine: available()', () => {
  it('is true when the provider answers /models and false once it is gone', async () => {
    const e = createOpenAiEngine(config(), MODEL, { availabilityTtlMs: 0 });
    expect(await e.available()).toBe(true);
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === '/v1/models')).toBe(true);
    await fake.close();
    expect(await e.available()).toBe(false);
    fake = await startFakeProvider();
  });

  it('caches the answer', async () => {
    const e = createOpenAiEngine(config(), MODEL);
    expect(await e.available()).toBe(true);
    expect(await e.available()).toBe(true);
    expect(fake.requests.filter((r) => r.path === '/v1/models').length).toBe(1);
  });

  it('is false without a base URL', async () => {
    expect(await createOpenAiEngine(config({ baseUrl: null }), MODEL).available()).toBe(false);
  });
});
