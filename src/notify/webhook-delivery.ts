// Delivers one signed webhook: POST of the stored JSON body with `X-Webhook-Signature`
// (signature.ts). Anything but a 2xx within the timeout is a failure the outbox retries.
import { SIGNATURE_HEADER, signatureHeader } from './signature.ts';

export interface WebhookRequest {
  id: number;
  url: string;
  event: string;
  body: string;
  secret: string;
}

export type Fetch = typeof fetch;

export async function deliverWebhook(
  fetchFn: Fetch,
  hook: WebhookRequest,
  now: Date,
  timeoutMs: number,
): Promise<void> {
  const res = await fetchFn(hook.url, {
    method: 'POST',
    body: hook.body,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signatureHeader(hook.secret, hook.body, now),
      'X-Webhook-Event': hook.event,
      // Stable across retries, so that a receiver can drop a duplicate.
      'X-Webhook-Id': String(hook.id),
      'user-agent': 'Parlor-Webhooks/1.0',
    },
    // A redirect is not followed: the body would be re-posted somewhere nobody registered.
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  // Read (and drop) the body so the connection can be reused.
  await res.arrayBuffer().catch(() => undefined);
  if (res.status < 200 || res.status > 299) throw new Error(`webhook answered HTTP ${res.status}`);
}
