import { describe, expect, it } from 'vitest';
import { utcRange } from './time-range.ts';

const range = (start?: string, end?: string) =>
  utcRange({ field: 'StartTime', value: start }, { field: 'EndTime', value: end });

describe('utcRange', () => {
  it('makes a date a whole UTC day and an end date-time inclusive to the millisecond', () => {
    expect(range('2031-03-01', '2031-03-01')).toEqual({
      from: '2031-03-01T00:00:00.000Z',
      to: '2031-03-02T00:00:00.000Z',
    });
    expect(range('2031-03-01T10:00', '2031-03-01T10:00:00.1234Z')).toEqual({
      from: '2031-03-01T10:00:00.000Z',
      to: '2031-03-01T10:00:00.124Z',
    });
  });

  it('applies offsets (with or without a colon) and reads a time without one as UTC', () => {
    expect(range('2031-03-01T05:30+0530', '2031-02-28T23:00:00-02:00')).toEqual({
      from: '2031-03-01T00:00:00.000Z',
      to: '2031-03-01T01:00:00.001Z',
    });
    expect(range('2031-03-01 10:00:00')).toEqual({ from: '2031-03-01T10:00:00.000Z', to: null });
  });

  it('leaves out what is not given ("" included) and an end past the year 9999', () => {
    expect(range()).toEqual({ from: null, to: null });
    expect(range('', '')).toEqual({ from: null, to: null });
    expect(range(undefined, '9999-12-31')).toEqual({ from: null, to: null });
    expect(range('2024-02-29', '2024-02-29').from).toBe('2024-02-29T00:00:00.000Z');
    expect(() => range('9999-12-31T23:00-05:00')).toThrow('StartTime: must be before the year 10000');
  });

  it.each([
    ['2031-3-1', 'StartTime: must be a date YYYY-MM-DD or an ISO 8601 date-time'],
    ['2031-02-29', 'StartTime: is not a calendar date (2031-02-29)'],
    ['2031-04-31T10:00Z', 'StartTime: is not a calendar date (2031-04-31)'],
    ['2031-04-01T23:59:60Z', 'StartTime: has an invalid time of day'],
    ['2031-04-01T10:00+14:60', 'StartTime: has an invalid UTC offset'],
  ])('rejects %s', (value, message) => {
    expect(() => range(value)).toThrow(message);
  });
});
