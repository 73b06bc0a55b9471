// A deterministic answer engine for chat tests: answers scripted fragments, optionally
// paced, failing, or waiting for the abort signal; records what it was asked.
import type { AnswerEngine, AnswerOutcome, AnswerRequest } from '../src/answer/engine.ts';
import { ProviderFailed } from '../src/errors.ts';

export interface FakeEngineScript {
  fragments?: string[];
  /** Milliseconds between fragments. */
  paceMs?: number;
  /** Throw after this many fragments (0 = before any). */
  failAfter?: number;
  failWith?: Error;
  noAnswer?: boolean;
  usage?: AnswerOutcome['usage'];
  /** The listings the answer shows, looked up through the request's own listing search. */
  listings?: (req: AnswerRequest) => Promise<AnswerOutcome['listings']>;
  /** The answer's Tour card, made through the request's own TourDesk. */
  tour?: (req: AnswerRequest) => Promise<AnswerOutcome['tour']>;
}

export interface FakeEngine extends AnswerEngine {
  requests: AnswerRequest[];
  aborted: number;
  script: FakeEngineScript;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export function fakeEngine(script: FakeEngineScript = {}): FakeEngine {
  const engine: FakeEngine = {
    name: 'fake',
    requests: [],
    aborted: 0,
    script,
    async answer(req, onText) {
      engine.requests.push(req);
      const s = engine.script;
      const fragments = s.fragments ?? ['Hello', ', ', 'world', '.'];
      for (let i = 0; i < fragments.length; i++) {
        if (s.failAfter === i) throw s.failWith ?? new ProviderFailed('the model provider failed (HTTP 500)');
        if (req.signal.aborted) {
          engine.aborted++;
          return { noAnswer: false };
        }
        onText(fragments[i] ?? '');
        if (s.paceMs) await sleep(s.paceMs, req.signal);
      }
      if (s.failAfter !== undefined && s.failAfter >= fragments.length) {
        throw s.failWith ?? new ProviderFailed('the model provider failed (HTTP 500)');
      }
      if (req.signal.aborted) engine.aborted++;
      const tour = await s.tour?.(req);
      return {
        noAnswer: s.noAnswer ?? false,
        usage: s.usage,
        listings: await s.listings?.(req),
        ...(tour ? { tour } : {}),
      };
    },
  };
  return engine;
}
