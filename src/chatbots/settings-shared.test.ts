// Settings read from the same stored JSON are one shared record, frozen so no reader can change
// what the others read; the system prompt is kept per chatbot and minute.
import { expect, it } from 'vitest';
import { systemPrompt } from '../answer/prompt.ts';
import { parseSettings } from './settings.ts';

it('shares one frozen record per stored JSON, and reads a changed row anew', () => {
  const json = JSON.stringify({ Name: 'Casa', QualifyQuestions: ['intent'] });
  const a = parseSettings(json);
  expect(parseSettings(json)).toBe(a);
  expect(a.Name).toBe('Casa');
  expect(Object.isFrozen(a)).toBe(true);
  expect(() => {
    (a as { Name: string }).Name = 'Other';
  }).toThrow(TypeError);
  expect(() => (a.QualifyQuestions as string[]).push('budget')).toThrow(TypeError);
  expect(parseSettings(JSON.stringify({ Name: 'Otra' })).Name).toBe('Otra');
});

it('answers the same prompt within a minute, and a new one when the minute or the chatbot changes', () => {
  const settings = parseSettings(JSON.stringify({ Name: 'Casa', TimeZone: 'America/Chicago' }));
  const now = new Date('2026-03-01T15:00:10Z');
  const first = systemPrompt(settings, now);
  expect(systemPrompt(settings, new Date('2026-03-01T15:00:50Z'))).toBe(first);
  expect(systemPrompt(settings, new Date('2026-03-01T15:01:10Z'))).not.toBe(first);
  const renamed = parseSettings(JSON.stringify({ Name: 'Hogar', TimeZone: 'America/Chicago' }));
  expect(systemPrompt(renamed, now)).toContain('Chatbot name: Hogar.');
});
