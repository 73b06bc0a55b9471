// An answer's Tour as the widget reads it, from the server or from a transcript any script of
// the page may have written: fields as text, malformed slots dropped, nothing to show → null.
import { describe, expect, it } from 'vitest';
import { tourCard } from './tour-data.ts';

const SLOT = { Start: '2026-03-07T10:00:00-06:00', End: '2026-03-07T10:30:00-06:00', Label: 'Sat, Mar 7, 10:00 AM' };

describe('tourCard', () => {
  it('keeps the slots and the booking as text', () => {
    const card = tourCard({
      MLSNumber: 'A1',
      Address: 12,
      Slots: [SLOT, null, { Start: '', Label: 'x' }, { Start: 5, Label: { x: 1 } }, 'junk'],
      Appointment: { AppointmentID: '7', Label: 'Sat', ManageUrl: 'javascript:alert(1)', Extra: 'dropped' },
    });
    expect(card).toEqual({
      MLSNumber: 'A1',
      Address: '12',
      Slots: [SLOT],
      Appointment: {
        AppointmentID: 7,
        Start: '',
        End: '',
        Label: 'Sat',
        Status: '',
        MLSNumber: '',
        Address: '',
        ManageUrl: 'javascript:alert(1)',
        CalendarUrl: '',
      },
    });
  });

  it('is null without slots or a booking, or for anything but an object', () => {
    for (const v of [null, undefined, 'x', 3, [], { Slots: [] }, { Appointment: { AppointmentID: 0, Label: 'x' } }]) {
      expect(tourCard(v), JSON.stringify(v)).toBeNull();
    }
  });

  it('keeps at most 12 slots', () => {
    expect(tourCard({ Slots: Array.from({ length: 30 }, () => SLOT) })?.Slots).toHaveLength(12);
  });
});
