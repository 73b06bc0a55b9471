import { describe, expect, it } from 'vitest';
import { addDays, latestDueDay, localDayRange, localTime } from './local-day.ts';

const hours = (r: { from: Date; to: Date }) => (r.to.getTime() - r.from.getTime()) / 3_600_000;

describe('local calendar days', () => {
  it.each([
    ['2031-03-09', 'America/New_York', '2031-03-09T05:00:00.000Z', 23],
    ['2031-11-02', 'America/New_York', '2031-11-02T04:00:00.000Z', 25],
    ['2031-03-30', 'Europe/London', '2031-03-30T00:00:00.000Z', 23],
    ['2031-10-26', 'Europe/London', '2031-10-25T23:00:00.000Z', 25],
    ['2031-03-10', 'Asia/Tokyo', '2031-03-09T15:00:00.000Z', 24],
    ['2031-03-10', 'Asia/Kolkata', '2031-03-09T18:30:00.000Z', 24],
    // Chile changes its clocks at midnight: the day begins when the clock jumps to 01:00.
    ['2031-09-07', 'America/Santiago', '2031-09-07T04:00:00.000Z', 23],
    ['2031-04-05', 'America/Santiago', '2031-04-05T03:00:00.000Z', 25],
  ])('%s in %s starts at %s and lasts %d hours', (date, tz, start, length) => {
    const r = localDayRange(date, tz);
    expect(r.from.toISOString()).toBe(start);
    expect(hours(r)).toBe(length);
    expect(localTime(r.from, tz).date).toBe(date);
    expect(localTime(new Date(r.from.getTime() - 1), tz).date).toBe(addDays(date, -1));
    expect(localTime(new Date(r.to.getTime() - 1), tz).date).toBe(date);
  });

  it('a digest of day D is due from D+1 at the digest hour, local time', () => {
    // 07:59 and 08:00 EDT on the day after the spring-forward day.
    expect(latestDueDay(new Date('2031-03-10T11:59:00Z'), 'America/New_York', 8)).toBe('2031-03-08');
    expect(latestDueDay(new Date('2031-03-10T12:00:00Z'), 'America/New_York', 8)).toBe('2031-03-09');
    // 08:00 JST is 23:00 UTC the day before.
    expect(latestDueDay(new Date('2031-03-10T22:59:00Z'), 'Asia/Tokyo', 8)).toBe('2031-03-09');
    expect(latestDueDay(new Date('2031-03-10T23:00:00Z'), 'Asia/Tokyo', 8)).toBe('2031-03-10');
    expect(addDays('2031-03-01', -1)).toBe('2031-02-28');
    expect(addDays('2032-12-31', 1)).toBe('2033-01-01');
  });
});
