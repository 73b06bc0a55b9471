// What one client address, or all the visitors of one chatbot, may do on the public
// endpoints (GetConfig, Ask, TalkToHuman). Each limit is a count per fixed window, counted
// in the database inside the transaction that does the thing, so it holds across instances
// and a refused request leaves nothing behind. Fixed windows cost one upsert per request;
// the price is that a burst straddling a window's end can reach twice the count, which still
// stops a script.
import type { Kysely } from 'kysely';
import type { AbuseLimits } from '../config.ts';
import type { Database } from '../db/tables.ts';
import { LimitExceeded } from '../errors.ts';
import { clientKey } from './client-address.ts';
import { countHits, type Hit, uncountHits } from './repo.ts';

export interface AbuseRule {
  scope: string;
  windowSeconds: number;
  /** 0 = off. */
  ceiling: number;
  message: string;
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

/** A visitor's upload: per session, and over all the chatbot's visitors. */
export function uploadRules(limits: AbuseLimits, chatbotId: number, sessionId: number): AbuseRule[] {
  return [
    { scope: `f:s:${sessionId}`, windowSeconds: 24 * HOUR, ceiling: limits.filesPerSession, message: FILES_MESSAGE },
    {
      scope: `f:c:${chatbotId}`,
      windowSeconds: HOUR,
      ceiling: limits.chatbotFilesPerHour,
      message: CHATBOT_FILES_MESSAGE,
    },
  ];
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
  return [
    { scope: `u:e:${email}`, windowSeconds: window, ceiling: 10, message: SIGN_IN_MESSAGE },
    { scope: `u:a:${clientKey(address)}`, windowSeconds: window, ceiling: 50, message: SIGN_IN_MESSAGE },
  ];
}

function hitsOf(rules: AbuseRule[], now: Date): { active: AbuseRule[]; hits: Hit[]; nowSeconds: number } {
  const active = rules.filter((r) => r.ceiling > 0 && r.windowSeconds > 0);
  const nowSeconds = now.getTime() / 1000;
  const hits = active.map((r) => ({
    scope: r.scope,
    windowEnd: (Math.floor(nowSeconds / r.windowSeconds) + 1) * r.windowSeconds,
    ceiling: r.ceiling,
  }));
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
  const refused = await countHits(db, hits);
  if (refused.length) throw refusal(active, refused, nowSeconds);
}
