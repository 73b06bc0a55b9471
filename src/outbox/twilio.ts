// Sends one queued SMS through Twilio's Messages API: POST
// {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth (AccountSid:AuthToken),
// a form-encoded To, From (or MessagingServiceSid) and Body; Twilio answers 201 with the message
// resource. Errors carry Twilio's JSON `{code, message, more_info, status}`.
// The outcome tells the outbox worker what to do: 2xx sent; 429 and 5xx (and connection
// failures, timeouts) retried with back-off, not before a 429's Retry-After; any other 4xx is
// final (a bad number or a suspended account does not get better by asking again).
// Messages never carry the auth token or the request's headers: they end up in the log.
import type { TwilioConfig } from '../config.ts';
import type { Fetch } from './webhook-delivery.ts';

export interface SmsMessage {
  /** E.164. */
  to: string;
  body: string;
}

/** A failed send, with what the worker needs to decide: give up now, or retry (not before). */
export class SmsDeliveryError extends Error {
  /** Never retried: Twilio refused the request itself. */
  readonly final: boolean;
  /** From a 429's Retry-After, in milliseconds. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, final: boolean, retryAfterMs?: number) {
    super(message);
    this.name = 'SmsDeliveryError';
    this.final = final;
    this.retryAfterMs = retryAfterMs;
  }
}

/** A Retry-After longer than this is treated as this: the row must come back some day. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`; undefined if absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now.getTime();
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}

interface TwilioErrorBody {
  code?: unknown;
  message?: unknown;
}

/** "Twilio 21211: The 'To' number … is not a valid phone number (HTTP 400)", from Twilio's error JSON. */
function describeFailure(status: number, text: string): string {
  let parsed: TwilioErrorBody = {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null) parsed = value as TwilioErrorBody;
  } catch {
    // Not JSON (a proxy's error page): the status alone says enough.
  }
  const code = typeof parsed.code === 'number' || typeof parsed.code === 'string' ? ` ${parsed.code}` : '';
  const message = typeof parsed.message === 'string' ? `: ${parsed.message.slice(0, 500)}` : '';
  return `Twilio${code}${message} (HTTP ${status})`;
}

export function messagesUrl(twilio: TwilioConfig): string {
  return `${twilio.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
}

export function formOf(twilio: TwilioConfig, sms: SmsMessage): URLSearchParams {
  const form = new URLSearchParams({ To: sms.to });
  if (twilio.messagingServiceSid) form.set('MessagingServiceSid', twilio.messagingServiceSid);
  else if (twilio.from) form.set('From', twilio.from);
  form.set('Body', sms.body);
  return form;
}

export async function sendSms(
  fetchFn: Fetch,
  twilio: TwilioConfig,
  sms: SmsMessage,
  now: Date,
  timeoutMs: number,
): Promise<void> {
  const auth = Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64');
  let res: Response;
  let text: string;
  try {
    res = await fetchFn(messagesUrl(twilio), {
      method: 'POST',
      headers: {
        authorization: `Basic ${auth}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'user-agent': 'Parlor-SMS/1.0',
      },
      body: formOf(twilio, sms).toString(),
      // A redirect would re-post the credentials somewhere else.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Read the whole body (also on success) so the connection can be reused.
    text = await res.text();
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    const reason = timedOut
      ? `no answer within ${timeoutMs / 1000} s`
      : err instanceof Error && err.cause instanceof Error
        ? err.cause.message
        : String(err);
    throw new SmsDeliveryError(`Twilio request failed: ${reason}`, false);
  }
  if (res.status >= 200 && res.status <= 299) return;
  const message = describeFailure(res.status, text);
  if (res.status === 429) {
    throw new SmsDeliveryError(message, false, retryAfterMs(res.headers.get('retry-after'), now));
  }
  throw new SmsDeliveryError(message, res.status < 500);
}
