// Dates and times as visitors write them, read in the chatbot's zone: Monday 2026-11-02,
// 09:00 in Chicago.
import { expect, test } from 'vitest';
import { normalize } from './lexicon.ts';
import { askedWhen, type TourLang } from './tour-when.ts';

const NOW = new Date('2026-11-02T15:00:00Z');
const read = (text: string, lang: TourLang, zone = 'America/Chicago') =>
  askedWhen(text, normalize(text), lang, NOW, zone);

test.each([
  ['can I see the second one on Saturday morning?', 'en', { date: '2026-11-07', part: 'morning' }],
  ['this Saturday around 10', 'en', { date: '2026-11-07', hour: 10, minute: 0 }],
  ['tomorrow at 3', 'en', { date: '2026-11-03', hour: 15, minute: 0 }],
  ['quiero ver la casa el sábado a las 10', 'es', { date: '2026-11-07', hour: 10, minute: 0 }],
  ['mañana por la tarde', 'es', { date: '2026-11-03', part: 'afternoon' }],
  ['je voudrais visiter mardi', 'fr', { date: '2026-11-03' }],
  ['samedi à 10h30', 'fr', { date: '2026-11-07', hour: 10, minute: 30 }],
  ['sábado de manhã', 'pt', { date: '2026-11-07', part: 'morning' }],
  ['the 9:30 one', 'en', { hour: 9, minute: 30 }],
  ['what are your fees?', 'en', {}],
] as const)('%s', (text, lang, want) => {
  expect(read(text, lang)).toEqual(want);
});

test('the date is the chatbot’s local date, not UTC’s', () => {
  // 2026-11-03T03:00Z is still Monday evening in Chicago: "tomorrow" is Tuesday.
  const late = new Date('2026-11-03T03:00:00Z');
  expect(askedWhen('tomorrow at 10', 'tomorrow at 10', 'en', late, 'America/Chicago').date).toBe('2026-11-03');
  expect(askedWhen('tomorrow at 10', 'tomorrow at 10', 'en', late, 'Europe/Paris').date).toBe('2026-11-04');
});
