import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../chatbots/settings.ts';
import { localTime, systemPrompt } from './prompt.ts';
import { filterOf } from './tool-inputs.ts';

const now = new Date('2026-07-04T18:30:00Z');

describe('system prompt', () => {
  it('shows the current time in the chatbot time zone', () => {
    expect(localTime(now, 'Europe/Paris')).toBe('Saturday, July 4, 2026 at 8:30 PM (Europe/Paris)');
    expect(localTime(now, 'Not/AZone')).toBe('Saturday, July 4, 2026 at 6:30 PM (UTC)');
  });

  it('leaves out an empty SystemMessage and names the language', () => {
    const p = systemPrompt({ ...DEFAULT_SETTINGS, AIResponseLanguage: 'French' }, now);
    expect(p).not.toContain('Instructions from the business');
    expect(p).toContain('Always answer in French');
    expect(p).toContain('Fair housing');
  });
});

describe('search_listings parameters → ListingFilter', () => {
  it('maps the parameters, nulls as absent, available by default', () => {
    expect(filterOf({ city: ' Austin ', minBedrooms: 3, maxPrice: null, keywords: ['pool', ' '] })).toEqual({
      city: 'Austin',
      saleType: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      minBedrooms: 3,
      minBathrooms: undefined,
      propertyType: undefined,
      keywords: ['pool'],
      statuses: ['Active', 'PreOnMarket'],
    });
    expect(filterOf({ status: 'sold' }).statuses).toEqual(['Sold']);
  });
});
