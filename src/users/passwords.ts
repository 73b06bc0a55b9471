// Password hashing with node:crypto's scrypt (memory-hard; no native add-on to build).
// Stored as scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>, so the cost can rise later while old
// hashes still verify. N = 2^15, r = 8 uses 32 MiB per hash (timed by users/passwords.test.ts).
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: 128 * N * r bytes plus headroom; Node's default (32 MiB) is exactly too small.
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `password` matches `stored`; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password for a new or reset account: 16 characters from a 57-letter alphabet (93 bits). */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(32);
  let out = '';
  for (const b of bytes) {
    // 256 is not a multiple of the alphabet's length: skip the high bytes so none is favoured.
    if (b >= alphabet.length * Math.floor(256 / alphabet.length)) continue;
    out += alphabet[b % alphabet.length];
    if (out.length === 16) break;
  }
  return out.length === 16 ? out : generatePassword();
}

/** The rules a password must meet; the message names the field. */
export function passwordProblem(password: string): string | null {
  if (password.length < 10) return 'Password must be at least 10 characters';
  if (password.length > 200) return 'Password must be at most 200 characters';
  return null;
}
