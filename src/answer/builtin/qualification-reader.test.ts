// The reader of what visitors volunteer: the four languages, budgets in their usual shapes,
// and what must stay empty (a budget that cannot be read, numbers that are not money).
import { describe, expect, it } from 'vitest';
import { readQualification } from './qualification-reader.ts';
import { readAnswer } from './qualify-answer.ts';

const ctx = {
  now: new Date('2032-01-15T12:00:00Z'),
  cities: ['Austin', 'Round Rock', 'Lisboa', 'Montréal', 'Sevilla'],
};
const read = (...messages: string[]) => readQualification(messages, ctx);

describe('the qualification reader', () => {
  it.each([
    [
      'en',
      'We want to buy a house in Austin in 2 months, we are pre-approved, budget between $500,000 and $650,000',
      {
        intent: 'buy',
        timeline: '1-3 months',
        preApproved: 'yes',
        budgetMin: 500_000,
        budgetMax: 650_000,
        areas: ['Austin'],
        propertyType: 'house',
      },
    ],
    [
      'es',
      'Queremos comprar un piso en Sevilla en los próximos 5 meses, estamos preaprobados, presupuesto de 400 mil euros',
      {
        intent: 'buy',
        timeline: '3-6 months',
        preApproved: 'yes',
        budgetMin: 400_000,
        budgetMax: 400_000,
        areas: ['Sevilla'],
        propertyType: 'apartment',
      },
    ],
    [
      'fr',
      "Nous voulons vendre notre maison à Montréal d'ici 8 mois, pas encore d'accord de principe, budget de 450 000 €",
      {
        intent: 'sell',
        timeline: '6-12 months',
        preApproved: 'no',
        budgetMin: 450_000,
        budgetMax: 450_000,
        areas: ['Montréal'],
        propertyType: 'house',
      },
    ],
    [
      'pt',
      'Queremos comprar um apartamento em Lisboa o mais rápido possível, já temos financiamento aprovado, orçamento até 1,5 milhão',
      {
        intent: 'buy',
        timeline: 'now',
        preApproved: 'yes',
        budgetMin: null,
        budgetMax: 1_500_000,
        areas: ['Lisboa'],
        propertyType: 'apartment',
      },
    ],
  ])('reads intent, timeline, pre-approval and budget in %s', (_lang, message, expected) => {
    expect(read(message)).toMatchObject(expected);
  });

  it('reads the issue’s own phrasings across a conversation, the last word winning', () => {
    const q = read("we're pre-approved up to 600k", 'looking to move in the spring', 'we need to sell ours first');
    // Spring starts in March: two months after mid-January.
    expect(q).toMatchObject({
      preApproved: 'yes',
      budgetMin: null,
      budgetMax: 600_000,
      timeline: '1-3 months',
      intent: 'sell',
    });
  });

  it.each([
    ['around 600k', 600_000, 600_000],
    ['600-750k', 600_000, 750_000],
    ['600 000 €', 600_000, 600_000],
    ['somewhere between 1.2m and 1.5m', 1_200_000, 1_500_000],
    ['hasta 600 mil', null, 600_000],
    ["jusqu'à 700 000 €", null, 700_000],
    ['at least $450,000', 450_000, null],
    ['nuestro presupuesto es 350.000 €', 350_000, 350_000],
  ])('reads the budget "%s"', (message, budgetMin, budgetMax) => {
    expect(read(message)).toMatchObject({ budgetMin, budgetMax });
  });

  it.each([
    'our budget is flexible',
    '3 bedrooms under 2,000 sq ft',
    'call me at +1 (512) 555-0100',
    'built in 1998, 2 baths',
    'a budget of lots',
    // A budget word earlier in the message, then another clause: what follows is not its amount.
    'our budget is flexible, we like zip 78701',
    'presupuesto flexible, código postal 28001',
    // Years are not amounts, whatever stands before them.
    'homes built between 1998 and 2005',
    'anything from 1998 or newer',
    'no budget yet we moved here in 2019',
  ])('leaves the budget empty for "%s"', (message) => {
    expect(read(message)).toMatchObject({ budgetMin: null, budgetMax: null });
  });

  it.each([
    'Do we need to be pre-approved to see it?',
    'should I get pre-qualified first?',
    '¿Necesito estar preaprobado?',
    'Faut-il un accord de principe ?',
    'Preciso estar pré-aprovado?',
  ])('a question about pre-approval, "%s", says nothing of it', (message) => {
    expect(read(message)).toMatchObject({ preApproved: '' });
  });

  it('a statement of pre-approval beside a question still counts', () => {
    expect(read("We're pre-approved. Do we need anything else?")).toMatchObject({ preApproved: 'yes' });
    expect(read('Do we need a lender? We are not pre-approved yet')).toMatchObject({ preApproved: 'no' });
  });

  it('reads a refusal of pre-approval as no, and "just looking" as later', () => {
    expect(read('not pre-approved yet, just looking')).toMatchObject({ preApproved: 'no', timeline: 'later' });
    expect(read('no estamos preaprobados, sin prisa')).toMatchObject({ preApproved: 'no', timeline: 'later' });
    expect(read('não estamos pré-aprovados')).toMatchObject({ preApproved: 'no' });
  });

  it('reads "a month" after an amount as a rent, not as a timeline', () => {
    expect(read('our budget is $2,000 a month')).toMatchObject({ timeline: '', budgetMin: 2000, budgetMax: 2000 });
    expect(read('we can pay 1800 a month, moving in a month')).toMatchObject({ timeline: '1-3 months' });
  });

  it.each([
    ['600000', 600_000, 600_000],
    ['well, 600000', 600_000, 600_000],
    ['hmm. 450,000 to 500,000', 450_000, 500_000],
    ['I don’t know yet', null, null],
  ])('reads the reply "%s" to the budget question', (reply, budgetMin, budgetMax) => {
    expect({ budgetMin: null, budgetMax: null, ...readAnswer(reply, 'Budget', ctx) }).toMatchObject({
      budgetMin,
      budgetMax,
    });
  });

  it('says nothing of what was not said', () => {
    expect(read('Hello! Do you have homes with a pool?')).toEqual({
      intent: '',
      timeline: '',
      preApproved: '',
      budgetMin: null,
      budgetMax: null,
      areas: [],
      propertyType: '',
      mlsNumber: '',
    });
  });
});
