// Provider dialects that call tools: each recorded exchange of
// test/provider/fixtures (`*.1.sse` calls the tools, `*.2.sse` answers) through ClientAsk,
// JSON and streamed, whole and in slices of 1-5 bytes. Asserted: the exact answer, the tools
// run with the provider's IDs and arguments, the tool results and the assistant turn sent
// back in the follow-up request, totalToken summed over both steps, and the stored status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, Script } from '../fake-provider.ts';
import { DEEPSEEK_400, FIXTURES, fixtureBytes } from './fixtures/index.ts';
import { type ProviderApp, providerApp } from './provider-app.ts';
import { LISTING, MODELS_ENV, type Mode, messagesOf, replays, runFixture } from './replay.ts';

const VARIANTS: { mode: Mode; sliceBytes?: number; label: string }[] = [
  { mode: 'json', label: 'JSON, whole' },
  { mode: 'json', sliceBytes: 5, label: 'JSON, in slices' },
  { mode: 'stream', label: 'streamed, whole' },
  { mode: 'stream', sliceBytes: 5, label: 'streamed, in slices' },
];

const LISTING_TEXT =
  'Here is one home in Austin within your budget: 1208 Barton Hills Dr — $525,000, 4 bd · 3 ba, MLS ATX-24017, ' +
  'https://homes.example.com/atx-24017. It’s close to cafés and Zilker Park 🌳.';
const SEARCH_AUSTIN = '{"city": "Austin", "maxPrice": 600000}';

let p: ProviderApp;
beforeAll(async () => {
  p = await providerApp({ PARLOR_MODELS: MODELS_ENV });
});
afterAll(() => p.close());

/** DeepSeek's server: the follow-up must carry the tool-calling turn's reasoning_content, else 400. */
function deepseek(sliceBytes?: number): Script[] {
  const [first, second] = replays(FIXTURES.deepseekTools.files, sliceBytes);
  if (!first || !second) throw new Error('fixture files missing');
  return [
    first,
    (req) => {
      const turn = (req.body?.messages ?? []).find((m) => m.role === 'assistant' && m.tool_calls);
      if (typeof (turn as { reasoning_content?: unknown } | undefined)?.reasoning_content === 'string') {
        return typeof second === 'function' ? second(req) : second;
      }
      return {
        kind: 'replay',
        status: 400,
        headers: { 'content-type': 'application/json' },
        body: fixtureBytes(DEEPSEEK_400),
      };
    },
  ];
}

interface ToolCase {
  name: string;
  model: string;
  files?: string[];
  script?: (sliceBytes?: number) => Script[];
  answer: string;
  totalToken: number;
  /** The follow-up request's assistant turn, exactly. */
  turn: ChatMessage & { reasoning_content?: string };
}

const call = (id: string, name: string, args: string) => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

const CASES: ToolCase[] = [
  {
    name: 'OpenAI: parallel calls split over many chunks',
    model: 'openai',
    files: FIXTURES.openaiTools.files,
    answer: LISTING_TEXT,
    totalToken: 1155 + 1751,
    turn: {
      role: 'assistant',
      content: null,
      tool_calls: [
        call('call_Vx3kP9sQ2mTb7Lw', 'search_listings', '{"city":"Austin","maxPrice":600000}'),
        call('call_N4rT8wLq1zYc5Hd', 'get_listing', '{"mlsNumber":"ATX-24017"}'),
      ],
    },
  },
  {
    name: 'DeepSeek thinking mode: reasoning_content passed back with the tool call',
    model: 'deepseek',
    script: deepseek,
    answer: LISTING_TEXT,
    totalToken: 1210 + 88 + 1634 + 97,
    turn: {
      role: 'assistant',
      content: null,
      tool_calls: [call('call_00_kX2mW9pQ4rT7vB1nY5zL', 'search_listings', '{"city":"Austin","maxPrice":600000}')],
      reasoning_content:
        'The visitor wants a home in Austin under $600k. I should call search_listings with city Austin and maxPrice 600000.',
    },
  },
  {
    name: 'Mistral: two whole calls without index',
    model: 'mistral',
    files: FIXTURES.mistralTools.files,
    answer: LISTING_TEXT,
    totalToken: 1236 + 1765,
    turn: {
      role: 'assistant',
      content: null,
      tool_calls: [
        call('D681PevKs', 'search_listings', SEARCH_AUSTIN),
        call('p3Tj8xQvR', 'get_listing', '{"mlsNumber": "ATX-24017"}'),
      ],
    },
  },
  {
    name: 'Ollama: the call whole in one chunk, reasoning kept out',
    model: 'ollama',
    files: FIXTURES.ollamaTools.files,
    answer: LISTING_TEXT,
    totalToken: 1413 + 1780,
    turn: {
      role: 'assistant',
      content: null,
      tool_calls: [call('call_k2v8x1qz', 'search_listings', '{"city":"Austin","maxPrice":600000}')],
    },
  },
  {
    name: 'Anthropic (OpenAI-compatible): text, a call, more text as a new paragraph',
    model: 'anthropic',
    files: FIXTURES.anthropicTools.files,
    answer: `I’ll search our Austin listings for you.\n\n${LISTING_TEXT}`,
    totalToken: 1479 + 1877,
    turn: {
      role: 'assistant',
      content: 'I’ll search our Austin listings for you.',
      tool_calls: [call('toolu_01A09q90qw90lq917835lq9', 'search_listings', SEARCH_AUSTIN)],
    },
  },
  {
    name: 'Alibaba: repeated empty IDs after the first',
    model: 'alibaba',
    files: FIXTURES.alibabaTools.files,
    answer: LISTING_TEXT,
    totalToken: 1280 + 1671,
    turn: {
      role: 'assistant',
      content: null,
      tool_calls: [call('call_8f08d2b0fc0c4d8fab7123', 'search_listings', SEARCH_AUSTIN)],
    },
  },
];

/** A tool result as the model read it. */
const parsed = (m: ChatMessage | undefined) => JSON.parse(String(m?.content)) as Record<string, unknown>;

describe.each(CASES)('$name', (c) => {
  it.each(VARIANTS)('$label', async ({ mode, sliceBytes }) => {
    const r = await runFixture(p, { model: c.model, mode, sliceBytes, files: c.files, script: c.script?.(sliceBytes) });
    expect(r.error).toBeNull();
    expect(r.answer).toBe(c.answer);
    expect(r.totalToken).toBe(c.totalToken);
    expect(r.cards).toEqual([LISTING.MLSNumber]);
    expect(r.stored).toMatchObject({
      Content: c.answer,
      Status: 'complete',
      NoAnswer: false,
      TotalToken: c.totalToken,
    });
    expect(r.requests).toHaveLength(2);

    // The follow-up request: the question's messages, the assistant turn, one tool result per call, in order.
    const first = messagesOf(r.requests[0]);
    const followUp = messagesOf(r.requests[1]);
    expect(followUp.slice(0, first.length)).toEqual(first);
    const [turn, ...results] = followUp.slice(first.length);
    expect(turn).toEqual(c.turn);
    const calls = c.turn.tool_calls as { id: string; function: { name: string } }[];
    expect(results.map((m) => [m.role, m.tool_call_id])).toEqual(calls.map((k) => ['tool', k.id]));
    calls.forEach((k, i) => {
      const out = parsed(results[i]);
      if (k.function.name === 'search_listings') {
        expect(out.total).toBe(1);
        expect((out.listings as { MLSNumber: string; Price: string }[])[0]).toMatchObject({
          MLSNumber: LISTING.MLSNumber,
          Price: '$525,000',
        });
      } else {
        expect(out).toMatchObject({ found: true, listing: { MLSNumber: LISTING.MLSNumber } });
      }
    });
  });
});

describe('DeepSeek with passReasoning=false in the catalogue', () => {
  it.each(VARIANTS)(
    'gets the documented 400 back, answered as a 502 naming it ($label)',
    async ({ mode, sliceBytes }) => {
      const r = await runFixture(p, { model: 'deepseekNoReasoning', mode, sliceBytes, script: deepseek(sliceBytes) });
      expect(r.error).toEqual({
        code: 502,
        message:
          'the model provider answered HTTP 400: The reasoning_content in the thinking mode must be passed back to the API.',
      });
      expect(r.requests).toHaveLength(2);
      const turn = messagesOf(r.requests[1]).find((m) => m.role === 'assistant');
      expect(turn).not.toHaveProperty('reasoning_content');
      expect(r.stored).toMatchObject({ Status: 'failed', Content: '' });
    },
  );
});
