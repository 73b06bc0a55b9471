// A showing booked in the conversation (docs/tours.md, "In the chat"): the visitor asks to see
// a home ("can I see the second one on Saturday morning?") or to meet an agent; the engine
// offers the free slots nearest what was asked (the asked time itself when it is free), the
// visitor picks one and gives a name and an email or phone (in any order, over several
// turns), and the TourDesk books it. A slot refused at booking (taken meanwhile) offers the
// free ones now. Any other message leaves the booking and is answered as usual.
import type { Listing } from '../../listings/index.ts';
import type { AnswerRequest } from '../engine.ts';
import type { TourCardData, TourDesk, TourSlotData } from '../tour-desk.ts';
import type { Say } from './answers.ts';
import { contactOf } from './contact.ts';
import type { ConversationState } from './conversation.ts';
import { withoutPositionOrdinals } from './day-ordinals.ts';
import { tourLangOf, tourTextsFor } from './i18n/index.ts';
import type { TourTexts } from './i18n/tour-texts.ts';
import { detectLanguage, normalize } from './lexicon.ts';
import { parseQuestion } from './parse.ts';
import { volunteered } from './qualification-reader.ts';
import { resolve } from './resolve.ts';
import type { TourState } from './tour-state.ts';
import { type AskedWhen, askedWhen, namesTime, PART_HOURS } from './tour-when.ts';
import { asksForTour, mayAskForTour, meetsAgent, nearestSlots, pickedSlot } from './tour-words.ts';
import { byIds, done, type Turn } from './turn.ts';

/** Slots one answer offers: the widget's buttons. */
const OFFERED = 6;
/** Slots offered around a time that is not free. */
const NEAREST = 3;
/** The longest message read for a showing. */
const MAX_READ = 500;
/** Days searched after the day asked (or today). */
const WINDOW_DAYS = 7;
/** A name given alone, when it is what the booking still needs ("Sam Ortiz", "soy Lucía"). */
const NAME_INTRO_RE =
  /^(?:i['’]?m|i am|my name is|it['’]?s|soy|me llamo|je suis|je m['’]appelle|moi c['’]est|sou|me chamo|meu nome [eé])\s+/i;
const BARE_NAME_RE = /^(\p{Lu}[\p{L}\p{M}'’-]+(?:\s+\p{Lu}[\p{L}\p{M}'’-]+){0,3})\s*[.!]?$/u;
const bareNameOf = (text: string) => BARE_NAME_RE.exec(text.trim().replace(NAME_INTRO_RE, ''))?.[1];

const pad = (n: number) => String(n).padStart(2, '0');

/** The listing a tour ask is about: named (MLS, address, link), by position, or the one talked about. */
async function listingOf(req: AnswerRequest, state: ConversationState, text: string): Promise<Listing | undefined> {
  const p = parseQuestion(text);
  const r = await resolve(p, req.listings);
  if (r.named[0]) return r.named[0];
  const pos = p.ref.position;
  const id =
    pos !== undefined && state.shown.length ? (pos < 0 ? state.shown.at(-1) : state.shown[pos - 1]) : state.about;
  return id === undefined ? undefined : (await byIds(req, [id]))[0];
}

/** How a wall-clock time reads in the visitor's language, like a slot's label. */
function localLabel(date: string, hour: number, minute: number, lang: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(lang, {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hour, minute));
}

const listed = (slots: readonly TourSlotData[]) => slots.map((s, i) => `${i + 1}. ${s.Label}`).join('\n');

const card = (t: TourState): TourCardData => ({
  MLSNumber: t.mlsNumber,
  Address: t.address,
  Slots: t.offered,
  Appointment: null,
});

/**
 * Offers the slots nearest what was asked and says them; the asked time becomes the chosen
 * slot when it is free. False when none can be offered (said why).
 */
async function offer(
  desk: TourDesk,
  t: TourState,
  when: AskedWhen,
  w: TourTexts,
  say: Say,
): Promise<'offered' | 'closed' | 'refused'> {
  const answer = await desk.slots({
    mlsNumber: t.mlsNumber || undefined,
    from: when.date,
    days: WINDOW_DAYS,
    language: t.lang,
  });
  if (!answer.ok) {
    if (answer.closed) return 'closed';
    say(`${w.refused(answer.reason)} ${w.leaveContact}`);
    return 'refused';
  }
  t.address = answer.address;
  const all = answer.slots;
  if (!all.length) {
    say(`${w.unavailable} ${w.leaveContact}`);
    return 'refused';
  }
  t.chosen = undefined;
  if (when.hour !== undefined) {
    // A time without a day ("at 10"): the first day with a free slot then, else the first day.
    const time = `T${pad(when.hour)}:${pad(when.minute ?? 0)}`;
    const date = when.date ?? (all.find((s) => s.Start.slice(10, 16) === time) ?? all[0])?.Start.slice(0, 10) ?? '';
    const onDay = all.filter((s) => s.Start.startsWith(date));
    const at = `${date}T${pad(when.hour)}:${pad(when.minute ?? 0)}`;
    const exact = onDay.find((s) => s.Start.startsWith(at));
    t.offered = nearestSlots(all, at, NEAREST);
    say(w.offer(t.address));
    if (exact) {
      t.chosen = exact;
      say(w.free(exact.Label));
    } else {
      say(w.notFree(localLabel(date, when.hour, when.minute ?? 0, t.lang)));
    }
    say(listed(t.offered));
    return 'offered';
  }
  const date = when.date;
  const onDay = date ? all.filter((s) => s.Start.startsWith(date)) : all;
  const [from, to] = when.part ? PART_HOURS[when.part] : [0, 24];
  const fits = onDay.filter((s) => {
    const hour = Number(s.Start.slice(11, 13));
    return hour >= from && hour < to;
  });
  say(w.offer(t.address));
  if (fits.length) {
    t.offered = fits.slice(0, OFFERED);
  } else {
    t.offered = nearestSlots(all, `${date ?? all[0]?.Start.slice(0, 10)}T${pad(from)}:00`, NEAREST);
    say(w.noneThen);
  }
  say(listed(t.offered));
  return 'offered';
}

async function book(req: AnswerRequest, t: TourState, chosen: TourSlotData, w: TourTexts, say: Say, text: string) {
  const desk = req.tours;
  if (!desk) return undefined;
  const answer = await desk.book({
    start: chosen.Start,
    mlsNumber: t.mlsNumber || undefined,
    name: t.name,
    email: t.email,
    phone: t.phone,
    message: t.message,
    language: t.lang,
    // What the visitor volunteered in the conversation, as a lead taken in the chat gets it.
    qualification: await volunteered(req, text),
  });
  if (answer.ok) {
    const a = answer.appointment;
    say(w.booked(a.Label, a.Address, a.ManageUrl, t.email));
    return { MLSNumber: a.MLSNumber, Address: a.Address, Slots: [], Appointment: a };
  }
  say(answer.taken ? w.justTaken(chosen.Label) : w.refused(answer.reason));
  t.chosen = undefined;
  t.offered = answer.nextSlots.slice(0, OFFERED);
  if (!t.offered.length) return undefined;
  say(listed(t.offered));
  say(w.pick);
  return card(t);
}

/**
 * The turn when the message asks for a showing or continues one being booked; else null (and
 * a booking left unfinished is forgotten).
 */
export async function tourTurn(
  req: AnswerRequest,
  state: ConversationState,
  say: Say,
  original: string,
  turnLang: string,
): Promise<Turn | null> {
  const desk = req.tours;
  const pending = state.tour;
  if (!desk) return null;
  const lang = pending?.lang ?? turnLang;
  const { contact, rest } = contactOf(original);
  const norm = normalize(rest).replace(/\s+/g, ' ').trim();
  if (!pending && !mayAskForTour(norm)) return null;
  // A reply to a booking is short; a long message is no part of one (and chrono's time grows with it).
  if (rest.length > MAX_READ) {
    state.tour = undefined;
    return null;
  }
  // Dates are read in the message's language (a chatbot may answer in another), else the answer's.
  // "a segunda" right after a list is the second one, not Monday: no date is read in it.
  const afterList = Boolean(pending?.offered.length) || state.shown.length > 0;
  const dated = withoutPositionOrdinals(rest, norm, afterList);
  const read = (as: string) => askedWhen(dated, norm, tourLangOf(as), req.now, req.chatbot.settings.TimeZone);
  const written = detectLanguage(rest);
  let when = read(written);
  if (!namesTime(when) && lang !== written) when = read(lang);
  const asks = asksForTour(norm, when);
  const picked = pending && !asks ? pickedSlot(norm, when, pending.offered, pending.chosen) : undefined;
  const bareName = pending?.chosen && !contact && !picked ? bareNameOf(original) : undefined;
  const continues = pending && (picked || contact || bareName || namesTime(when));
  if (!asks && !continues) {
    state.tour = undefined;
    return null;
  }
  const w = tourTextsFor(lang);
  let t: TourState;
  let offered = false;
  if (asks || !pending) {
    const listing = meetsAgent(norm) ? undefined : await listingOf(req, state, rest);
    if (listing) state.about = listing.id;
    t = {
      lang: turnLang,
      mlsNumber: listing?.mls_number ?? (meetsAgent(norm) ? '' : (pending?.mlsNumber ?? '')),
      address: '',
      offered: [],
      name: pending?.name ?? '',
      email: pending?.email ?? '',
      phone: pending?.phone ?? '',
      message: original.slice(0, 2000),
    };
    const outcome = await offer(desk, t, when, tourTextsFor(t.lang), say);
    if (outcome !== 'offered') {
      // A chatbot without hours answers as it would without a desk (the lead step, a person).
      state.tour = undefined;
      return outcome === 'closed' ? null : done(true);
    }
    offered = true;
  } else {
    t = pending;
    if (picked) t.chosen = picked;
    else if (!contact && !bareName) {
      // Another day or time than the ones offered.
      if ((await offer(desk, t, when, w, say)) !== 'offered') {
        state.tour = undefined;
        return done(true);
      }
      offered = true;
    }
  }
  if (contact) {
    // "Soy Lucía Fernández, …": the capitalised introduction is no part of the name.
    t.name = contact.name.replace(NAME_INTRO_RE, '') || t.name;
    t.email = contact.email || t.email;
    t.phone = contact.phone || t.phone;
  }
  if (bareName) t.name = bareName;
  state.tour = t;
  const chosen = t.chosen;
  if (!chosen) {
    if (!offered) say(listed(t.offered));
    say(tourTextsFor(t.lang).pick);
    return { ...done(true), tour: card(t) };
  }
  const tw = tourTextsFor(t.lang);
  if (t.name && (t.email || t.phone)) {
    const tour = await book(req, t, chosen, tw, say, original);
    if (tour?.Appointment) state.tour = undefined;
    return { ...done(true), tour };
  }
  say(!t.name && !t.email && !t.phone ? tw.askContact(chosen.Label) : !t.name ? tw.askName : tw.askReach);
  return { ...done(true), tour: offered ? card(t) : undefined };
}
