// A local stand-in for Follow Up Boss's Events API, written from its published API reference
// (docs.followupboss.com, "POST /v1/events — Send in a lead or an event related to a lead", and
// "Authentication"): HTTP Basic with the API key as the user name and a blank password; a
// registered integration sends X-System and X-System-Key; the body carries `source`, `system`,
// `type` (Registration, Inquiry, Seller Inquiry, Property Inquiry, General Inquiry, Viewed
// Property, Saved Property, Visited Website, Incoming Call, Unsubscribed, Property Search, Saved
// Property Search, Visited Open House, Viewed Page), `message`, `description`, `person` (emails
// and phones as [{value}]) and an optional `property` (street, city, state, code, mlsNumber,
// price, forRent, url, type, bedrooms, bathrooms). It answers as the reference says: 201 with the
// person when a new person is created, 200 with the existing person when deduplication found
// them (here by e-mail or phone), 204 with no body when the source's lead flow is archived,
// 401 for a bad key, 429 with Retry-After when rate-limited. Scripted answers cover the rest
// (HTML error pages, a stall, an oversized body).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FUB_EVENT_TYPES = [
  'Registration',
  'Inquiry',
  'Seller Inquiry',
  'Property Inquiry',
  'General Inquiry',
  'Viewed Property',
  'Saved Property',
  'Visited Website',
  'Incoming Call',
  'Unsubscribed',
  'Property Search',
  'Saved Property Search',
  'Visited Open House',
  'Viewed Page',
];

export interface FubEvent {
  source: string;
  system: string;
  type: string;
  message?: string;
  description?: string;
  person: {
    firstName?: string;
    lastName?: string;
    emails?: { value: string }[];
    phones?: { value: string }[];
    tags?: string[];
    [custom: string]: unknown;
  };
  property?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface FubRequest {
  event: FubEvent;
  apiKey: string;
  system: string;
  systemKey: string;
  /** The status answered. */
  status: number;
}

export type FubScript =
  | { status: 429; retryAfter: string }
  | { status: 204 }
  | { status: 500 | 502 | 503; html?: boolean }
  | { stallMs: number }
  | { bytes: number };

export interface FubStandin {
  url: string;
  apiKey: string;
  /** Every event accepted (200/201/204) or refused, in order. */
  requests: FubRequest[];
  /** Answers to give next, one per request, before the normal handling. */
  script: FubScript[];
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** What the reference requires of an event; the problem, or null. */
function problemOf(e: unknown): string | null {
  if (typeof e !== 'object' || e === null) return 'body must be a JSON object';
  const ev = e as FubEvent;
  if (typeof ev.source !== 'string' || !ev.source) return 'source is required';
  if (typeof ev.type !== 'string' || !FUB_EVENT_TYPES.includes(ev.type)) return `invalid type "${ev.type}"`;
  const p = ev.person;
  if (typeof p !== 'object' || p === null) return 'person is required';
  for (const list of [p.emails, p.phones]) {
    if (list !== undefined && (!Array.isArray(list) || list.some((x) => typeof x?.value !== 'string'))) {
      return 'emails and phones must be arrays of {value}';
    }
  }
  if (!p.emails?.length && !p.phones?.length) return 'person needs an email or a phone';
  if (ev.type === 'Property Inquiry' && !ev.property) return 'Property Inquiry needs a property';
  if (ev.property !== undefined) {
    const pr = ev.property;
    for (const k of ['street', 'city', 'state', 'code', 'mlsNumber', 'url']) {
      if (pr[k] !== undefined && typeof pr[k] !== 'string') return `property.${k} must be a string`;
    }
    if (pr.price !== undefined && typeof pr.price !== 'number') return 'property.price must be a number';
  }
  return null;
}

export async function startFubStandin(apiKey = 'fub-key-0123456789'): Promise<FubStandin> {
  const requests: FubRequest[] = [];
  const script: FubScript[] = [];
  const known = new Set<string>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/events') return json(res, 404, { errorMessage: 'Not found' });
    const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const [user = '', password = ''] = Buffer.from(auth, 'base64').toString('utf8').split(':');
    const system = String(req.headers['x-system'] ?? '');
    const systemKey = String(req.headers['x-system-key'] ?? '');
    let event: FubEvent;
    try {
      event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FubEvent;
    } catch {
      return json(res, 400, { errorMessage: 'Invalid JSON' });
    }
    const record = (status: number) => requests.push({ event, apiKey: user, system, systemKey, status });
    const next = script.shift();
    if (next && 'stallMs' in next) {
      setTimeout(() => json(res, 200, {}), next.stallMs).unref();
      return record(0);
    }
    if (next && 'bytes' in next) {
      record(200);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.alloc(next.bytes, 0x20));
      return;
    }
    if (next && next.status === 429) {
      record(429);
      return json(res, 429, { errorMessage: 'Too many requests' }, { 'retry-after': next.retryAfter });
    }
    if (next && next.status >= 500) {
      record(next.status);
      if ('html' in next && next.html) {
        res.writeHead(next.status, { 'content-type': 'text/html' });
        res.end('<!DOCTYPE html><html><body><h1>Bad gateway</h1></body></html>');
        return;
      }
      return json(res, next.status, { errorMessage: 'Internal error' });
    }
    if (user !== apiKey || password !== '') {
      record(401);
      return json(res, 401, { errorMessage: 'Invalid API key' });
    }
    if (!system) {
      record(400);
      return json(res, 400, { errorMessage: 'X-System header is required' });
    }
    const problem = problemOf(event);
    if (problem) {
      record(400);
      return json(res, 400, { errorMessage: problem });
    }
    if (next && next.status === 204) {
      record(204);
      res.writeHead(204);
      res.end();
      return;
    }
    const who = [...(event.person.emails ?? []), ...(event.person.phones ?? [])].map((x) => x.value.toLowerCase());
    const existing = who.some((w) => known.has(w));
    for (const w of who) known.add(w);
    record(existing ? 200 : 201);
    json(res, existing ? 200 : 201, { id: requests.length, ...event.person });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { errorMessage: 'stand-in failure' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
