import { describe, expect, test } from 'vitest';
import { normalize } from './lexicon.ts';
import { referenceOf } from './reference.ts';

const position = (text: string) => referenceOf(normalize(text)).position;

describe('an ordinal points into the last answer', () => {
  test.each([
    ['the second one', 2],
    ['¿y la segunda?', 2],
    ['la deuxième a une piscine ?', 2],
    ['tell me about the last one', -1],
    ['Detalhes do primeiro', 1],
    ['me fale da segunda', 2],
  ])('%s → %i', (text, n) => {
    expect(position(text)).toBe(n);
  });

  test.each([
    'Combien de maisons avez-vous vendues l’année dernière ?',
    "Combien de maisons avez-vous vendues l'année dernière ?",
    'Organisez-vous des ateliers pour ceux qui achètent leur première maison ?',
    'how many homes did you sell last year?',
    '¿cuántas casas vendieron el año pasado?',
    'is there help for first-time buyers buying my first home?',
  ])('but not in "%s"', (text) => {
    expect(position(text)).toBeUndefined();
  });
});

describe('"it" is the listing the conversation is about', () => {
  test.each([
    ['does it have a pool?', true],
    ['I want 2 beds, under 500k, and it must be a condo', false],
    ['it has to have a garage', false],
  ])('%s → %s', (text, it) => {
    expect(referenceOf(normalize(text)).it).toBe(it);
  });
});
