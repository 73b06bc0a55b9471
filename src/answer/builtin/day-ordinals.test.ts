// Portuguese ordinals that are also weekdays, read from the words around them: the day with
// "feira", "na", "de … a"; the position with the article and a listing noun, or the article
// alone right after a list; else both readings stay open.
import { expect, test } from 'vitest';
import { dayOrdinalReadings, withoutPositionOrdinals } from './day-ordinals.ts';
import { normalize } from './lexicon.ts';
import { referenceOf } from './reference.ts';

test.each([
  ['posso visitar a segunda na sexta-feira?', true, ['position', 'day']],
  ['posso visitar a segunda na sexta-feira?', false, ['either', 'day']],
  ['quero ver a segunda casa amanha', false, ['position']],
  ['a quinta', true, ['position']],
  ['quero visitar a primeira casa na segunda-feira', true, ['day']],
  ['pode ser na segunda de manha?', true, ['day']],
  ['voces atendem de segunda a sexta?', true, ['day', 'day']],
  ['na proxima quarta', true, ['day']],
  ['segunda as 10', true, ['either']],
  ['la segunda casa', true, ['either']],
] as const)('%s (after a list: %s)', (text, afterList, want) => {
  expect(dayOrdinalReadings(text, afterList)).toEqual(want);
});

test('dates are read without the positions; the rest of the text is kept as written', () => {
  const text = 'Posso visitar a Segunda na sexta-feira?';
  expect(withoutPositionOrdinals(text, normalize(text), true)).toBe('Posso visitar a         na sexta-feira?');
  expect(withoutPositionOrdinals(text, normalize(text), false)).toBe(text);
});

test('a day is no position in the last answer', () => {
  expect(referenceOf('posso ver a segunda?').position).toBe(2);
  expect(referenceOf('quero visitar a primeira casa na segunda-feira').position).toBe(1);
  expect(referenceOf('voces atendem de segunda a sexta?').position).toBeUndefined();
});
