// Talking to an OpenAI-compatible provider at all (chat completions, transcriptions, the model
// probe): where (its base URL and how it takes its key) and how it fails (an HTTP error with
// the provider's message and Retry-After, no answer at all, a broken stream).

export class ProviderStatus extends Error {
  readonly status: number;
  /** How long the provider asked to wait (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  constructor(status: number, providerMessage: string, retryAfterMs?: number) {
    super(`the model provider answered HTTP ${status}${providerMessage ? `: ${providerMessage}` : ''}`);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

export class ProviderUnreachable extends Error {}
export class ProviderStream extends Error {}

/** How the provider takes its key: `Authorization: Bearer <key>`, or Azure's classic `api-key: <key>`. */
export type KeyHeader = 'authorization' | 'api-key';

export interface ChatTarget {
  /** e.g. https://api.openai.com/v1; a query string (Azure's api-version) is kept. */
  baseUrl: string;
  apiKey: string;
  /** Default `authorization`. */
  keyHeader?: KeyHeader;
}

/** The header that carries the key; none without a key (local servers). */
export function authHeaders(apiKey: string, keyHeader: KeyHeader = 'authorization'): Record<string, string> {
  if (!apiKey) return {};
  return keyHeader === 'api-key' ? { 'api-key': apiKey } : { authorization: `Bearer ${apiKey}` };
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The provider's error message from an error body, else the body's start: a web page (a
 * proxy's 502) by its title or its text, without markup.
 */
export function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown } | null;
    if (typeof parsed?.error === 'string') return parsed.error;
    if (typeof parsed?.error?.message === 'string') return parsed.error.message;
    if (typeof parsed?.message === 'string') return parsed.message;
  } catch {}
  if (/^\s*</.test(body)) {
    // The page's start is enough for its title or first words; each pattern stops at the next
    // tag, so none reads the page more than once per tag.
    const page = body.slice(0, 16_384);
    const title = /<title[^<>]*>([^<]*)<\/title>/i.exec(page)?.[1]?.trim();
    const text = page
      .replace(/<(script|style)\b[^<>]*>[^<]*(?:<(?!\/\1>)[^<]*)*<\/\1>/gi, ' ')
      .replace(/<[^<>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return (title || text).slice(0, 200);
  }
  return body.slice(0, 200).trim();
}

/** `path` under the provider's base URL: …/v1 + /chat/completions, keeping any query string. */
export function providerUrl(baseUrl: string, path: string): URL {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/(?<!\/)\/+$/, '')}/${path}`;
  return url;
}
