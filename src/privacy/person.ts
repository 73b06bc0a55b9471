// Finds one person in a workspace (docs/privacy.md): the sessions, leads, appointments and
// outbox payloads an erasure removes. The e-mail matches in any case; the phone in its
// normalised form (tours/contact.ts: E.164, else its digits), so "+1 512.555.0100" and
// "(512) 555 0100" are one number; a session that carried the contact (a lead or a showing in
// it, or the e-mail or phone written in a question or an agent's reply: chat's record of the
// contacts written, looked up by index) is the person's, with its other leads and showings.

import type { Kysely } from 'kysely';
import { ratingIdsOfSessions, sessionsOfWorkspace, sessionsWhereVisitorWrote } from '../chat/index.ts';
import { emailListSetting } from '../chatbots/index.ts';
import { crmKey } from '../crm/index.ts';
import type { Database } from '../db/tables.ts';
import { Invalid, NotFound } from '../errors.ts';
import { type LeadContact, leadContacts, leadPhones, leadsWithEmail } from '../leads/index.ts';
import type { OutboxMatch } from '../outbox/index.ts';
import {
  type AppointmentContact,
  appointmentsOfContact,
  appointmentsOfSessionsOrLeads,
  emailKey,
  phoneKey,
} from '../tours/index.ts';

export interface PersonQuery {
  email?: string;
  phone?: string;
  sessionId?: number;
}

/** What an erasure removes. */
export interface ErasureTarget {
  workspaceId: number;
  sessionIds: number[];
  leadIds: number[];
  appointmentIds: number[];
  outbox: OutboxMatch;
}

interface Found {
  sessions: Set<number>;
  leads: LeadContact[];
  appointments: AppointmentContact[];
}

const PHONE_SCAN_PAGE = 2000;
/** The fewest digits a phone to erase by must have: fewer would match by accident. */
const PHONE_MIN_DIGITS = 7;

/** The checked query: the e-mail lower-cased, the phone's key; throws Invalid naming the field. */
export function checkQuery(q: PersonQuery): { email: string | null; phone: string | null; sessionId: number | null } {
  const email = q.email?.trim() ? q.email.trim() : null;
  const phone = q.phone?.trim() ? q.phone.trim() : null;
  const sessionId = q.sessionId ?? null;
  if (email === null && phone === null && sessionId === null) {
    throw new Invalid('Email', 'give an Email, a Phone or a SessionID (at least one of them)');
  }
  if (email !== null && emailListSetting('Email', email).includes(',')) {
    throw new Invalid('Email', 'must be one e-mail address');
  }
  if (phone !== null) {
    if (!/^\+?[\d\s().-]+$/.test(phone) || phone.replace(/\D/g, '').length < PHONE_MIN_DIGITS) {
      throw new Invalid(
        'Phone',
        `must be a phone number of at least ${PHONE_MIN_DIGITS} digits (spaces, dots, dashes, brackets and a leading + allowed)`,
      );
    }
  }
  return { email: email === null ? null : emailKey(email), phone: phone === null ? null : phoneKey(phone), sessionId };
}

async function byEmail(db: Kysely<Database>, ws: number, email: string): Promise<Found> {
  const leads = await leadsWithEmail(db, ws, email);
  const appointments = await appointmentsOfContact(db, ws, { email, phone: null });
  const sessions = new Set(await sessionsWhereVisitorWrote(db, ws, [`email:${email}`]));
  return { sessions, leads, appointments };
}

async function byPhone(db: Kysely<Database>, ws: number, key: string): Promise<Found> {
  const leads: LeadContact[] = [];
  for (let after = 0; ; ) {
    const page = await leadPhones(db, ws, after, PHONE_SCAN_PAGE);
    for (const l of page) if (phoneKey(l.phone) === key) leads.push(l);
    const last = page[page.length - 1];
    if (!last || page.length < PHONE_SCAN_PAGE) break;
    after = last.id;
  }
  const appointments = await appointmentsOfContact(db, ws, { email: null, phone: key });
  const sessions = new Set(await sessionsWhereVisitorWrote(db, ws, [`phone:${key}`]));
  return { sessions, leads, appointments };
}

async function bySession(db: Kysely<Database>, ws: number, sessionId: number): Promise<Found> {
  if ((await sessionsOfWorkspace(db, ws, [sessionId])).length === 0) throw new NotFound(`session ${sessionId}`);
  return { sessions: new Set([sessionId]), leads: [], appointments: [] };
}

function sessionsOf(f: Found): Set<number> {
  const s = new Set(f.sessions);
  for (const x of [...f.leads, ...f.appointments]) if (x.session_id !== null) s.add(x.session_id);
  return s;
}

function isEmpty(f: Found): boolean {
  return f.sessions.size === 0 && f.leads.length === 0 && f.appointments.length === 0;
}

/** Whether two findings share a session, a lead or a showing (are one person). */
function overlaps(a: Found, b: Found): boolean {
  const sa = sessionsOf(a);
  for (const s of sessionsOf(b)) if (sa.has(s)) return true;
  const leads = new Set(a.leads.map((l) => l.id));
  if (b.leads.some((l) => leads.has(l.id))) return true;
  const appts = new Set(a.appointments.map((x) => x.id));
  return b.appointments.some((x) => appts.has(x.id));
}

/** Finds the person; throws Invalid when two fields match different people, NotFound for an unknown session. */
export async function findPerson(db: Kysely<Database>, workspaceId: number, q: PersonQuery): Promise<ErasureTarget> {
  const c = checkQuery(q);
  const found: [string, Found][] = [];
  if (c.email !== null) found.push(['Email', await byEmail(db, workspaceId, c.email)]);
  if (c.phone !== null) found.push(['Phone', await byPhone(db, workspaceId, c.phone)]);
  if (c.sessionId !== null) found.push(['SessionID', await bySession(db, workspaceId, c.sessionId)]);
  for (let i = 0; i < found.length; i++) {
    for (let j = i + 1; j < found.length; j++) {
      const [na, a] = found[i] as [string, Found];
      const [nb, b] = found[j] as [string, Found];
      if (!isEmpty(a) && !isEmpty(b) && !overlaps(a, b)) {
        throw new Invalid(nb, `matches a different person than ${na}; erase each on its own`);
      }
    }
  }
  const sessions = new Set<number>();
  const leads = new Map<number, LeadContact>();
  const appointments = new Map<number, AppointmentContact>();
  for (const [, f] of found) {
    for (const s of sessionsOf(f)) sessions.add(s);
    for (const l of f.leads) leads.set(l.id, l);
    for (const a of f.appointments) appointments.set(a.id, a);
  }
  // The sessions where the contact of one of their leads or showings was typed in a question
  // (her phone, found by e-mail) are hers too.
  const typed = new Set<string>();
  for (const x of [...leads.values(), ...appointments.values()]) {
    if (x.email.trim()) typed.add(`email:${emailKey(x.email)}`);
    if (x.phone.replace(/\D/g, '').length >= PHONE_MIN_DIGITS) typed.add(`phone:${phoneKey(x.phone)}`);
  }
  for (const s of await sessionsWhereVisitorWrote(db, workspaceId, [...typed])) sessions.add(s);
  // The sessions' other leads and showings, and the showings' leads, are the same visitor's.
  const sessionIds = await sessionsOfWorkspace(db, workspaceId, [...sessions]);
  const appointmentLeads = [...appointments.values()].map((a) => a.lead_id);
  for (const l of await leadContacts(db, workspaceId, sessionIds, appointmentLeads)) leads.set(l.id, l);
  for (const a of await appointmentsOfSessionsOrLeads(db, workspaceId, sessionIds, [...leads.keys()])) {
    appointments.set(a.id, a);
  }
  const outbox = outboxMatch(
    c,
    [...leads.values(), ...appointments.values()],
    [...leads.keys()],
    [...appointments.keys()],
  );
  // Their leads' CRM events, whose key is exactly "crm:lead:<id>" (as a prefix it would match longer IDs).
  for (const id of leads.keys()) outbox.exactKeys.push(crmKey(id));
  // Their ratings' answer.rated webhooks carry the question and the answer.
  for (const id of await ratingIdsOfSessions(db, workspaceId, sessionIds)) outbox.keyPrefixes.push(`rating:${id}:`);
  return {
    workspaceId,
    sessionIds: sessionIds.sort((a, b) => a - b),
    leadIds: [...leads.keys()].sort((a, b) => a - b),
    appointmentIds: [...appointments.keys()].sort((a, b) => a - b),
    outbox,
  };
}

/** What marks the person's outbox payloads: their leads' and showings' keys, and their contact as written. */
export function outboxMatch(
  c: { email: string | null; phone: string | null },
  contacts: { email: string; phone: string }[],
  leadIds: number[],
  appointmentIds: number[],
): OutboxMatch {
  const texts = new Set<string>();
  const add = (t: string) => {
    const v = t.trim().toLowerCase();
    if (v.length >= PHONE_MIN_DIGITS) texts.add(v);
  };
  if (c.email !== null) add(c.email);
  if (c.phone !== null) add(c.phone);
  for (const x of contacts) {
    add(x.email);
    add(x.phone);
    add(phoneKey(x.phone));
  }
  return {
    keyPrefixes: [...leadIds.map((id) => `lead:${id}:`), ...appointmentIds.map((id) => `tour:${id}:`)],
    exactKeys: [],
    texts: [...texts],
  };
}
