// The showing tools against a scripted TourDesk: what the model reads back (slots, a booking, a
// refusal with the next free slots, a missing contact), and the card the answer carries (the
// booking, else the slots last offered: the widget's buttons).
import { describe, expect, it } from 'vitest';
import type { AnswerRequest } from './engine.ts';
import { runTool } from './tools.ts';
import type { TourBookingAnswer, TourDesk, TourSlotData } from './tour-desk.ts';
import { recordingDesk } from './tour-tools.ts';

const slot = (h: number): TourSlotData => ({
  Start: `2026-03-07T${h}:00:00-06:00`,
  End: `2026-03-07T${h}:30:00-06:00`,
  Label: `Sat, Mar 7, ${h - 12 > 0 ? h - 12 : h}:00 ${h >= 12 ? 'PM' : 'AM'}`,
});
const SLOTS = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map(slot);
const CARD = {
  AppointmentID: 7,
  Start: SLOTS[0]?.Start ?? '',
  End: SLOTS[0]?.End ?? '',
  Label: 'Sat, Mar 7, 10:00 AM',
  Status: 'booked',
  MLSNumber: 'A1',
  Address: '1 Main St, Austin, TX',
  ManageUrl: 'https://parlor.example.com/tours/manage/7.1.x',
  CalendarUrl: 'https://parlor.example.com/tours/manage/7.1.x/invite.ics',
};

function desk(book: TourBookingAnswer): TourDesk & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    async slots(q) {
      asked.push(q);
      return { ok: true, timeZone: 'America/Chicago', mlsNumber: 'A1', address: '1 Main St, Austin, TX', slots: SLOTS };
    },
    async book(r) {
      asked.push(r);
      return book;
    },
  };
}

const req = (tours?: TourDesk) => ({ tours }) as unknown as AnswerRequest;
const run = async (r: AnswerRequest, name: string, args: unknown) =>
  JSON.parse(await runTool(r, name, JSON.stringify(args))) as Record<string, unknown>;

describe('find_tour_slots and book_tour', () => {
  it('lists the first 8 slots with how many more, asking the desk for the listing and the days', async () => {
    const d = desk({ ok: true, appointment: CARD });
    const out = await run(req(d), 'find_tour_slots', { mlsNumber: ' A1 ', date: '2026-03-07', days: 2 });
    expect(d.asked).toEqual([{ mlsNumber: 'A1', from: '2026-03-07', days: 2 }]);
    expect(out).toEqual({
      available: true,
      timeZone: 'America/Chicago',
      listing: { mlsNumber: 'A1', address: '1 Main St, Austin, TX' },
      slots: SLOTS.slice(0, 8).map((s) => ({ start: s.Start, when: s.Label })),
      more: 2,
    });
  });

  it('books, and the answer’s card is the booking', async () => {
    const rec = recordingDesk(desk({ ok: true, appointment: CARD }));
    await run(req(rec.desk), 'find_tour_slots', {});
    const out = await run(req(rec.desk), 'book_tour', { start: CARD.Start, name: 'Jane', email: 'jane@example.com' });
    expect(out).toEqual({
      booked: true,
      appointmentId: 7,
      start: CARD.Start,
      when: CARD.Label,
      address: CARD.Address,
      manageUrl: CARD.ManageUrl,
    });
    expect(rec.card()).toEqual({ MLSNumber: 'A1', Address: CARD.Address, Slots: [], Appointment: CARD });
  });

  it('a slot taken: the reason and the next free slots, which become the card’s buttons', async () => {
    const next = SLOTS.slice(1, 4);
    const rec = recordingDesk(
      desk({ ok: false, reason: 'Start: Sat, Mar 7, 10:00 AM is already taken', nextSlots: next }),
    );
    await run(req(rec.desk), 'find_tour_slots', { mlsNumber: 'A1' });
    const out = await run(req(rec.desk), 'book_tour', {
      start: CARD.Start,
      mlsNumber: 'A1',
      name: 'Jane',
      phone: '+1 512 555 0100',
    });
    expect(out).toEqual({
      booked: false,
      reason: 'Start: Sat, Mar 7, 10:00 AM is already taken',
      nextSlots: next.map((s) => ({ start: s.Start, when: s.Label })),
    });
    expect(rec.card()).toEqual({ MLSNumber: 'A1', Address: CARD.Address, Slots: next, Appointment: null });
  });

  it('offers at most 6 slot buttons; no card when no tool ran', async () => {
    const rec = recordingDesk(desk({ ok: true, appointment: CARD }));
    expect(rec.card()).toBeUndefined();
    await run(req(rec.desk), 'find_tour_slots', {});
    expect(rec.card()?.Slots).toEqual(SLOTS.slice(0, 6));
  });

  it('asks for a contact before booking, and says when showings cannot be booked', async () => {
    const d = desk({ ok: true, appointment: CARD });
    expect(await run(req(d), 'book_tour', { start: CARD.Start, name: 'Jane' })).toEqual({
      booked: false,
      reason: 'Ask the visitor for an email address or a phone number first.',
    });
    expect(d.asked).toEqual([]);
    expect(await run(req(), 'find_tour_slots', {})).toMatchObject({ available: false });
    expect(await run(req(d), 'book_tour', { name: 'Jane', email: 'j@example.com' })).toMatchObject({
      error: expect.stringContaining('invalid arguments for book_tour'),
    });
  });
});
