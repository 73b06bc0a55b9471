import { expect, it } from 'vitest';
import { partAsks, splitCompound } from './compound.ts';

it('cuts where a second question starts, in three languages', () => {
  expect(splitCompound("do you have 3-bed homes in Austin, and what's your buyer fee?")).toEqual([
    'do you have 3-bed homes in Austin',
    "what's your buyer fee?",
  ]);
  expect(splitCompound('Any condos in Denver under 400k? Also, when is your office open?')).toEqual([
    'Any condos in Denver under 400k?',
    'Also, when is your office open?',
  ]);
  expect(splitCompound('¿Tienen casas en Tampa y cuál es el horario de la oficina?')).toEqual([
    '¿Tienen casas en Tampa',
    'cuál es el horario de la oficina?',
  ]);
  expect(splitCompound('Casas de 3 recámaras en Tampa. ¿Y cuál es su comisión?')).toEqual([
    'Casas de 3 recámaras en Tampa.',
    '¿Y cuál es su comisión?',
  ]);
  expect(splitCompound('Des maisons à Lyon et quels sont vos frais ?')).toEqual([
    'Des maisons à Lyon',
    'quels sont vos frais ?',
  ]);
});

it('leaves one question whole', () => {
  expect(splitCompound('3 bedrooms and 2 baths in Austin')).toBeNull();
  expect(splitCompound('homes with a pool and a garage?')).toBeNull();
  expect(splitCompound('What are your office hours?')).toBeNull();
  expect(
    splitCompound("We're looking at a rowhouse off Jones Street and would want to swap the windows. Who can help?"),
  ).toBeNull();
});

it('a part after a question that tells rather than asks is no second question', () => {
  expect(partAsks('thinking of buying one')).toBe(false);
  expect(partAsks('we have two dogs.')).toBe(false);
  expect(partAsks("what's your buyer fee")).toBe(true);
  expect(partAsks('cuál es el horario de la oficina')).toBe(true);
  expect(partAsks('and the office hours?')).toBe(true);
});
