// The answer engine for OpenAI-compatible providers (docs/api.md "Answers"): system prompt + the
// session's recent history + the question, the listing tools, and the answer streamed to
// onText as the provider sends it. The chat-completions calls go through openai/ (a lean
// relay: docs/design-departures.md says why it replaced the AI SDK); at most MAX_STEPS
// calls per answer, each one after the tools the previous one asked for have run.
//
// The model's options (config-models.ts, with its family's defaults: openai/models.ts) shape
// each request: temperature or not, the output limit's name, reasoning passed back within
// the tool loop (DeepSeek), vision, and the context window the history must fit.
//
// Failure rules:
// - 429, 5xx and connection failures are retried only while nothing has been passed to
//   onText: once a fragment went out, the visitor has seen it and a second answer would
//   contradict it. A retry repeats one call, never the tools before it (talk_to_human
//   records a lead). A Retry-After is waited out within a bound (openai/retry.ts).
// - config.openai.timeoutMs bounds the whole answer → ProviderTimeout.
// - req.signal (the client went away) aborts the provider call at once and rejects with
//   the signal's reason.
// - Media questions (media/user-message.ts) are prepared inside the same timeout and abort;
//   transcription requests share the retry rule.
import type { Config, ModelEntry } from '../config.ts';
import { DomainError, NotSupported, ProviderFailed, ProviderTimeout } from '../errors.ts';
import type { Listing } from '../listings/index.ts';
import type { AnswerEngine, AnswerOutcome, AnswerRequest } from './engine.ts';
import { historyWithin } from './history.ts';
import { transcribe } from './media/transcribe.ts';
import { userMessage } from './media/user-message.ts';
import { namedListings, recordingSearch } from './named-listings.ts';
import { modelOptions } from './openai/models.ts';
import { cutOffNote } from './openai/notes.ts';
import { availabilityProbe } from './openai/probe.ts';
import {
  authHeaders,
  type ChatTarget,
  ProviderStatus,
  ProviderStream,
  ProviderUnreachable,
} from './openai/provider.ts';
import { chatBody, historyTokensFor } from './openai/request.ts';
import { defaultDelay, RetryClock, retryable, retryingFetch, sleep } from './openai/retry.ts';
import { type StepResult, streamStep } from './openai/step.ts';
import { assistantTurn, paragraphBreak } from './openai/turns.ts';
import type { WireMessage } from './openai/wire.ts';
import { systemPrompt } from './prompt.ts';
import type { AvailabilityProbe } from './registry.ts';
import { runTool } from './tools.ts';
import { recordingDesk } from './tour-tools.ts';

export type OpenAiConfig = Config['openai'];

export interface OpenAiEngineDeps {
  fetch?: typeof fetch;
  /** Pause before retry number `attempt` (1-based) when the provider gives no Retry-After; tests pass () => 0. */
  retryDelayMs?: (attempt: number) => number;
  /** The most one answer waits in total on Retry-After (default openai/retry.ts RETRY_AFTER_LIMIT_MS). */
  retryAfterLimitMs?: number;
  /** Longest silence between two parts of the answer (default: only the total timeout). */
  idleTimeoutMs?: number;
  /** How long an availability answer is reused (default 30 s). */
  availabilityTtlMs?: number;
  /** The ffmpeg binary for video questions (media/ffmpeg-binary.ts); null or absent: video answers 501. */
  ffmpegPath?: string | null;
}

/** Tool round trips before the model must answer: search, then details, then the answer. */
const MAX_STEPS = 5;

const short = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…` : s);

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
  const available = availabilityProbe(
    openai.baseUrl,
    authHeaders(openai.apiKey, openai.keyHeader),
    baseFetch,
    deps.availabilityTtlMs ?? 30_000,
  );
  const options = modelOptions(model.name, model.options);

  async function run(req: AnswerRequest, onText: (fragment: string) => void, signal: AbortSignal, touch: () => void) {
    const baseUrl = openai.baseUrl;
    if (!baseUrl) throw new ProviderFailed('no model provider is configured (OPENAI_BASE_URL)');
    const { askType } = req.question;
    if (!options.vision && (askType === 'Image' || askType === 'Video')) {
      throw new NotSupported(
        `${askType} questions need a model that reads images; ${model.name} does not (PARLOR_MODELS vision)`,
      );
    }
    const target: ChatTarget = { baseUrl, apiKey: openai.apiKey, keyHeader: openai.keyHeader };
    const clock = new RetryClock(delay, deps.retryAfterLimitMs);
    let emitted = false;
    let blank = true;
    const mayRetry = () => !emitted && !signal.aborted;
    // Media become text and image parts first (transcripts, video frames): inside the
    // answer's timeout and abort, and before the first chat request.
    const user = await userMessage(req, {
      ffmpegPath: deps.ffmpegPath ?? null,
      signal,
      transcribe: (wav, fileName) =>
        transcribe(wav, fileName, {
          baseUrl,
          apiKey: openai.apiKey,
          keyHeader: openai.keyHeader,
          model: openai.transcriptionModel,
          fetch: retryingFetch(baseFetch, openai.maxRetries, clock, mayRetry, signal),
          signal,
        }),
    });
    const system = systemPrompt(req.chatbot.settings, req.now);
    const history = req.history.length
      ? historyWithin(req.history, historyTokensFor(openai.historyTokens, system, user, options))
      : [];
    const messages: WireMessage[] = [{ role: 'system', content: system }, ...history, user];
    const said: string[] = [];
    // Set between steps: the next step's text starts a new paragraph.
    let newParagraph = false;
    const emit = (fragment: string) => {
      if (newParagraph) {
        // Blank fragments at a paragraph's start are dropped; the break itself goes first.
        if (fragment.trim() === '') return;
        newParagraph = false;
        const gap = paragraphBreak(said[said.length - 1] ?? '', fragment);
        if (gap) {
          said.push(gap);
          onText(gap);
        }
      }
      emitted = true;
      blank &&= fragment.trim() === '';
      said.push(fragment);
      onText(fragment);
    };
    // Every listing the tools hand the model; the answer's cards are those its text names.
    const returned = new Map<number, Listing>();
    // And the showing slots they offered or the showing they booked: the answer's Tour card.
    const tours = req.tours ? recordingDesk(req.tours) : null;
    const toolReq: AnswerRequest = {
      ...req,
      listings: recordingSearch(req.listings, returned),
      ...(tours ? { tours: tours.desk } : {}),
    };
    const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
    // Providers report usage on every call or on none; summed over the steps that had it.
    let counted = false;
    let truncated = false;
    let refused = false;
    for (let step = 1; step <= MAX_STEPS; step++) {
      const body = chatBody(model.name, options, messages, req.chatbot.settings.Temperature, step === MAX_STEPS);
      let result: StepResult;
      for (let attempt = 1; ; attempt++) {
        try {
          result = await streamStep(target, body, signal, emit, touch);
          break;
        } catch (e) {
          if (!retryable(e) || attempt > openai.maxRetries || !mayRetry()) throw e;
          const pause = clock.pauseFor(attempt, e);
          if (pause === null) throw e;
          await sleep(pause, signal);
          signal.throwIfAborted();
        }
      }
      if (result.usage) {
        usage.promptTokens += result.usage.promptTokens;
        usage.completionTokens += result.usage.completionTokens;
        usage.totalTokens += result.usage.totalTokens;
        counted = true;
      }
      refused ||= result.refused;
      // Cut off at the length limit, maybe inside a tool call's arguments: the answer ends here.
      if (result.finishReason === 'length') {
        truncated = true;
        break;
      }
      // A last step that calls a tool anyway (tool_choice ignored) ends the answer there.
      if (!result.toolCalls.length || step === MAX_STEPS) break;
      messages.push(assistantTurn(result, options.passReasoning));
      for (const call of result.toolCalls) {
        const content = await runTool(toolReq, call.function.name, call.function.arguments);
        signal.throwIfAborted();
        messages.push({ role: 'tool', tool_call_id: call.id, content });
      }
      newParagraph = !blank;
    }
    const shown = namedListings(said.join(''), returned.values());
    const tour = tours?.card();
    const outcome: AnswerOutcome = {
      ...(tour ? { tour } : {}),
      noAnswer: blank || refused,
      ...(truncated ? { truncated } : {}),
      ...(refused ? { refused } : {}),
      ...(shown.length ? { listings: shown } : {}),
    };
    if (truncated) {
      newParagraph = !blank;
      emit(cutOffNote(req.chatbot.settings.AIResponseLanguage, req.question.content));
    }
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
      // Rejects as soon as the call is aborted, however long the call takes to wind down.
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
    available,
  };
}
