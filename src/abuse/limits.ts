// What one client address, or all the visitors of one chatbot, may do on the public
// endpoints (GetConfig, Ask, TalkToHuman). Each limit is a count per fixed window, counted
// in the database inside the transaction that does the thing, so it holds across instances
// and a refused request leaves nothing behind. Fixed windows cost one upsert per request;
// the price is that a burst straddling a window's end can reach twice the count, which still
// stops a script.
import type { Kysely } from 'kysely';
import type { AbuseLimits, UploadLimits } from '../config.ts';
import type { Database } from '../db/tables.ts';
import { LimitExceeded } from '../errors.ts';
import { clientKey } from './client-address.ts';
import { addToHits, countHits, type Hit, slidingHits, uncountHits } from './repo.ts';

export interface AbuseRule {
  scope: string;
  windowSeconds: number;
  /** 0 = off. */
  ceiling: number;
  message: string;
  /**
   * Counted over a sliding window of this many slices rather than a fixed window: a burst at a
   * fixed window's edge could try twice the ceiling (slidingHits in repo.ts).
   */
  slices?: number;
}

/** A visitor's request: the limits in force and the client address it came from. */
export interface VisitorOrigin {
  limits: AbuseLimits;
  address: string;
}

const MINUTE = 60;
const HOUR = 3600;

export const SESSIONS_MESSAGE =
  'Too many conversations started from your network in a short time; please wait a little and try again.';
export const QUESTIONS_MESSAGE = 'Too many questions from your network in a short time; please wait a minute.';
export const CHATBOT_BUSY_MESSAGE = 'This chatbot is receiving too many questions right now; please try again shortly.';
export const LEAD_REPEAT_MESSAGE =
  'Your request for a person has already been sent; please wait a few minutes before sending another.';
export const LEADS_MESSAGE = 'Too many requests for a person in a short time; please try again later.';
export const FILES_MESSAGE = 'Too many files uploaded in this conversation; please continue without attachments.';
export const CHATBOT_FILES_MESSAGE = 'This chatbot is receiving too many files right now; please try again later.';

/** GetConfig opening a session. */
export function sessionRules(v: VisitorOrigin, chatbotId: number): AbuseRule[] {
  const who = clientKey(v.address);
  return [
    {
      scope: `s:m:${chatbotId}:${who}`,
      windowSeconds: MINUTE,
      ceiling: v.limits.sessionsPerMinute,
      message: SESSIONS_MESSAGE,
    },
    {
      scope: `s:h:${chatbotId}:${who}`,
      windowSeconds: HOUR,
      ceiling: v.limits.sessionsPerHour,
      message: SESSIONS_MESSAGE,
    },
  ];
}

/** A visitor's question, over all the chatbot's sessions. */
export function questionRules(v: VisitorOrigin, chatbotId: number): AbuseRule[] {
  const who = clientKey(v.address);
  return [
    {
      scope: `q:a:${chatbotId}:${who}`,
      windowSeconds: MINUTE,
      ceiling: v.limits.questionsPerMinute,
      message: QUESTIONS_MESSAGE,
    },
    {
      scope: `q:c:${chatbotId}`,
      windowSeconds: MINUTE,
      ceiling: v.limits.chatbotQuestionsPerMinute,
      message: CHATBOT_BUSY_MESSAGE,
    },
  ];
}

/** A lead recorded from a visitor's session (TalkToHuman, or contact details typed in the chat). */
export function leadRules(v: VisitorOrigin, chatbotId: number, sessionId: number): AbuseRule[] {
  const who = clientKey(v.address);
  const window = v.limits.leadWindowMinutes * MINUTE;
  return [
    { scope: `l:s:${sessionId}`, windowSeconds: window, ceiling: window > 0 ? 1 : 0, message: LEAD_REPEAT_MESSAGE },
    { scope: `l:a:${chatbotId}:${who}`, windowSeconds: HOUR, ceiling: v.limits.leadsPerHour, message: LEADS_MESSAGE },
    { scope: `l:c:${chatbotId}`, windowSeconds: HOUR, ceiling: v.limits.chatbotLeadsPerHour, message: LEADS_MESSAGE },
  ];
}

export const BOOKINGS_MESSAGE = 'Too many showings booked from your network in a short time; please try again later.';
export const CHATBOT_BOOKINGS_MESSAGE = 'This chatbot is taking too many bookings right now; please try again later.';

/** A showing booked or moved by a visitor (BookTour from the widget or the chat, the manage link). */
export function bookingRules(v: VisitorOrigin, chatbotId: number): AbuseRule[] {
  const who = clientKey(v.address);
  return [
    {
      scope: `b:a:${chatbotId}:${who}`,
      windowSeconds: HOUR,
      ceiling: v.limits.bookingsPerHour,
      message: BOOKINGS_MESSAGE,
    },
    {
      scope: `b:c:${chatbotId}`,
      windowSeconds: HOUR,
      ceiling: v.limits.chatbotBookingsPerHour,
      message: CHATBOT_BOOKINGS_MESSAGE,
    },
  ];
}

export const MCP_CALLS_MESSAGE = 'Too many tool calls from your network in a short time; please wait a minute.';
export const MCP_WRITES_MESSAGE =
  'Too many requests to contact the business or book showings from your network; please try again later.';

/** An MCP tool call (mcp/): the visitor's question limit, per client address. */
export function mcpCallRules(v: VisitorOrigin, chatbotId: number): AbuseRule[] {
  const who = clientKey(v.address);
  return [
    {
      scope: `m:a:${chatbotId}:${who}`,
      windowSeconds: MINUTE,
      ceiling: v.limits.questionsPerMinute,
      message: MCP_CALLS_MESSAGE,
    },
    {
      scope: `m:c:${chatbotId}`,
      windowSeconds: MINUTE,
      ceiling: v.limits.chatbotQuestionsPerMinute,
      message: CHATBOT_BUSY_MESSAGE,
    },
  ];
}

/** An MCP tool call that records a lead or a showing: tighter than the chat's, per client address. */
export function mcpWriteRules(v: VisitorOrigin, chatbotId: number): AbuseRule[] {
  const who = clientKey(v.address);
  return [
    {
      scope: `m:w:${chatbotId}:${who}`,
      windowSeconds: HOUR,
      ceiling: v.limits.mcpWritesPerHour,
      message: MCP_WRITES_MESSAGE,
    },
  ];
}

/** Who uploads: a visitor's session, its chatbot and workspace, and its client address. */
export interface Uploader {
  sessionId: number;
  chatbotId: number;
  workspaceId: number;
  address: string;
}

const DAY = 24 * HOUR;
const ADDRESS_UPLOADS = 'Too many files uploaded from your network';
const WORKSPACE_UPLOADS = 'This site is receiving too many files right now';
const per = (window: number) => (window === HOUR ? 'an hour' : 'a day');
const refusing = (who: string, what: string, window: number, variable: string) =>
  `${who}: at most ${what} ${per(window)} (${variable} raises the limit); please try again later.`;

/**
 * A visitor's upload, counted before its bytes are read: files per session, per chatbot, per
 * client address and per workspace. The byte windows (uploadByteRules) are checked here too,
 * counting 1 KiB: a window already full refuses the upload before any byte is read.
 */
export function uploadRules(limits: AbuseLimits, uploads: UploadLimits, u: Uploader): AbuseRule[] {
  const who = clientKey(u.address);
  return [
    { scope: `f:s:${u.sessionId}`, windowSeconds: DAY, ceiling: limits.filesPerSession, message: FILES_MESSAGE },
    {
      scope: `f:c:${u.chatbotId}`,
      windowSeconds: HOUR,
      ceiling: limits.chatbotFilesPerHour,
      message: CHATBOT_FILES_MESSAGE,
    },
    ...[
      [HOUR, uploads.addressFilesPerHour, 'PARLOR_LIMIT_ADDRESS_FILES_PER_HOUR'] as const,
      [DAY, uploads.addressFilesPerDay, 'PARLOR_LIMIT_ADDRESS_FILES_PER_DAY'] as const,
    ].map(([window, ceiling, variable]) => ({
      scope: `f:a:${window}:${who}`,
      windowSeconds: window,
      ceiling,
      message: refusing(ADDRESS_UPLOADS, `${ceiling} files`, window, variable),
    })),
    ...[
      [HOUR, uploads.workspaceFilesPerHour, 'PARLOR_LIMIT_WORKSPACE_FILES_PER_HOUR'] as const,
      [DAY, uploads.workspaceFilesPerDay, 'PARLOR_LIMIT_WORKSPACE_FILES_PER_DAY'] as const,
    ].map(([window, ceiling, variable]) => ({
      scope: `f:w:${window}:${u.workspaceId}`,
      windowSeconds: window,
      ceiling,
      message: refusing(WORKSPACE_UPLOADS, `${ceiling} files`, window, variable),
    })),
    ...uploadByteRules(uploads, u),
  ];
}

/** The bytes visitors upload, in KiB: per client address and per workspace, per hour and per day. */
export function uploadByteRules(uploads: UploadLimits, u: Uploader): AbuseRule[] {
  const who = clientKey(u.address);
  const rules = [
    [`b:a:${HOUR}:${who}`, HOUR, uploads.addressMbPerHour, ADDRESS_UPLOADS, 'PARLOR_LIMIT_ADDRESS_UPLOAD_MB_PER_HOUR'],
    [`b:a:${DAY}:${who}`, DAY, uploads.addressMbPerDay, ADDRESS_UPLOADS, 'PARLOR_LIMIT_ADDRESS_UPLOAD_MB_PER_DAY'],
    [
      `b:w:${HOUR}:${u.workspaceId}`,
      HOUR,
      uploads.workspaceMbPerHour,
      WORKSPACE_UPLOADS,
      'PARLOR_LIMIT_WORKSPACE_UPLOAD_MB_PER_HOUR',
    ],
    [
      `b:w:${DAY}:${u.workspaceId}`,
      DAY,
      uploads.workspaceMbPerDay,
      WORKSPACE_UPLOADS,
      'PARLOR_LIMIT_WORKSPACE_UPLOAD_MB_PER_DAY',
    ],
  ] as const;
  return rules.map(([scope, window, mb, who_, variable]) => ({
    scope,
    windowSeconds: window,
    ceiling: mb * 1024,
    message: refusing(who_, `${mb} MB`, window, variable),
  }));
}

/** Adds an upload's bytes (less the KiB counted when it was let in) to its byte windows. */
export async function countUploadBytes(db: Kysely<Database>, rules: AbuseRule[], bytes: number, now: Date) {
  const { hits } = hitsOf(rules, now);
  await addToHits(db, hits, Math.ceil(bytes / 1024) - 1);
}

export const SIGN_IN_MESSAGE = 'Too many failed sign-ins; please wait 15 minutes and try again.';

/**
 * Failed console sign-ins: 10 per account and 50 per client address in 15 minutes. Every
 * attempt is counted before its password is checked (enforceAbuseRules, one statement, so
 * that concurrent attempts on any instance count each other and no more than the ceiling
 * ever reach the password hash), and a right password takes its count back
 * (uncountAttempt). The 11th failed try is refused whatever password it brings.
 */
export function signInRules(email: string, address: string): AbuseRule[] {
  const window = 15 * MINUTE;
  // Sliding over the last 15 minutes, a minute at a time: no window edge to burst across.
  const slices = 15;
  return [
    { scope: `u:e:${email}`, windowSeconds: window, ceiling: 10, message: SIGN_IN_MESSAGE, slices },
    { scope: `u:a:${clientKey(address)}`, windowSeconds: window, ceiling: 50, message: SIGN_IN_MESSAGE, slices },
  ];
}

/**
 * The row each rule counts a hit in. A fixed window's row ends with the window; a sliding
 * window's row is its current slice, kept (window_end) until that slice leaves the window.
 */
function hitsOf(rules: AbuseRule[], now: Date): { active: AbuseRule[]; hits: Hit[]; nowSeconds: number } {
  const active = rules.filter((r) => r.ceiling > 0 && r.windowSeconds > 0);
  const nowSeconds = now.getTime() / 1000;
  const hits = active.map((r) => {
    const span = r.slices ? r.windowSeconds / r.slices : r.windowSeconds;
    const end = (Math.floor(nowSeconds / span) + 1) * span;
    // A slice counts while any of it is within the window: until its end plus the window.
    return { scope: r.scope, windowEnd: r.slices ? end + r.windowSeconds : end, ceiling: r.ceiling };
  });
  return { active, hits, nowSeconds };
}

function refusal(active: AbuseRule[], refused: Hit[], nowSeconds: number): LimitExceeded {
  const rule = active.find((r) => r.scope === refused[0]?.scope);
  const retryAfter = Math.max(...refused.map((h) => h.windowEnd)) - nowSeconds;
  return new LimitExceeded(rule?.message ?? LEADS_MESSAGE, retryAfter);
}

/** Takes back the hit enforceAbuseRules counted at the same `now` (an attempt that succeeded). */
export async function uncountAttempt(db: Kysely<Database>, rules: AbuseRule[], now: Date): Promise<void> {
  await uncountHits(db, hitsOf(rules, now).hits);
}

/**
 * Counts one hit against each rule that is on (one statement); throws LimitExceeded with the
 * seconds until every refusing window has ended. Call it inside the transaction that does
 * the limited thing, before doing it.
 */
export async function enforceAbuseRules(db: Kysely<Database>, rules: AbuseRule[], now: Date): Promise<void> {
  const { active, hits, nowSeconds } = hitsOf(rules, now);
  if (active.length === 0) return;
  const sliding = new Set(active.filter((r) => r.slices).map((r) => r.scope));
  const refused = await countHits(
    db,
    hits.filter((h) => !sliding.has(h.scope)),
  );
  if (refused.length) throw refusal(active, refused, nowSeconds);
  for (const hit of hits.filter((h) => sliding.has(h.scope))) {
    const wait = await slidingHits(db, hit, nowSeconds);
    if (wait !== null) {
      const rule = active.find((r) => r.scope === hit.scope);
      throw new LimitExceeded(rule?.message ?? SIGN_IN_MESSAGE, wait);
    }
  }
}
