// The TourDesk an answer engine gets for one session (answer/tour-desk.ts): free slots and a
// booking, with refusals as answers the engine can say (why, and the next free slots) rather
// than errors. The same rules as the API's: one verb each, shared with BookTour.
import type { VisitorOrigin } from '../abuse/index.ts';
import type { TourDesk, TourSlotData } from '../answer/index.ts';
import { type Chatbot, findChatbotById } from '../chatbots/index.ts';
import { DomainError, NotFound } from '../errors.ts';
import { signingSecretOf } from '../workspaces/index.ts';
import { bookTour, SlotTaken, startOf } from './booking.ts';
import { addressOf, availabilityFor, showableListing } from './context.ts';
import type { TourDeps } from './deps.ts';
import { localeOf, slotRecord } from './labels.ts';
import { appointmentCard } from './records.ts';
import { nextFreeSlots, searchSlots } from './slot-search.ts';

export interface DeskContext {
  workspaceId: number;
  chatbotId: number;
  sessionId: number;
  /** A visitor's conversation (the widget): the abuse limits apply to its bookings. */
  visitor?: VisitorOrigin | null;
  /** Who books: the chat's engine (default) or an MCP client's book_tour (mcp/). */
  source?: 'chat' | 'mcp';
}

async function chatbotOf(deps: TourDeps, ctx: DeskContext): Promise<Chatbot> {
  const chatbot = await findChatbotById(deps.db.kysely, ctx.chatbotId);
  if (!chatbot || chatbot.workspaceId !== ctx.workspaceId) throw new NotFound(`session ${ctx.sessionId}`);
  return chatbot;
}

const reasonOf = (err: unknown) => (err instanceof DomainError ? err.message : null);

/** The desk of one session; app.ts hands `tourDeskFor(deps)` to the chat feature. */
export function tourDeskFor(deps: TourDeps): (ctx: DeskContext) => TourDesk {
  return (ctx) => ({
    async slots(q) {
      const chatbot = await chatbotOf(deps, ctx);
      const locale = localeOf(chatbot.settings, q.language);
      try {
        const listing = await showableListing(deps, chatbot, q.mlsNumber);
        const a = await availabilityFor(deps, chatbot.id);
        if (a.hours.length === 0) return { ok: false, reason: 'showings cannot be booked here online', closed: true };
        const after = q.after === undefined ? undefined : startOf('after', q.after);
        const slots = await searchSlots(deps, chatbot, a, { from: q.from, days: q.days, after });
        return {
          ok: true,
          timeZone: chatbot.settings.TimeZone,
          mlsNumber: listing?.mls_number ?? '',
          address: addressOf(listing),
          slots: slots.map((s) => slotRecord(s, chatbot.settings.TimeZone, locale)),
        };
      } catch (err) {
        const reason = reasonOf(err);
        if (reason === null) throw err;
        return { ok: false, reason };
      }
    },

    async book(r) {
      const chatbot = await chatbotOf(deps, ctx);
      const locale = localeOf(chatbot.settings, r.language);
      try {
        const appointment = await bookTour(
          deps,
          { chatbot, sessionId: ctx.sessionId, source: ctx.source ?? 'chat', visitor: ctx.visitor ?? null, locale },
          r,
        );
        const secret = await signingSecretOf(deps.db.kysely, chatbot.workspaceId);
        return {
          ok: true,
          appointment: appointmentCard(appointment, {
            publicUrl: deps.publicUrl,
            secret,
            settings: chatbot.settings,
            locale,
          }),
        };
      } catch (err) {
        const reason = reasonOf(err);
        if (reason === null) throw err;
        const taken = err instanceof SlotTaken;
        return { ok: false, reason, taken, nextSlots: await nextSlots(deps, chatbot, r.start, locale) };
      }
    },
  });
}

/** The free slots nearest after the asked start (or from now), for a refusal to offer. */
async function nextSlots(deps: TourDeps, chatbot: Chatbot, start: string, locale: string): Promise<TourSlotData[]> {
  const a = await availabilityFor(deps, chatbot.id);
  if (a.hours.length === 0) return [];
  let after = deps.clock().getTime();
  try {
    after = startOf('Start', start);
  } catch {
    // Not a time: the nearest from now.
  }
  const slots = await nextFreeSlots(deps, chatbot, a, after);
  return slots.map((s) => slotRecord(s, chatbot.settings.TimeZone, locale));
}
