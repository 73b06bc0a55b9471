// The model's showing tools (docs/tours.md, "In the chat"): find_tour_slots and book_tour over the
// session's TourDesk. Outputs are plain JSON the model reads; a refusal says why and offers the
// next free slots, so the model can offer them. Which slots it offered and what it booked are
// recorded (recordingDesk) for the answer's card: the widget's slot buttons or confirmation.
import type { Static } from 'typebox';
import type { AnswerRequest } from './engine.ts';
import { bookTourInput, given, tourSlotsInput } from './tool-inputs.ts';
import type { TourCardData, TourDesk, TourSlotData } from './tour-desk.ts';

/** Slots a tool result lists: enough to choose from, few enough to read. */
const SLOTS_SHOWN = 8;
/** Slot buttons an answer offers in the widget. */
const SLOT_BUTTONS = 6;

const slotLines = (slots: readonly TourSlotData[]) => slots.map((s) => ({ start: s.Start, when: s.Label }));

export const TOUR_TOOLS = {
  find_tour_slots: {
    description:
      'Free times to see a listing (a showing, a visit, a tour) or to meet an agent, in the business’s time zone. ' +
      'Call it when the visitor wants to see a home; offer them a few of the times it returns, then book_tour.',
    parameters: tourSlotsInput,
    async execute(req: AnswerRequest, input: Static<typeof tourSlotsInput>) {
      if (!req.tours) return { available: false, reason: 'Showings cannot be booked online for this business.' };
      const answer = await req.tours.slots({
        mlsNumber: given(input.mlsNumber)?.trim() || undefined,
        from: given(input.date) ?? undefined,
        days: given(input.days) ?? 7,
      });
      if (!answer.ok) return { available: false, reason: answer.reason };
      return {
        available: answer.slots.length > 0,
        timeZone: answer.timeZone,
        listing: answer.mlsNumber ? { mlsNumber: answer.mlsNumber, address: answer.address } : null,
        slots: slotLines(answer.slots.slice(0, SLOTS_SHOWN)),
        more: Math.max(0, answer.slots.length - SLOTS_SHOWN),
      };
    },
  },
  book_tour: {
    description:
      'Books a showing at one of the times find_tour_slots returned (its start, exactly), with the visitor’s name ' +
      'and an email or a phone number. Ask for what is missing first; confirm the booked time to the visitor.',
    parameters: bookTourInput,
    async execute(req: AnswerRequest, input: Static<typeof bookTourInput>) {
      if (!req.tours) return { booked: false, reason: 'Showings cannot be booked online for this business.' };
      const email = given(input.email)?.trim() ?? '';
      const phone = given(input.phone)?.trim() ?? '';
      if (!email && !phone)
        return { booked: false, reason: 'Ask the visitor for an email address or a phone number first.' };
      const answer = await req.tours.book({
        start: input.start.trim(),
        mlsNumber: given(input.mlsNumber)?.trim() || undefined,
        name: input.name.trim(),
        email,
        phone,
        message: given(input.message)?.trim() ?? '',
      });
      if (!answer.ok) return { booked: false, reason: answer.reason, nextSlots: slotLines(answer.nextSlots) };
      const a = answer.appointment;
      return {
        booked: true,
        appointmentId: a.AppointmentID,
        start: a.Start,
        when: a.Label,
        address: a.Address,
        manageUrl: a.ManageUrl,
      };
    },
  },
};

/**
 * The desk, recording the slots it last offered and the showing it booked; `card()` is the
 * answer's Tour: the booking when there was one, else the slots offered, else none.
 */
export function recordingDesk(desk: TourDesk): { desk: TourDesk; card(): TourCardData | undefined } {
  let offered: { mlsNumber: string; address: string; slots: TourSlotData[] } | null = null;
  let booked: TourCardData | null = null;
  return {
    desk: {
      async slots(q) {
        const answer = await desk.slots(q);
        if (answer.ok && answer.slots.length) offered = { ...answer, slots: answer.slots.slice(0, SLOT_BUTTONS) };
        return answer;
      },
      async book(r) {
        const answer = await desk.book(r);
        if (answer.ok) {
          const a = answer.appointment;
          booked = { MLSNumber: a.MLSNumber, Address: a.Address, Slots: [], Appointment: a };
        } else if (answer.nextSlots.length) {
          offered = { mlsNumber: r.mlsNumber ?? '', address: offered?.address ?? '', slots: answer.nextSlots };
        }
        return answer;
      },
    },
    card() {
      if (booked) return booked;
      if (offered)
        return { MLSNumber: offered.mlsNumber, Address: offered.address, Slots: offered.slots, Appointment: null };
      return undefined;
    },
  };
}
