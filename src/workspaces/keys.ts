// Credentials: random keys shown once, stored only as SHA-256 hashes (docs/api.md "API overview").
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type KeyKind = 'api' | 'session' | 'visitor';

const PREFIX: Record<KeyKind, string> = { api: 'pk_', session: 'sk_', visitor: 'vk_' };

export function generateKey(kind: KeyKind): string {
  return PREFIX[kind] + randomBytes(24).toString('base64url');
}

export function hashKey(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What a listing of keys may show: enough to tell keys apart, never enough to use one. */
export function keyPrefix(raw: string): string {
  return raw.slice(0, 8);
}
