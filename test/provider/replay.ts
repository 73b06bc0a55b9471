// Runs a recorded provider stream (test/provider/fixtures) through ClientAsk, as JSON or
// streamed in the platform's framing, with the fixture written whole or in slices of a few
// bytes, and gathers what a test asserts: the answer the visitor got, totalToken, the cards,
// the stored message, the error (envelope or error frame) and the chat requests the provider
// received for this answer.

import { type ChatbotSession, chatbotWithSession, createListing, listingBody } from '../factories.ts';
import type { RecordedRequest, Script } from '../fake-provider.ts';
import { call } from '../harness.ts';
import { readStream } from '../stream-client.ts';
import { fixtureBytes } from './fixtures/index.ts';
import type { ProviderApp } from './provider-app.ts';

/** The catalogue the dialect tests run with: each model's family picks its options. */
export const DIALECT_MODELS: Record<string, string> = {
  openai: '2=gpt-4o-mini',
  deepseek: '3=deepseek-reasoner',
  deepseekNoReasoning: '4=deepseek-reasoner;passReasoning=false',
  magistral: '5=magistral-medium-latest',
  mistral: '6=mistral-large-latest',
  groq: '7=qwen/qwen3-32b',
  xai: '8=grok-3-mini',
  openrouter: '9=anthropic/claude-sonnet-4',
  ollama: '10=qwen3:8b',
  vllm: '11=Qwen/Qwen3-8B',
  llamacpp: '12=llama-3.2-3b-instruct',
  anthropic: '13=claude-sonnet-4-5',
  alibaba: '14=qwen-plus',
};
export const MODELS_ENV = Object.values(DIALECT_MODELS).join(',');
export const keyOf = (model: string) => (DIALECT_MODELS[model] ?? '').split('=')[0] ?? '';

/** The listing the fixtures' tool calls find and their answers name. */
export const LISTING = {
  MLSNumber: 'ATX-24017',
  Address: '1208 Barton Hills Dr',
  City: 'Austin',
  SalePrice: 525000,
  Bedrooms: 4,
  Bathrooms: 3,
  Url: 'https://homes.example.com/atx-24017',
};

export type Mode = 'json' | 'stream';

export interface RunOptions {
  model: string;
  mode: Mode;
  /** The fixture's files, replayed in order (ignored when `script` is given). */
  files?: string[];
  script?: Script[];
  /** Slices of 1 to this many bytes; whole when absent. */
  sliceBytes?: number;
  settings?: Record<string, unknown>;
  question?: string;
  /** Runs after the chatbot and its listing are made, before the question (availability, bookings). */
  prepare?: (s: ChatbotSession) => Promise<void>;
}

export interface Run {
  /** What the visitor got: Data.content, or the streamed fragments joined. */
  answer: string;
  totalToken: number | null;
  /** MLS numbers of the answer's cards. */
  cards: string[];
  /** The stored answer (GetMessages). */
  stored: { Content: string; Status: string; NoAnswer: boolean; TotalToken: number } | undefined;
  /** The envelope's or the error frame's Code and Message. */
  error: { code: number; message: string } | null;
  /** Content frames before the end (stream mode). */
  fragments: number;
  requests: RecordedRequest[];
  /** The answer's Tour card (Data.Tour or the final frame's), when it has one. */
  tour: unknown;
  session: ChatbotSession;
}

/** The replay behaviours of a fixture's files. */
export function replays(files: string[], sliceBytes?: number): Script[] {
  return files.map((f) => ({ kind: 'replay' as const, body: fixtureBytes(f), sliceBytes }));
}

interface Card {
  MLSNumber: string;
}

export async function runFixture(p: ProviderApp, o: RunOptions): Promise<Run> {
  const s = await chatbotWithSession(p, { Model: keyOf(o.model), ...o.settings });
  await createListing(p.app, s.ws.auth, listingBody(s.serial, LISTING));
  await o.prepare?.(s);
  const from = p.fake.requests.length;
  p.fake.script(...(o.script ?? replays(o.files ?? [], o.sliceBytes)));
  const body = { sessionID: s.sessionId, content: o.question ?? 'Any homes in Austin under $600k?' };
  const url = `${p.url}/chat/Chat/ClientAsk`;
  let run: Omit<Run, 'stored' | 'requests' | 'session'>;
  if (o.mode === 'json') {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...s.ws.auth },
      body: JSON.stringify(body),
    });
    const env = (await res.json()) as {
      Success: boolean;
      Code: number;
      Message: string;
      Data: { content: string; totalToken: number; Listings: Card[]; Tour?: unknown } | null;
    };
    run = {
      answer: env.Data?.content ?? '',
      totalToken: env.Data?.totalToken ?? null,
      cards: (env.Data?.Listings ?? []).map((c) => c.MLSNumber),
      error: env.Success ? null : { code: env.Code, message: env.Message },
      fragments: 0,
      tour: env.Data?.Tour,
    };
  } else {
    const r = await readStream(url, { ...body, stream: true }, s.ws.auth);
    const last = r.frames.at(-1);
    const failed = r.envelope ?? (last?.Success === false ? last : undefined);
    run = {
      answer: r.platform?.text ?? '',
      totalToken: typeof last?.TotalToken === 'number' ? last.TotalToken : null,
      cards: ((last?.Listings as Card[] | undefined) ?? []).map((c) => c.MLSNumber),
      error: failed ? { code: Number(failed.Code), message: String(failed.Message) } : null,
      fragments: r.frames.filter((f) => f.content !== undefined).length,
      tour: last?.Tour,
    };
    if (!failed && last?.Answer !== run.answer) throw new Error('the final frame’s Answer differs from the fragments');
  }
  const messages = await call<{ List: (NonNullable<Run['stored']> & { Role: string })[] }>(
    p.app,
    '/chat/Chat/GetMessages',
    { sessionID: s.sessionId },
    s.ws.auth,
  );
  const stored = messages.List.find((m) => m.Role === 'assistant');
  const requests = p.fake.requests.slice(from).filter((r) => r.path.endsWith('/chat/completions'));
  return { ...run, stored, requests, session: s };
}

/** The messages of a chat request. */
export const messagesOf = (r: RecordedRequest | undefined) => r?.body?.messages ?? [];
