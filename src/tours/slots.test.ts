// The slot grid against the calendar: notice, horizon, buffer, capacity, blocked dates, and both
// daylight-saving change days of America/Denver (2026-03-08 02:00 → 03:00, 2026-11-01 02:00 → 01:00).
import { describe, expect, it } from 'vitest';
import { type AvailabilityInput, availabilityOf } from './availability.ts';
import { slotRecord } from './labels.ts';
import { type BookedInterval, candidateSlots, freeSlots, slotAt } from './slots.ts';
import { isoWithOffset, parseIsoWithOffset } from './zoned-time.ts';

const TZ = 'America/Denver';
const at = (iso: string) => {
  const t = parseIsoWithOffset(iso);
  if (t === null) throw new Error(`bad test time ${iso}`);
  return t;
};

function slots(
  input: Partial<AvailabilityInput>,
  now: string,
  from: string,
  days: number,
  booked: BookedInterval[] = [],
) {
  const a = availabilityOf({ Hours: [], ...input });
  const c = candidateSlots(a, TZ, at(now), { from, days });
  return freeSlots(a, c, booked).map((s) => slotRecord(s, TZ, 'en'));
}

const EARLY_SUNDAY = { Hours: [{ Day: 'Sun', Start: '00:00', End: '04:00' }], NoticeMinutes: 0 };

describe('daylight-saving days in America/Denver', () => {
  it('spring forward: 02:00 and 02:30 do not exist; the offset changes from -07:00 to -06:00', () => {
    const s = slots(EARLY_SUNDAY, '2026-03-01T00:00:00Z', '2026-03-08', 1);
    expect(s.map((x) => x.Start)).toEqual([
      '2026-03-08T00:00:00-07:00',
      '2026-03-08T00:30:00-07:00',
      '2026-03-08T01:00:00-07:00',
      '2026-03-08T01:30:00-07:00',
      '2026-03-08T03:00:00-06:00',
      '2026-03-08T03:30:00-06:00',
    ]);
    // The slot before the gap lasts its 30 real minutes: it ends at 03:00 daylight time.
    expect(s[3]?.End).toBe('2026-03-08T03:00:00-06:00');
    expect(s.some((x) => /(^|\D)2:\d\d/.test(x.Label))).toBe(false);
  });

  it('fall back: 01:00 and 01:30 are offered once (the first, -06:00), none twice', () => {
    const s = slots(EARLY_SUNDAY, '2026-10-25T00:00:00Z', '2026-11-01', 1);
    expect(s.map((x) => x.Start)).toEqual([
      '2026-11-01T00:00:00-06:00',
      '2026-11-01T00:30:00-06:00',
      '2026-11-01T01:00:00-06:00',
      '2026-11-01T01:30:00-06:00',
      '2026-11-01T02:00:00-07:00',
      '2026-11-01T02:30:00-07:00',
      '2026-11-01T03:00:00-07:00',
      '2026-11-01T03:30:00-07:00',
    ]);
    expect(new Set(s.map((x) => x.Label)).size).toBe(s.length);
  });

  it('the days around the changes keep office hours at 09:00 local with their own offsets', () => {
    const hours = { Hours: ['Sat', 'Sun', 'Mon'].map((Day) => ({ Day, Start: '09:00', End: '10:00' })) };
    const spring = slots(hours, '2026-03-01T00:00:00Z', '2026-03-07', 3).map((x) => x.Start);
    expect(spring).toEqual([
      '2026-03-07T09:00:00-07:00',
      '2026-03-07T09:30:00-07:00',
      '2026-03-08T09:00:00-06:00',
      '2026-03-08T09:30:00-06:00',
      '2026-03-09T09:00:00-06:00',
      '2026-03-09T09:30:00-06:00',
    ]);
    const fall = slots(hours, '2026-10-25T00:00:00Z', '2026-10-31', 3).map((x) => x.Start);
    expect(fall).toEqual([
      '2026-10-31T09:00:00-06:00',
      '2026-10-31T09:30:00-06:00',
      '2026-11-01T09:00:00-07:00',
      '2026-11-01T09:30:00-07:00',
      '2026-11-02T09:00:00-07:00',
      '2026-11-02T09:30:00-07:00',
    ]);
  });

  it('books 01:30 on the fall-back day as its first instant, and 02:30 on the spring day is no slot', () => {
    const a = availabilityOf(EARLY_SUNDAY);
    const first = slotAt(a, TZ, at('2026-10-25T00:00:00Z'), at('2026-11-01T01:30:00-06:00'));
    expect(first.slot).not.toBeNull();
    const second = slotAt(a, TZ, at('2026-10-25T00:00:00Z'), at('2026-11-01T01:30:00-07:00'));
    expect(second.problem?.kind).toBe('grid');
    // 02:30 read with the standard offset is 03:30 daylight time, a real slot of its own.
    const skipped = slotAt(a, TZ, at('2026-03-01T00:00:00Z'), at('2026-03-08T02:30:00-07:00'));
    expect(skipped.slot && isoWithOffset(skipped.slot.start, TZ)).toBe('2026-03-08T03:30:00-06:00');
  });
});

describe('the rules of a slot', () => {
  const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((Day) => ({ Day, Start: '09:00', End: '12:00' }));
  // Monday 2026-06-01, 08:00 in Denver (-06:00).
  const NOW = '2026-06-01T08:00:00-06:00';

  it('starts no sooner than NoticeMinutes from now', () => {
    const s = slots({ Hours: WEEKDAYS, NoticeMinutes: 120 }, NOW, '2026-06-01', 1);
    expect(s[0]?.Start).toBe('2026-06-01T10:00:00-06:00');
  });

  it('offers nothing past HorizonDays', () => {
    const s = slots({ Hours: WEEKDAYS, HorizonDays: 2 }, NOW, '2026-06-01', 30);
    // Two days from Monday 08:00 is Wednesday 08:00: the last slot is Tuesday's.
    expect(s.at(-1)?.Start).toBe('2026-06-02T11:30:00-06:00');
  });

  it('spaces slots by SlotMinutes + BufferMinutes and keeps each inside the hours', () => {
    const s = slots({ Hours: WEEKDAYS, SlotMinutes: 45, BufferMinutes: 15, NoticeMinutes: 0 }, NOW, '2026-06-01', 1);
    expect(s.map((x) => x.Start.slice(11, 16))).toEqual(['09:00', '10:00', '11:00']);
  });

  it('skips blocked dates', () => {
    const s = slots({ Hours: WEEKDAYS, BlockedDates: ['2026-06-02'] }, NOW, '2026-06-02', 2);
    expect(new Set(s.map((x) => x.Start.slice(0, 10)))).toEqual(new Set(['2026-06-03']));
  });

  it('fills a slot at Capacity, and the buffer keeps a showing away from its neighbours', () => {
    const a = { Hours: WEEKDAYS, NoticeMinutes: 0, Capacity: 2, BufferMinutes: 30 };
    const nine = at('2026-06-02T09:00:00-06:00');
    const one: BookedInterval = { start: nine, end: nine + 30 * 60_000, count: 1 };
    const two: BookedInterval = { ...one, count: 2 };
    const starts = (b: BookedInterval[]) => slots(a, NOW, '2026-06-02', 1, b).map((x) => x.Start.slice(11, 16));
    expect(starts([one])).toEqual(['09:00', '10:00', '11:00']);
    expect(starts([two])).toEqual(['10:00', '11:00']);
    // A showing booked at 09:15 (before a change of the grid) is within the buffer of 10:00.
    const odd: BookedInterval = { start: nine + 15 * 60_000, end: nine + 45 * 60_000, count: 2 };
    expect(starts([odd])).toEqual(['11:00']);
  });

  it('tells why a start is not a slot', () => {
    const a = availabilityOf({ Hours: WEEKDAYS, NoticeMinutes: 120, HorizonDays: 7, BlockedDates: ['2026-06-03'] });
    const why = (iso: string) => slotAt(a, TZ, at(NOW), at(iso)).problem?.kind ?? 'ok';
    expect(why('2026-06-01T07:00:00-06:00')).toBe('past');
    expect(why('2026-06-01T09:00:00-06:00')).toBe('notice');
    expect(why('2026-06-20T09:00:00-06:00')).toBe('horizon');
    expect(why('2026-06-03T09:00:00-06:00')).toBe('blocked');
    expect(why('2026-06-02T13:00:00-06:00')).toBe('outside');
    expect(why('2026-06-06T09:00:00-06:00')).toBe('outside');
    expect(why('2026-06-02T09:10:00-06:00')).toBe('grid');
    expect(why('2026-06-02T15:30:00Z')).toBe('ok');
  });
});

describe('ISO 8601 with an offset', () => {
  it('reads a date, a time and an offset, and nothing less', () => {
    expect(parseIsoWithOffset('2026-06-02T09:00:00-06:00')).toBe(Date.parse('2026-06-02T15:00:00Z'));
    expect(parseIsoWithOffset('2026-06-02T15:00Z')).toBe(Date.parse('2026-06-02T15:00:00Z'));
    for (const bad of [
      '2026-06-02T09:00:00',
      '2026-06-02',
      'tomorrow at 9',
      '2026-02-30T09:00:00Z',
      '2026-06-02 09:00Z',
    ]) {
      expect(parseIsoWithOffset(bad), bad).toBeNull();
    }
  });
});
