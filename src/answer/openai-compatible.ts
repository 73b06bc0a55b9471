// The answer engine for OpenAI-compatible providers (DESIGN §3.5): system prompt + the
// session's recent history + the question, the listing tools, and the answer streamed to
// onText as the provider sends it. The chat-completions calls go through openai/ (a lean
// relay: README "Departures from DESIGN.md" says why it replaced the AI SDK); at most MAX_STEPS
// calls per answer, each one after the tools the previous one asked for have run.
//
// Failure rules:
// - 429, 5xx and connection failures are retried only while nothing has been passed to
//   onText: once a fragment went out, the visitor has seen it and a second answer would
//   contradict it. A retry repeats one call, never the tools before it (talk_to_human
//   records a lead).
// - config.openai.timeoutMs bounds the whole answer → ProviderTimeout.
// - req.signal (the client went away) aborts the provider call at once and rejects with
//   the signal's reason.
// - Media questions (media/user-message.ts) are prepared inside the same timeout and abort;
//   transcription requests share the retry rule.
import type { Config, ModelEntry } from '../config.ts';
import { DomainError, ProviderFailed, ProviderTimeout } from '../errors.ts';
import type { Listing } from '../listings/columns.ts';
import type { AnswerEngine, AnswerOutcome, AnswerRequest } from './engine.ts';
import { historyWithin } from './history.ts';
import { transcribe } from './media/transcribe.ts';
import { userMessage } from './media/user-message.ts';
import { namedListings, recordingSearch } from './named-listings.ts';
import {
  type ChatTarget,
  isObject,
  ProviderStatus,
  ProviderStream,
  ProviderUnreachable,
  providerUrl,
} from './openai/chat-completions.ts';
import { type StepResult, streamStep } from './openai/step.ts';
import type { ToolCall, WireMessage } from './openai/wire.ts';
import { systemPrompt } from './prompt.ts';
import type { AvailabilityProbe } from './registry.ts';
import { runTool, TOOL_DEFINITIONS } from './tools.ts';

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

/**
 * A tool call as it goes back to the provider in the history. Arguments that are not a JSON
 * object (cut off, invalid) go back as `{}`: several providers parse them and refuse the whole
 * request otherwise; the tool's answer already tells the model what was wrong.
 */
function replayable(call: ToolCall): ToolCall {
  let args: unknown;
  try {
    args = JSON.parse(call.function.arguments);
  } catch {
    args = undefined;
  }
  return isObject(args) ? call : { ...call, function: { ...call.function, arguments: '{}' } };
}

const retryable = (e: unknown) =>
  e instanceof ProviderUnreachable || (e instanceof ProviderStatus && (e.status === 429 || e.status >= 500));

/** A typed error with the provider's status and message; never the API key. */
export function providerError(e: unknown, apiKey: string): DomainError {
  if (e instanceof DomainError) return e;
  // Only a real key is scrubbed: a one-letter test key would mangle every message.
  const scrub = (s: string) => (apiKey.length >= 8 ? s.split(apiKey).join('[redacted]') : s);
  const known = e instanceof ProviderStatus || e instanceof ProviderStream || e instanceof ProviderUnreachable;
  const err = e instanceof Error ? e : new Error(String(e));
  return new ProviderFailed(short(scrub(known ? err.message : `the model provider failed: ${err.message}`)));
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
    const baseUrl = openai.baseUrl;
    if (!baseUrl) throw new ProviderFailed('no model provider is configured (OPENAI_BASE_URL)');
    const target: ChatTarget = { baseUrl, apiKey: openai.apiKey };
    let emitted = false;
    let blank = true;
    const mayRetry = () => !emitted && !signal.aborted;
    // Media become text and image parts first (transcripts, video frames): inside the
    // answer's timeout and abort, and before the first chat request.
    const user = await userMessage(req, {
      ffmpegPath: deps.ffmpegPath ?? 'ffmpeg',
      signal,
      transcribe: (wav, fileName) =>
        transcribe(wav, fileName, {
          baseUrl,
          apiKey: openai.apiKey,
          model: openai.transcriptionModel,
          fetch: retryingFetch(baseFetch, openai.maxRetries, delay, mayRetry, signal),
          signal,
        }),
    });
    const messages: WireMessage[] = [
      { role: 'system', content: systemPrompt(req.chatbot.settings, req.now) },
      ...historyWithin(req.history, openai.historyTokens),
      user,
    ];
    const said: string[] = [];
    const emit = (fragment: string) => {
      emitted = true;
      blank &&= fragment.trim() === '';
      said.push(fragment);
      onText(fragment);
    };
    // Every listing the tools hand the model; the answer's cards are those its text names.
    const returned = new Map<number, Listing>();
    const toolReq: AnswerRequest = { ...req, listings: recordingSearch(req.listings, returned) };
    const usage = { promptTokens: 0, completionTokens: 0 };
    // Providers report usage on every call or on none; summed over the steps that had it.
    let counted = false;
    for (let step = 1; step <= MAX_STEPS; step++) {
      const body = {
        model: model.name,
        messages,
        tools: TOOL_DEFINITIONS,
        // The last step must answer in words: no step follows to read a tool's result.
        ...(step === MAX_STEPS ? { tool_choice: 'none' } : {}),
        temperature: req.chatbot.settings.Temperature,
        stream: true,
        stream_options: { include_usage: true },
      };
      let result: StepResult;
      for (let attempt = 1; ; attempt++) {
        try {
          result = await streamStep(target, body, signal, emit, touch);
          break;
        } catch (e) {
          if (!retryable(e) || attempt > openai.maxRetries || !mayRetry()) throw e;
          await sleep(delay(attempt), signal);
          signal.throwIfAborted();
        }
      }
      if (result.usage) {
        usage.promptTokens += result.usage.promptTokens;
        usage.completionTokens += result.usage.completionTokens;
        counted = true;
      }
      // A last step that calls a tool anyway (tool_choice ignored) ends the answer there.
      if (!result.toolCalls.length || step === MAX_STEPS) break;
      messages.push({ role: 'assistant', content: result.text || null, tool_calls: result.toolCalls.map(replayable) });
      for (const call of result.toolCalls) {
        const content = await runTool(toolReq, call.function.name, call.function.arguments);
        signal.throwIfAborted();
        messages.push({ role: 'tool', tool_call_id: call.id, content });
      }
    }
    const shown = namedListings(said.join(''), returned.values());
    const outcome: AnswerOutcome = { noAnswer: blank, ...(shown.length ? { listings: shown } : {}) };
    return counted ? { ...outcome, usage } : outcome;
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
        ? baseFetch(providerUrl(base, 'models'), {
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
