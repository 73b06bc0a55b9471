// The answer engine for OpenAI-compatible providers (DESIGN §3.5), through the AI SDK:
// system prompt + the session's recent history + the question, the listing tools, and the
// answer streamed to onText as the provider sends it.
//
// Failure rules, made explicit here rather than left to SDK defaults:
// - 429 and 5xx are retried only while nothing has been passed to onText: once a fragment
//   went out, the visitor has seen it and a second answer would contradict it. The retry
//   sits around each HTTP call (retryingFetch), so a retried tool-loop step does not run
//   the tools again (talk_to_human records a lead).
// - config.openai.timeoutMs bounds the whole answer → ProviderTimeout.
// - req.signal (the client went away) aborts the provider call at once and rejects with
//   the signal's reason without waiting for the SDK to wind down.
// - Media questions (media/user-message.ts) are prepared inside the same timeout and abort;
//   transcription requests share the retry rule.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, JSONParseError, type ModelMessage, stepCountIs, streamText, TypeValidationError } from 'ai';
import type { Config, ModelEntry } from '../config.ts';
import { DomainError, ProviderFailed, ProviderTimeout } from '../errors.ts';
import type { AnswerEngine, AnswerOutcome, AnswerRequest } from './engine.ts';
import { historyWithin } from './history.ts';
import { transcribe } from './media/transcribe.ts';
import { userMessage } from './media/user-message.ts';
import { systemPrompt } from './prompt.ts';
import type { AvailabilityProbe } from './registry.ts';
import { listingTools } from './tools.ts';

export type OpenAiConfig = Config['openai'];

export interface OpenAiEngineDeps {
  fetch?: typeof fetch;
  /** Pause before retry number `attempt` (1-based); tests pass () => 0. */
  retryDelayMs?: (attempt: number) => number;
  /** Longest silence between two parts of the answer (default: only the total timeout). */
  idleTimeoutMs?: number;
  /** How long an availability answer is reused (default 30 s). */
  availabilityTtlMs?: number;
  /** The ffmpeg binary for video questions (config.media.ffmpegPath; default `ffmpeg`). */
  ffmpegPath?: string;
}

/** Tool round trips before the model must answer: search, then details, then the answer. */
const MAX_STEPS = 5;
const AVAILABILITY_TIMEOUT_MS = 2000;

const defaultDelay = (attempt: number) => Math.min(2000, 250 * 2 ** (attempt - 1));

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function retryingFetch(
  base: typeof fetch,
  retries: number,
  delay: (attempt: number) => number,
  mayRetry: () => boolean,
  signal: AbortSignal,
): typeof fetch {
  return async (input, init) => {
    for (let attempt = 1; ; attempt++) {
      const res = await base(input, init);
      const retryable = res.status === 429 || res.status >= 500;
      if (!retryable || attempt > retries || !mayRetry() || signal.aborted) return res;
      await res.body?.cancel();
      await sleep(delay(attempt), signal);
    }
  };
}

const short = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…` : s);

function causeOf(e: Error): string {
  return e.cause instanceof Error ? `: ${e.cause.message}` : '';
}

/** A typed error with the provider's status and message; never the API key. */
export function providerError(e: unknown, apiKey: string): DomainError {
  if (e instanceof DomainError) return e;
  // Only a real key is scrubbed: a one-letter test key would mangle every message.
  const scrub = (s: string) => (apiKey.length >= 8 ? s.split(apiKey).join('[redacted]') : s);
  let message: string;
  if (APICallError.isInstance(e) && e.statusCode !== undefined && e.statusCode >= 400) {
    message = `the model provider answered HTTP ${e.statusCode}: ${e.message}`;
  } else if (APICallError.isInstance(e)) {
    message = `the model provider's answer broke off: ${e.message}${causeOf(e)}`;
  } else if (JSONParseError.isInstance(e) || TypeValidationError.isInstance(e)) {
    message = `the model provider sent a malformed response: ${e.message}`;
  } else {
    const err = e instanceof Error ? e : new Error(String(e));
    message = `the model provider failed: ${err.message}${causeOf(err)}`;
  }
  return new ProviderFailed(short(scrub(message)));
}

export function createOpenAiEngine(
  openai: OpenAiConfig,
  model: ModelEntry,
  deps: OpenAiEngineDeps = {},
): AnswerEngine & AvailabilityProbe {
  const baseFetch = deps.fetch ?? fetch;
  const delay = deps.retryDelayMs ?? defaultDelay;
  const ttl = deps.availabilityTtlMs ?? 30_000;
  const authHeaders: Record<string, string> = openai.apiKey ? { authorization: `Bearer ${openai.apiKey}` } : {};
  let probe: { at: number; value: Promise<boolean> } | undefined;

  async function run(req: AnswerRequest, onText: (fragment: string) => void, signal: AbortSignal, touch: () => void) {
    const baseURL = openai.baseUrl;
    if (!baseURL) throw new ProviderFailed('no model provider is configured (OPENAI_BASE_URL)');
    let emitted = false;
    const providerFetch = retryingFetch(baseFetch, openai.maxRetries, delay, () => !emitted, signal);
    // Media become text and image parts first (transcripts, video frames): inside the
    // answer's timeout and abort, and before the first chat request.
    const user = await userMessage(req, {
      ffmpegPath: deps.ffmpegPath ?? 'ffmpeg',
      signal,
      transcribe: (wav, fileName) =>
        transcribe(wav, fileName, {
          baseUrl: baseURL,
          apiKey: openai.apiKey,
          model: openai.transcriptionModel,
          fetch: providerFetch,
          signal,
        }),
    });
    const provider = createOpenAICompatible({
      name: 'openai',
      baseURL,
      apiKey: openai.apiKey || undefined,
      includeUsage: true,
      fetch: providerFetch,
    });
    const history = historyWithin(req.history, openai.historyTokens);
    const result = streamText({
      model: provider(model.name),
      system: systemPrompt(req.chatbot.settings, req.now),
      messages: [...history.map((m): ModelMessage => ({ role: m.role, content: m.content })), user],
      tools: listingTools(req),
      stopWhen: stepCountIs(MAX_STEPS),
      temperature: req.chatbot.settings.Temperature,
      maxRetries: 0,
      abortSignal: signal,
      // Errors arrive as parts of fullStream and are thrown below; the default logs them.
      onError: () => {},
    });
    let text = '';
    let usage: AnswerOutcome['usage'];
    for await (const part of result.fullStream) {
      // answer() has already rejected: nothing more may reach the caller.
      if (signal.aborted) break;
      touch();
      if (part.type === 'text-delta' && part.text) {
        emitted = true;
        text += part.text;
        onText(part.text);
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'finish') {
        const { inputTokens, outputTokens } = part.totalUsage;
        if (inputTokens !== undefined && outputTokens !== undefined) {
          usage = { promptTokens: inputTokens, completionTokens: outputTokens };
        }
      }
    }
    if (signal.aborted) throw signal.reason;
    return { noAnswer: text.trim() === '', ...(usage ? { usage } : {}) };
  }

  return {
    name: 'openai',
    async answer(req, onText) {
      req.signal.throwIfAborted();
      const ctl = new AbortController();
      let timedOut = false;
      const timeout = () => {
        timedOut = true;
        ctl.abort(new ProviderTimeout());
      };
      const total = setTimeout(timeout, openai.timeoutMs);
      let idle: ReturnType<typeof setTimeout> | undefined;
      const touch = () => {
        if (deps.idleTimeoutMs === undefined) return;
        clearTimeout(idle);
        idle = setTimeout(timeout, deps.idleTimeoutMs);
      };
      const onClientAbort = () => ctl.abort(req.signal.reason);
      req.signal.addEventListener('abort', onClientAbort, { once: true });
      // Rejects as soon as the call is aborted, however long the SDK takes to wind down.
      const aborted = new Promise<never>((_, reject) => {
        ctl.signal.addEventListener('abort', () => reject(ctl.signal.reason), { once: true });
      });
      const work = run(req, onText, ctl.signal, touch);
      work.catch(() => {});
      aborted.catch(() => {});
      try {
        touch();
        return await Promise.race([work, aborted]);
      } catch (e) {
        if (timedOut) throw new ProviderTimeout();
        if (req.signal.aborted) throw req.signal.reason;
        throw providerError(e, openai.apiKey);
      } finally {
        clearTimeout(total);
        clearTimeout(idle);
        req.signal.removeEventListener('abort', onClientAbort);
        // Closes the provider connection if the stream ended early (an error part).
        ctl.abort();
      }
    },
    available() {
      const now = Date.now();
      if (probe && now - probe.at < ttl) return probe.value;
      const base = openai.baseUrl;
      const value = base
        ? baseFetch(`${base.replace(/\/+$/, '')}/models`, {
            headers: authHeaders,
            signal: AbortSignal.timeout(AVAILABILITY_TIMEOUT_MS),
          }).then(
            async (res) => {
              await res.body?.cancel();
              return res.ok;
            },
            () => false,
          )
        : Promise.resolve(false);
      probe = { at: now, value };
      return value;
    },
  };
}
