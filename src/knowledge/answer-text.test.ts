import { expect, test } from 'vitest';
import { answeringSentences } from './answer-text.ts';
import { questionConcepts } from './question.ts';

const HOURS =
  'The Round Rock office is open Monday to Friday from 9 a.m. to 6 p.m., and on Saturday from 10 a.m. to 3 p.m. ' +
  'The New Braunfels office keeps the same weekday hours and opens on Saturday by appointment. ' +
  'Both offices close on federal holidays.';

test('a question naming one office gets that office’s sentence, not the other’s parallel one', () => {
  const a = answeringSentences(HOURS, questionConcepts('what time does the round rock office close on saturday?'));
  expect(a).toContain('10 a.m. to 3 p.m.');
  expect(a).not.toContain('by appointment');
  const b = answeringSentences(HOURS, questionConcepts('is the New Braunfels office open on saturday?'));
  expect(b).toContain('by appointment');
  expect(b).not.toContain('10 a.m. to 3 p.m.');
});

test('without a place asked, both offices are answered', () => {
  const a = answeringSentences(HOURS, questionConcepts('are your offices open on saturday?'));
  expect(a).toContain('10 a.m. to 3 p.m.');
  expect(a).toContain('by appointment');
});

test('a sentence saying one thing of the question stays beside the place it names', () => {
  const text =
    'Many clients arrive on orders to Hunter Army Airfield on the south side. Our Boots to Keys program pairs you with Lamar Whitfield, a retired Army sergeant.';
  expect(
    answeringSentences(text, questionConcepts('orders to Hunter Army Airfield, who helps military moves?')),
  ).toContain('Lamar Whitfield');
});
