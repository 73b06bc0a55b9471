// The one way Parlor makes an HTTP request on a user's behalf (webhooks now, a crawler
// later): only http(s), no credentials in the URL, public addresses only (address-policy.ts),
// bounded in time and response size, redirects followed only when asked and each hop checked
// again.
//
// The address is checked where the connection is made, on the address the name resolved
// to (a `lookup` hook of node:http), not on the name beforehand: a name that resolves to a
// public address when checked and to 127.0.0.1 when connecting (DNS rebinding) still fails.
// Each request gets its own connection (no agent pool), so no socket opened by other code
// can be reused past the check.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { ipLiteral, isLocalName, isPublicAddress } from './address-policy.ts';

/** A URL or address the policy does not allow; `message` reads after the field name ("Url: …"). */
export class OutgoingRefused extends Error {}

/** An answer over the request's maxResponseBytes; reading stopped at the bound. */
export class OutgoingTooLarge extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`the response is larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

/** Resolves a host name to all of its addresses. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface OutgoingPolicy {
  /** PARLOR_ALLOW_PRIVATE_URLS: operators (and tests) reaching their own network. */
  allowPrivate: boolean;
  /** dns.lookup unless given (tests resolve names their own way). */
  resolve?: Resolver;
  /** Which addresses may be reached; public unicast unless given (tests widen it). */
  isAllowed?: (address: string) => boolean;
}

export interface OutgoingRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** For the whole exchange, every redirect included. */
  timeoutMs: number;
  maxResponseBytes: number;
  /** Redirects followed (each target checked like the first URL); 0: a 3xx is the answer. */
  maxRedirects?: number;
}

export interface OutgoingResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
}

const PRIVATE_RULE = 'must not point to a loopback, private, link-local or otherwise non-public address';

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

/**
 * The URL, parsed, when the policy allows it before any lookup: http(s), no user or
 * password, and not a literal non-public address or a local name. A host name that
 * resolves to a non-public address is refused when connecting.
 */
export function checkOutgoingUrl(raw: string, policy: OutgoingPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutgoingRefused('must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutgoingRefused('must be an http(s) URL');
  if (url.username || url.password) throw new OutgoingRefused('must not contain a user name or password');
  if (policy.allowPrivate) return url;
  // The URL parser has already turned 2130706433 and 0x7f000001 into 127.0.0.1.
  const ip = ipLiteral(url.hostname);
  const allowed = policy.isAllowed ?? isPublicAddress;
  if ((ip !== null && !allowed(ip)) || (ip === null && isLocalName(url.hostname))) {
    throw new OutgoingRefused(`${PRIVATE_RULE} (${url.hostname})`);
  }
  return url;
}

/** node:http's lookup hook: resolves, then refuses the connection unless every address is allowed. */
function guardedLookup(policy: OutgoingPolicy): LookupFunction {
  const resolve = policy.resolve ?? systemResolver;
  const allowed = policy.allowPrivate ? () => true : (policy.isAllowed ?? isPublicAddress);
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const family = typeof options.family === 'number' && options.family !== 0 ? options.family : null;
        const addresses = family === null ? all : all.filter((a) => a.family === family);
        const refused = addresses.find((a) => !allowed(a.address));
        const first = addresses[0];
        if (refused || !first) {
          const why = refused ? `${hostname} resolves to ${refused.address}` : `${hostname} has no address`;
          callback(new OutgoingRefused(`${PRIVATE_RULE} (${why})`), '', 0);
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/** One exchange, without following redirects. */
function exchange(url: URL, req: OutgoingRequest, policy: OutgoingPolicy, deadline: number): Promise<OutgoingResponse> {
  return new Promise((resolve, reject) => {
    const options: RequestOptions = {
      method: req.method,
      headers: req.headers,
      lookup: guardedLookup(policy),
      agent: false,
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const out = send(url, options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > req.maxResponseBytes) {
          res.destroy(new OutgoingTooLarge(req.maxResponseBytes));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), url: url.href });
      });
    });
    const timer = setTimeout(
      () => out.destroy(new Error(`no answer within ${req.timeoutMs} ms`)),
      Math.max(0, deadline - Date.now()),
    );
    function fail(err: Error) {
      clearTimeout(timer);
      reject(err);
    }
    out.on('error', fail);
    out.end(req.body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Sends the request under the policy; throws OutgoingRefused, OutgoingTooLarge, or the network's error. */
export async function sendOutgoing(
  raw: string,
  req: OutgoingRequest,
  policy: OutgoingPolicy,
): Promise<OutgoingResponse> {
  const deadline = Date.now() + req.timeoutMs;
  let url = checkOutgoingUrl(raw, policy);
  let current = req;
  for (let hop = 0; ; hop++) {
    const res = await exchange(url, current, policy, deadline);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.status) || !location || hop >= (req.maxRedirects ?? 0)) return res;
    url = checkOutgoingUrl(URL.parse(location, url)?.href ?? '', policy);
    // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && current.method === 'POST')) {
      current = { ...current, method: 'GET', body: undefined };
    }
  }
}
