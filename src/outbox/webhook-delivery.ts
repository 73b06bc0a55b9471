// Delivers one signed webhook: POST of the stored JSON body with `X-Webhook-Signature`
// (signature.ts). Anything but a 2xx within the timeout is a failure the outbox retries.
// The URL is the workspace's, so the request goes through the outgoing guard
// (net/outgoing.ts): a URL that reaches a private address fails like an unreachable one,
// with the reason recorded as the delivery's error.
import { type OutgoingPolicy, OutgoingRefused, sendOutgoing } from '../net/outgoing.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signature.ts';

export interface WebhookRequest {
  id: number;
  url: string;
  event: string;
  body: string;
  secret: string;
}

export type Fetch = typeof fetch;

/** POSTs a body and answers the HTTP status. */
export type WebhookPost = (
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
) => Promise<number>;

/** A receiver's answer is only read for its status; more than this is not worth reading. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Posts through the outgoing guard. A redirect is not followed: the body would be re-posted somewhere nobody registered. */
export function guardedPost(policy: OutgoingPolicy): WebhookPost {
  return async (url, headers, body, timeoutMs) => {
    const request = { method: 'POST', headers, body, timeoutMs, maxResponseBytes: MAX_ANSWER_BYTES } as const;
    try {
      return (await sendOutgoing(url, request, policy)).status;
    } catch (err) {
      throw err instanceof OutgoingRefused ? new Error(`webhook URL ${err.message}`) : err;
    }
  };
}

/** Posts with a fetch function (tests that record deliveries instead of receiving them). */
export function fetchPost(fetchFn: Fetch): WebhookPost {
  return async (url, headers, body, timeoutMs) => {
    const res = await fetchFn(url, {
      method: 'POST',
      body,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  };
}

export async function deliverWebhook(
  post: WebhookPost,
  hook: WebhookRequest,
  now: Date,
  timeoutMs: number,
): Promise<void> {
  const headers = {
    'content-type': 'application/json',
    [SIGNATURE_HEADER]: signatureHeader(hook.secret, hook.body, now),
    'X-Webhook-Event': hook.event,
    // Stable across retries, so that a receiver can drop a duplicate.
    'X-Webhook-Id': String(hook.id),
    'user-agent': 'Parlor-Webhooks/1.0',
  };
  const status = await post(hook.url, headers, hook.body, timeoutMs);
  if (status < 200 || status > 299) throw new Error(`webhook answered HTTP ${status}`);
}
