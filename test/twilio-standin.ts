// A local stand-in for Twilio's Messages API (real HTTP on 127.0.0.1). It checks what Twilio
// checks: the path `/2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic auth, a
// form-encoded body with To, From or MessagingServiceSid, and Body. It answers 201 with a
// Twilio-shaped message resource, or Twilio's error JSON `{code, message, more_info, status}`.
// Tests script the next answers (429 with Retry-After, 500, 400, a slow answer).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form fields as sent. */
  form: Record<string, string>;
  /** What the stand-in answered. */
  status: number;
}

export interface ScriptedAnswer {
  status: number;
  /** Twilio's error code, e.g. 21211 (invalid To), 20429 (too many requests). */
  code?: number;
  message?: string;
  retryAfter?: string;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
}

export interface TwilioStandin {
  /** TWILIO_BASE_URL for the app. */
  url: string;
  accountSid: string;
  authToken: string;
  requests: StandinRequest[];
  /** Answers for the next requests, in order; then the normal checks and 201. */
  script(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

function twilioError(status: number, code: number, message: string) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

/** The checks Twilio makes before it accepts a message; null when the request is acceptable. */
function refusal(
  req: { method: string; path: string; headers: IncomingHttpHeaders; form: Record<string, string> },
  accountSid: string,
  authToken: string,
): { status: number; body: ReturnType<typeof twilioError> } | null {
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  if (req.headers.authorization !== expected) return { status: 401, body: twilioError(401, 20003, 'Authenticate') };
  if (req.method !== 'POST' || req.path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
    return { status: 404, body: twilioError(404, 20404, `The requested resource ${req.path} was not found`) };
  }
  if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
    return { status: 400, body: twilioError(400, 21604, "A 'To' phone number is required.") };
  }
  const { To, From, MessagingServiceSid, Body } = req.form;
  if (!To) return { status: 400, body: twilioError(400, 21604, "A 'To' phone number is required.") };
  if (!/^\+[1-9]\d{6,14}$/.test(To)) {
    return { status: 400, body: twilioError(400, 21211, `The 'To' number ${To} is not a valid phone number.`) };
  }
  if (!From && !MessagingServiceSid) {
    return { status: 400, body: twilioError(400, 21603, "A 'From' phone number is required.") };
  }
  if (!Body) return { status: 400, body: twilioError(400, 21602, 'Message body is required.') };
  if (Body.length > 1600) {
    return {
      status: 400,
      body: twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.'),
    };
  }
  return null;
}

function messageResource(accountSid: string, form: Record<string, string>) {
  const sid = `SM${hex(16)}`;
  const now = new Date().toUTCString().replace('GMT', '+0000');
  return {
    sid,
    account_sid: accountSid,
    to: form.To,
    from: form.From ?? null,
    messaging_service_sid: form.MessagingServiceSid ?? null,
    body: form.Body,
    status: form.MessagingServiceSid ? 'accepted' : 'queued',
    num_segments: String(Math.ceil((form.Body?.length ?? 0) / 153) || 1),
    num_media: '0',
    direction: 'outbound-api',
    api_version: '2010-04-01',
    price: null,
    price_unit: 'USD',
    error_code: null,
    error_message: null,
    date_created: now,
    date_updated: now,
    date_sent: null,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
  };
}

export async function startTwilioStandin(): Promise<TwilioStandin> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const requests: StandinRequest[] = [];
  const scripted: ScriptedAnswer[] = [];

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const path = (req.url ?? '').split('?')[0] ?? '';
      const seen = { method: req.method ?? '', path, headers: req.headers, form };
      // Recorded on arrival, so that a request the client gave up on (timeout) is counted too.
      const record: StandinRequest = { ...seen, status: 0 };
      requests.push(record);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        record.status = status;
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      const next = scripted.shift();
      if (next) {
        const answer = () =>
          send(
            next.status,
            twilioError(next.status, next.code ?? next.status, next.message ?? 'Scripted failure'),
            next.retryAfter === undefined ? {} : { 'retry-after': next.retryAfter },
          );
        if (next.delayMs) setTimeout(() => !res.destroyed && answer(), next.delayMs).unref();
        else answer();
        return;
      }
      const refused = refusal(seen, accountSid, authToken);
      if (refused) send(refused.status, refused.body);
      else send(201, messageResource(accountSid, form));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    requests,
    script: (...answers) => {
      scripted.push(...answers);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
