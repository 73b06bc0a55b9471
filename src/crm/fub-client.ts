// Sends one event to Follow Up Boss (docs/crm.md): POST {FUB_BASE_URL}/v1/events with HTTP Basic
// (the API key as the user name, no password, as Follow Up Boss's reference says), and the
// integration's X-System / X-System-Key headers. Through the outgoing-address guard
// (net/outgoing.ts) like every request Parlor makes for a workspace.
// The outcome tells the outbox worker what to do: 200 (a person updated) or 201 (created) is
// sent; 204 is sent too, but the lead flow of this source is archived in Follow Up Boss and the
// lead was ignored: reported, never retried. 429 and 5xx, a connection failure, a timeout, an
// answer too large or not JSON are retried with back-off (not before a 429's Retry-After); any
// other 4xx is final (a refused key or a refused request does not get better by asking again).
// Messages never carry the key or the request's headers: they end up in the log and the console.
import { type OutgoingPolicy, OutgoingRefused, OutgoingTooLarge, sendOutgoing } from '../net/outgoing.ts';
import { retryAfterMs } from '../outbox/index.ts';

export class CrmDeliveryError extends Error {
  /** Never retried: Follow Up Boss refused the request itself. */
  readonly final: boolean;
  /** From a 429's Retry-After, in milliseconds. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, final: boolean, retryAfter?: number) {
    super(message);
    this.name = 'CrmDeliveryError';
    this.final = final;
    this.retryAfterMs = retryAfter;
  }
}

export interface FubCredentials {
  apiKey: string;
  systemName: string;
  systemKey: string;
}

export interface FubTarget {
  baseUrl: string;
  policy: OutgoingPolicy;
  timeoutMs: number;
}

/** Follow Up Boss answers a person record; more than this is not a person record. */
const MAX_ANSWER_BYTES = 256 * 1024;

export type FubOutcome = 'created' | 'updated' | 'archived';

function reasonOf(status: number, body: Buffer, contentType: string): string {
  const text = body.toString('utf8');
  if (!/json/i.test(contentType)) return /<html|<!doctype/i.test(text) ? 'an HTML page, not JSON' : 'not JSON';
  try {
    const v: unknown = JSON.parse(text);
    const m = typeof v === 'object' && v !== null ? (v as { errorMessage?: unknown }).errorMessage : undefined;
    return typeof m === 'string' ? m.slice(0, 300) : `HTTP ${status}`;
  } catch {
    return 'not JSON';
  }
}

export async function sendFubEvent(
  target: FubTarget,
  creds: FubCredentials,
  body: string,
  now: Date,
): Promise<FubOutcome> {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${creds.apiKey}:`).toString('base64')}`,
    'content-type': 'application/json',
    accept: 'application/json',
    'user-agent': 'Parlor-CRM/1.0',
    'x-system': creds.systemName,
    ...(creds.systemKey ? { 'x-system-key': creds.systemKey } : {}),
  };
  const request = {
    method: 'POST',
    headers,
    body,
    timeoutMs: target.timeoutMs,
    maxResponseBytes: MAX_ANSWER_BYTES,
  } as const;
  let res: Awaited<ReturnType<typeof sendOutgoing>>;
  try {
    res = await sendOutgoing(`${target.baseUrl}/v1/events`, request, target.policy);
  } catch (err) {
    if (err instanceof OutgoingRefused) throw new CrmDeliveryError(`Follow Up Boss's address ${err.message}`, true);
    if (err instanceof OutgoingTooLarge) {
      throw new CrmDeliveryError(
        `Follow Up Boss answered more than ${MAX_ANSWER_BYTES / 1024} KiB; not a person record`,
        false,
      );
    }
    const reason = err instanceof Error ? err.message : String(err);
    throw new CrmDeliveryError(`Follow Up Boss request failed: ${reason}`, false);
  }
  const contentType = String(res.headers['content-type'] ?? '');
  if (res.status === 204) return 'archived';
  if (res.status === 200 || res.status === 201) {
    if (!/json/i.test(contentType)) {
      throw new CrmDeliveryError(
        `Follow Up Boss answered ${reasonOf(res.status, res.body, contentType)} (HTTP ${res.status})`,
        false,
      );
    }
    return res.status === 201 ? 'created' : 'updated';
  }
  const reason = reasonOf(res.status, res.body, contentType);
  if (res.status === 401) throw new CrmDeliveryError(`the CRM refused the key (HTTP 401: ${reason})`, true);
  if (res.status === 429) {
    const header = res.headers['retry-after'];
    const wait = retryAfterMs(typeof header === 'string' ? header : null, now);
    throw new CrmDeliveryError('Follow Up Boss: too many requests (HTTP 429)', false, wait);
  }
  if (res.status >= 500) throw new CrmDeliveryError(`Follow Up Boss: ${reason} (HTTP ${res.status})`, false);
  throw new CrmDeliveryError(`Follow Up Boss refused the event: ${reason} (HTTP ${res.status})`, true);
}
