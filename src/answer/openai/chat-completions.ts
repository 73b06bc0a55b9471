// One streamed chat-completions call (POST {baseUrl}/chat/completions, `stream: true`) to an
// OpenAI-compatible provider, over node:http(s) with keep-alive connections. Each parsed
// chunk goes to onChunk as it arrives: no web streams, no per-chunk schema validation, so a
// 200-fragment answer costs the relay a few milliseconds of CPU (README, "Answers").
//
// What can go wrong is one of three errors, which the engine maps to ProviderFailed:
// ProviderStatus (an HTTP error answer, with the provider's message), ProviderUnreachable
// (no answer at all: the connection failed), ProviderStream (the answer broke off or was
// not JSON). An abort through `signal` rejects with the signal's reason.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { sseParser } from './sse-parser.ts';
import type { ChatChunk } from './wire.ts';

export class ProviderStatus extends Error {
  readonly status: number;
  constructor(status: number, providerMessage: string) {
    super(`the model provider answered HTTP ${status}${providerMessage ? `: ${providerMessage}` : ''}`);
    this.status = status;
  }
}

export class ProviderUnreachable extends Error {}
export class ProviderStream extends Error {}

export interface ChatTarget {
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  apiKey: string;
}

/** How the stream ended: with `data: [DONE]`, or with the response simply ending. */
export interface StreamEnd {
  done: boolean;
}

const ERROR_BODY_LIMIT = 64 * 1024;
const agents = {
  http: new HttpAgent({ keepAlive: true }),
  https: new HttpsAgent({ keepAlive: true }),
};

/** The provider's error message from an error body, else the body's start. */
export function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {}
  return body.slice(0, 200).trim();
}

function readErrorBody(res: IncomingMessage): Promise<string> {
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

export function chatCompletionsUrl(baseUrl: string): URL {
  return new URL(`${baseUrl.replace(/\/+$/, '')}/chat/completions`);
}

export function streamChatCompletion(
  target: ChatTarget,
  body: object,
  signal: AbortSignal,
  onChunk: (chunk: ChatChunk) => void,
): Promise<StreamEnd> {
  const url = chatCompletionsUrl(target.baseUrl);
  // Dropped once sent: a thousand open answers would otherwise each keep their request body.
  let payload: string | null = JSON.stringify(body);
  const https = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (err: unknown, end?: StreamEnd) => {
      if (settled) return;
      settled = true;
      if (err) reject(err);
      else resolve(end ?? { done: false });
    };
    const req = (https ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        agent: https ? agents.https : agents.http,
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload ?? ''),
          accept: 'text/event-stream',
          ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          readErrorBody(res).then((text) => settle(new ProviderStatus(status, errorText(text))));
          return;
        }
        let done = false;
        const fail = (err: Error) => {
          settle(err);
          req.destroy();
        };
        const feed = sseParser((data) => {
          if (done || settled) return;
          if (data === '[DONE]') {
            done = true;
            return;
          }
          let chunk: ChatChunk;
          try {
            chunk = JSON.parse(data) as ChatChunk;
          } catch {
            return fail(new ProviderStream(`the model provider sent a malformed chunk: ${data.slice(0, 100)}`));
          }
          if (chunk.error) return fail(new ProviderStream(`the model provider reported an error: ${errorOf(chunk)}`));
          try {
            onChunk(chunk);
          } catch (err) {
            fail(err instanceof Error ? err : new Error(String(err)));
          }
        });
        res.setEncoding('utf8');
        res.on('data', feed);
        res.on('error', () => {});
        res.on('close', () => {
          if (signal.aborted) settle(signal.reason);
          else if (!res.complete) settle(new ProviderStream("the model provider's answer broke off"));
          else settle(null, { done });
        });
      },
    );
    req.on('error', (err) => {
      if (signal.aborted) settle(signal.reason);
      else settle(new ProviderUnreachable(`the model provider could not be reached: ${err.message}`));
    });
    req.end(payload);
    payload = null;
  });
}

function errorOf(chunk: ChatChunk): string {
  const e = chunk.error;
  return typeof e === 'string' ? e : (e?.message ?? JSON.stringify(e));
}
