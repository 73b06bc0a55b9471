// Questions grouped as people mean them: spellings of one question fall together, different
// questions (a number, a short word) stay apart.
import { describe, expect, it } from 'vitest';
import { groupQuestions, normalisedQuestion, sameQuestion } from './question-groups.ts';

describe('question groups', () => {
  it('reads case, accents, apostrophes, punctuation and shorthand aside', () => {
    expect(normalisedQuestion("  What's   UR Commission?! ")).toBe('whats your commission');
    expect(normalisedQuestion('Homes in Montréal?')).toBe('homes in montreal');
    expect(normalisedQuestion('u r open pls')).toBe('you are open please');
  });

  it('takes small typos of long words as the same question, not of numbers or short words', () => {
    const same = (a: string, b: string) => sameQuestion(normalisedQuestion(a), normalisedQuestion(b));
    expect(same('whats ur comission', "What's your commission?")).toBe(true);
    expect(same('Do you charge a commision', 'do you charge a commission')).toBe(true);
    expect(same('what are your ofice hours', 'What are your office hours?')).toBe(true);
    expect(same('Any 2 bedroom homes?', 'Any 3 bedroom homes?')).toBe(false);
    expect(same('is there a pool', 'is there a pond')).toBe(false);
    expect(same('homes to rent', 'homes to rest')).toBe(false);
    expect(same('homes in Austin', 'homes in Austin TX')).toBe(false);
  });

  it('counts each group once, named as most visitors wrote it, most asked first, at most the top', () => {
    const groups = groupQuestions(
      [
        { text: 'whats ur comission', n: 2 },
        { text: "what's your commission?", n: 5 },
        { text: 'any 2 bedroom homes?', n: 4 },
        { text: 'any 3 bedroom homes?', n: 1 },
        { text: 'WHATS YOUR COMMISION', n: 1 },
        { text: '???', n: 9 },
      ],
      2,
    );
    expect(groups).toEqual([
      { Question: "what's your commission?", Count: 8 },
      { Question: 'any 2 bedroom homes?', Count: 4 },
    ]);
  });
});
