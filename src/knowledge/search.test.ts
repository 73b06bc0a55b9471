import { describe, expect, it } from 'vitest';
import { askingPart } from '../answer/index.ts';
import {
  contactWords,
  correctedWord,
  countsConcept,
  holds,
  questionConcepts,
  typedWordsOf,
  verbAsTyped,
  wordsAndStems,
} from './question.ts';
import { isVerbForm } from './words/index.ts';

describe('a question read for the knowledge', () => {
  it('a long word outside the glossary also finds the words sharing its first six letters', () => {
    const concepts = questionConcepts('qui est votre coordinatrice ?');
    expect(concepts.map((c) => [...c])).toEqual([['coordinatrice', 'coordi*']]);
    const passage = wordsAndStems(['relocation', 'coordinator']);
    expect(concepts.every((c) => holds(passage, c))).toBe(true);
    expect(holds(wordsAndStems(['coordination']), new Set(['coordinatrice']))).toBe(false);
  });

  it('short words, numbers and glossary words are matched whole', () => {
    const [pet, year] = questionConcepts('pets 2024');
    expect([...(pet ?? [])].some((w) => w.endsWith('*'))).toBe(false);
    expect([...(year ?? [])]).toEqual(['2024']);
    expect(questionConcepts('notaries').map((c) => [...c].some((w) => w.endsWith('*')))).toEqual([false]);
  });

  it('an email address is an email, not a street address', () => {
    const first = (q: string) => questionConcepts(q).map((c) => [...c][0]);
    expect(first("Quelle est l'adresse e-mail ?")).toEqual(['email']);
    expect(first('¿cuál es su dirección de correo?')).toEqual(['email']);
    expect(first('what is your address?')).toEqual(['address']);
  });

  it('what is left of contractions is no word of the question', () => {
    expect(questionConcepts("I don't want to commit, we'll see").map((c) => [...c][0])).toEqual(['commit', 'see']);
  });

  it('the sentences that ask, when the text says something besides', () => {
    expect(askingPart('can I have a dog in one of your rentals? mine is a lab, about 60 lbs')).toBe(
      'can I have a dog in one of your rentals?',
    );
    expect(askingPart('Venimos de otro estado, ¿en qué hotel nos alojan?')).toBe('¿en qué hotel nos alojan?');
    expect(askingPart('On déménage de Californie : qui est votre coordinatrice ?')).toBe(
      'qui est votre coordinatrice ?',
    );
    // All of it asks, or none of it: nothing to narrow.
    expect(askingPart('When are you open? Do you work Sundays?')).toBeNull();
    expect(askingPart('tell me your office hours')).toBeNull();
  });
});

describe("the endings of a language's verb forms", () => {
  it('are read in the languages the question is in, and not where they also end nouns', () => {
    expect(isVerbForm('atiendan', ['es'])).toBe(true);
    expect(isVerbForm('procuramos', ['pt'])).toBe(true);
    expect(isVerbForm('utilisez', ['fr'])).toBe(true);
    // A Spanish infinitive in -er or -ir ("conocer la zona", "¿me toca a mí revisar…?" aside).
    expect(isVerbForm('conocer', ['es'])).toBe(true);
    expect(isVerbForm('recibir', ['es'])).toBe(true);
    expect(isVerbForm('atiendan', ['en'])).toBe(false);
    expect(isVerbForm('estacionamiento', ['es'])).toBe(false);
    expect(isVerbForm('imagen', ['es'])).toBe(false);
    expect(isVerbForm('garagem', ['pt'])).toBe(false);
    expect(isVerbForm('informations', ['fr'])).toBe(false);
    expect(isVerbForm('staging', ['en', 'es', 'fr', 'pt'])).toBe(false);
  });
});

describe('what a passage holds beyond its words', () => {
  it('a misspelt word is read as the one word a small edit away, with the same first letter', () => {
    const vocabulary = ['historic', 'history', 'district', 'recommendation', 'prepares'];
    expect(correctedWord('histroic', vocabulary)).toBe('historic');
    expect(correctedWord('recomendations', vocabulary)).toBe('recommendation');
    // Two edits from a word of eight letters is another word ("preparar" is Spanish).
    expect(correctedWord('preparar', vocabulary)).toBeNull();
    // Equally near two words: neither, unless they mean the same ("commission", "comision").
    expect(correctedWord('treed', ['trend', 'tread'])).toBeNull();
    expect(correctedWord('commision', ['commission', 'comision'])).toBe('commission');
    expect(correctedWord('pool', ['poll'])).toBeNull();
  });

  it('an email address is an email, a phone number a phone number', () => {
    expect(contactWords('Write to her at broker@example.com.')).toBe('email');
    expect(contactWords('Main phone: 520-555-0140')).toBe('phone number numero');
    expect(contactWords('Open 9 to 5.')).toBe('');
    expect(contactWords('The office is at 418 Glenwood Avenue, Suite 200.', true)).toBe('address');
    expect(contactWords('The office is at 418 Glenwood Avenue, Suite 200.')).toBe('');
    expect(contactWords('We have 3 Round Rock agents.', true)).toBe('');
    // An amount, for a question asking how much.
    expect(contactWords('Our buyer fee is 2.4% of the price.', true)).toBe('amount:named');
    expect(contactWords('The fee is 2.5 percent.', true)).toBe('amount:named');
    expect(contactWords('A $395 administration fee.', true)).toBe('amount:named');
    expect(contactWords('A $395 administration fee.')).toBe('');
  });

  it('a passage counts what a question counts: a number before one of its words', () => {
    const [agents] = questionConcepts('how many agents');
    expect(countsConcept('Today our team has 14 agents and two coordinators.', [agents ?? new Set()])).toBe(true);
    expect(countsConcept('One tour can include up to four homes.', questionConcepts('how many houses'))).toBe(true);
    expect(countsConcept('Our agents know every street.', [agents ?? new Set()])).toBe(false);
  });
});

describe('a verb form of the question’s language, as typed', () => {
  it('is spelt as meant: not corrected into another word', () => {
    const typed = typedWordsOf('nous venons à omaha jeudi');
    // "venons" is searched as "venon", one letter from the glossary's "vendons" (we sell).
    expect(correctedWord('venon', ['vendon'])).toBe('vendon');
    expect(verbAsTyped('venon', typed, ['fr'])).toBe(true);
    expect(verbAsTyped('omaha', typed, ['fr'])).toBe(false);
    expect(verbAsTyped('histroic', typedWordsOf('any histroic homes?'), ['en'])).toBe(false);
  });
});
