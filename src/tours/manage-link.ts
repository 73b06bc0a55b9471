// The signed link that lets a visitor cancel or reschedule a showing without an account
// (docs/tours.md, "The manage link"): `<id>.<expires>.<signature>`, the signature an
// HMAC-SHA256 over the appointment's ID and the link's expiry (Unix seconds) with a key
// derived from the workspace's secret. The link expires when the showing it was sent for
// ends; a reschedule sends a new link. Nothing about it is stored.
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOKEN = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The key of manage links, apart from the webhook signatures the same secret makes. */
function linkKey(workspaceSecret: string): Buffer {
  return createHmac('sha256', workspaceSecret).update('parlor tour manage link').digest();
}

function signature(workspaceSecret: string, id: number, expires: number): string {
  return createHmac('sha256', linkKey(workspaceSecret)).update(`${id}.${expires}`).digest('base64url');
}

export function manageToken(workspaceSecret: string, id: number, expiresAt: number): string {
  const expires = Math.ceil(expiresAt / 1000);
  return `${id}.${expires}.${signature(workspaceSecret, id, expires)}`;
}

export interface ManageToken {
  id: number;
  /** Unix milliseconds. */
  expiresAt: number;
  signature: string;
}

/** The token's parts, or null when it has not the shape of one. */
export function readManageToken(token: string): ManageToken | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  return { id: Number(m[1]), expiresAt: Number(m[2]) * 1000, signature: m[3] ?? '' };
}

/** Whether the workspace signed it (compared in constant time). */
export function signedBy(workspaceSecret: string, t: ManageToken): boolean {
  const want = Buffer.from(signature(workspaceSecret, t.id, t.expiresAt / 1000));
  const got = Buffer.from(t.signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/tours/manage/${token}`;
}

export function calendarUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/tours/manage/${token}/invite.ics`;
}
