// What an engine may do about showings (docs/tours.md, "In the chat"): find free slots and book
// one for the visitor, through the chatbot's TourDesk (tours/ implements it; chat/ hands it to
// the engine for the session). Refusals are answers, not errors: an engine says why to the
// visitor and offers the next free slots. The cards an answer carries (the slots it offered,
// the showing it booked) are shaped here, below chat/ which stores and sends them.
import { type Static, Type } from 'typebox';
import type { Qualification } from './qualification.ts';

export const TourSlot = Type.Object({
  Start: Type.String({
    description: "ISO 8601 with the chatbot's UTC offset at that time",
    examples: ['2026-03-07T09:00:00-07:00'],
  }),
  End: Type.String({ examples: ['2026-03-07T09:30:00-07:00'] }),
  Label: Type.String({
    description: "The start as a visitor reads it, in the chatbot's language",
    examples: ['Sat, Mar 7, 9:00 AM'],
  }),
});
export type TourSlotData = Static<typeof TourSlot>;

export const AppointmentCard = Type.Object({
  AppointmentID: Type.Integer(),
  Start: Type.String({ examples: ['2026-03-07T09:00:00-07:00'] }),
  End: Type.String({ examples: ['2026-03-07T09:30:00-07:00'] }),
  Label: Type.String({ examples: ['Sat, Mar 7, 9:00 AM'] }),
  Status: Type.String({ description: 'booked or cancelled', examples: ['booked'] }),
  MLSNumber: Type.String({ description: '"" for a call with an agent' }),
  Address: Type.String(),
  ManageUrl: Type.String({ description: 'Signed link: cancel or reschedule without an account' }),
  CalendarUrl: Type.String({ description: 'The showing as an .ics file ("add to calendar")' }),
});
export type AppointmentCardData = Static<typeof AppointmentCard>;

export const TourCard = Type.Object(
  {
    MLSNumber: Type.String({ description: 'The listing the slots are for; "" for a call with an agent' }),
    Address: Type.String(),
    Slots: Type.Array(TourSlot, { description: 'Free slots offered, earliest first; [] when it booked one' }),
    Appointment: Type.Union([AppointmentCard, Type.Null()], { description: 'The showing the answer booked' }),
  },
  {
    description:
      'Present on an answer that offered showing slots or booked a showing (the widget shows buttons or a card)',
  },
);
export type TourCardData = Static<typeof TourCard>;

export interface TourSlotQuery {
  mlsNumber?: string;
  /** The first local date to look at ("YYYY-MM-DD"); today when absent. */
  from?: string;
  days?: number;
  /** Only slots starting at or after this instant (ISO 8601 with an offset). */
  after?: string;
  /** The visitor's language for the labels (ISO 639-1), when the chatbot answers in theirs. */
  language?: string;
}

export type TourSlotsAnswer =
  | { ok: true; timeZone: string; mlsNumber: string; address: string; slots: TourSlotData[] }
  /** `closed`: the chatbot takes no bookings at all (no hours set); an engine may answer as if it had no desk. */
  | { ok: false; reason: string; closed?: boolean };

export interface TourBookingRequest {
  /** ISO 8601 with an offset: a slot's Start. */
  start: string;
  mlsNumber?: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  language?: string;
  /** What the visitor volunteered of the qualification (the showing's lead gets it). */
  qualification?: Partial<Qualification>;
}

export type TourBookingAnswer =
  | { ok: true; appointment: AppointmentCardData }
  /** `taken`: the slot was a free one and another booking filled it meanwhile; `reason` says it for staff. */
  | { ok: false; reason: string; nextSlots: TourSlotData[]; taken?: boolean };

export interface TourDesk {
  slots(query: TourSlotQuery): Promise<TourSlotsAnswer>;
  book(request: TourBookingRequest): Promise<TourBookingAnswer>;
}
