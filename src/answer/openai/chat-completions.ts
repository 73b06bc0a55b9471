// One streamed chat-completions call (POST {baseUrl}/chat/completions, `stream: true`) to an
// OpenAI-compatible provider, over node:http(s) with keep-alive connections. Each parsed
// chunk goes to onChunk as it arrives: no web streams, no per-chunk schema validation, so a
// 200-fragment answer costs the relay a few milliseconds of CPU (README, "Departures").
//
// What can go wrong is one of three errors (provider.ts), which the engine maps to
// ProviderFailed: ProviderStatus (an HTTP error answer, with the provider's message and its
// Retry-After), ProviderUnreachable (no answer at all: the connection failed), ProviderStream
// (the answer broke off, was not an event stream, carried something other than JSON objects, or
// an error object: OpenRouter and vLLM send `data: {"error": …}`, llama.cpp's server an `error:`
// field). An abort through `signal` rejects with the signal's reason, and nothing reaches
// onChunk after it.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import {
  authHeaders,
  type ChatTarget,
  errorText,
  ProviderStatus,
  ProviderStream,
  ProviderUnreachable,
  providerUrl,
  retryAfterMs,
} from './provider.ts';
import { sseParser } from './sse-parser.ts';
import type { ChatChunk } from './wire.ts';

/** How the stream ended: with `data: [DONE]`, or with the response simply ending. */
export interface StreamEnd {
  done: boolean;
}

const ERROR_BODY_LIMIT = 64 * 1024;
const agents = {
  http: new HttpAgent({ keepAlive: true }),
  https: new HttpsAgent({ keepAlive: true }),
};

function readBody(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (s: string) => {
      if (body.length < ERROR_BODY_LIMIT) body += s;
    });
    res.on('close', () => resolve(body));
    res.on('error', () => {});
  });
}

/** A 2xx answer that is a JSON document or a web page: an error or a wrong base URL, not a stream. */
const notAStream = (res: IncomingMessage) => /json|html/i.test(String(res.headers['content-type'] ?? ''));

/** A JSON object: not null, not an array, not a primitive. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function errorOf(chunk: ChatChunk): string {
  const e = chunk.error;
  if (e === undefined) return chunk.message ?? 'unknown error';
  return typeof e === 'string' ? e : (e?.message ?? JSON.stringify(e));
}

export async function streamChatCompletion(
  target: ChatTarget,
  body: object,
  signal: AbortSignal,
  onChunk: (chunk: ChatChunk) => void,
): Promise<StreamEnd> {
  try {
    return await post(target, body, signal, onChunk);
  } catch (err) {
    // A kept-alive connection the provider closed just as it was reused: nothing reached
    // it, so one more try on a new connection is safe (and not one of OPENAI_MAX_RETRIES).
    if (!(err instanceof StaleConnection)) throw err;
    return await post(target, body, signal, onChunk);
  }
}

class StaleConnection extends ProviderUnreachable {}

function post(
  target: ChatTarget,
  body: object,
  signal: AbortSignal,
  onChunk: (chunk: ChatChunk) => void,
): Promise<StreamEnd> {
  signal.throwIfAborted();
  // Dropped once sent: a thousand open answers would otherwise each keep their request body.
  let payload: string | null = JSON.stringify(body);
  const length = Buffer.byteLength(payload);
  const url = providerUrl(target.baseUrl, 'chat/completions');
  const https = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    let settled = false;
    let answered = false;
    const settle = (err: unknown, end?: StreamEnd) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(end ?? { done: false });
    };
    const req = (https ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        agent: https ? agents.https : agents.http,
        headers: {
          'content-type': 'application/json',
          'content-length': length,
          accept: 'text/event-stream',
          'user-agent': 'parlor',
          ...authHeaders(target.apiKey, target.keyHeader),
        },
      },
      (res) => {
        answered = true;
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300 || notAStream(res)) {
          readBody(res).then((text) => {
            if (status >= 200 && status < 300) {
              settle(new ProviderStream(`the model provider answered without a stream: ${errorText(text)}`));
            } else settle(new ProviderStatus(status, errorText(text), retryAfterMs(res.headers['retry-after'])));
          });
          return;
        }
        let done = false;
        const fail = (err: Error) => {
          settle(err);
          req.destroy();
        };
        const take = (data: string) => {
          if (data === '[DONE]') {
            done = true;
            return;
          }
          let chunk: unknown;
          try {
            chunk = JSON.parse(data);
          } catch {
            chunk = undefined;
          }
          if (!isObject(chunk)) {
            return fail(new ProviderStream(`the model provider sent a malformed chunk: ${data.slice(0, 100)}`));
          }
          const c = chunk as ChatChunk;
          if (c.error || c.object === 'error') {
            return fail(new ProviderStream(`the model provider reported an error: ${errorOf(c)}`));
          }
          onChunk(c);
        };
        const feed = sseParser(
          (data) => {
            // settled: failed, or aborted (also by onChunk itself): nothing more goes out.
            if (done || settled) return;
            try {
              take(data);
            } catch (err) {
              fail(err instanceof Error ? err : new Error(String(err)));
            }
          },
          (data) => {
            if (settled) return;
            let message = data;
            try {
              const parsed: unknown = JSON.parse(data);
              if (isObject(parsed)) message = errorOf(parsed as ChatChunk);
            } catch {}
            fail(new ProviderStream(`the model provider reported an error: ${message.slice(0, 200)}`));
          },
        );
        res.setEncoding('utf8');
        res.on('data', feed);
        res.on('error', () => {});
        res.on('close', () => {
          if (!res.complete) return settle(new ProviderStream("the model provider's answer broke off"));
          // A last event without its closing blank line still counts.
          feed('\n\n');
          settle(null, { done });
        });
      },
    );
    // Not http.request's own `signal` option: that destroys the socket with an error,
    // which can surface as an unhandled 'error' on a pooled socket.
    function onAbort() {
      settle(signal.reason);
      req.destroy();
    }
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // Once the provider has answered, a connection error is an answer that broke off.
      if (answered) return settle(new ProviderStream(`the model provider's answer broke off: ${err.message}`));
      const stale = req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
      const message = `the model provider could not be reached: ${err.message}`;
      settle(stale ? new StaleConnection(message) : new ProviderUnreachable(message));
    });
    req.end(payload);
    payload = null;
  });
}
