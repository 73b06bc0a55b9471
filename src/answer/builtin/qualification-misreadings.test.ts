// What the qualification reader must not mistake, in each language: a pre-approval still to come
// for one the visitor has, a third party's intent for the visitor's, a postal code for a budget.
import { describe, expect, it } from 'vitest';
import { readQualification } from './qualification-reader.ts';

const ctx = { now: new Date('2032-01-15T12:00:00Z'), cities: ['Austin'] };
const read = (...messages: string[]) => readQualification(messages, ctx);

describe('the qualification reader', () => {
  it.each([
    ['en', "We're getting pre-approved next week"],
    ['en', "we'll be pre-approved by Friday"],
    ['es', 'vamos a pedir la preaprobación'],
    ['es', 'vamos a estar preaprobados el mes que viene'],
    ['fr', 'on va faire une pré-approbation'],
    ['fr', 'nous allons demander un accord de principe'],
    ['pt', 'vamos pedir a pré-aprovação'],
    ['pt', 'vamos ser pré-aprovados na semana que vem'],
  ])('reads a pre-approval still to come as not yet (%s: "%s")', (_lang, message) => {
    expect(read(message)).toMatchObject({ preApproved: 'no' });
  });

  it('takes a pre-approval obtained after one planned', () => {
    expect(read("We're getting pre-approved next week", "we're pre-approved now")).toMatchObject({
      preApproved: 'yes',
    });
  });

  it.each([
    ['en', 'Is the seller motivated to sell?'],
    ['en', 'Why are the owners selling?'],
    ['es', '¿El vendedor tiene prisa por vender?'],
    ['fr', 'Le vendeur est-il pressé de vendre ?'],
    ['pt', 'O vendedor quer vender rápido?'],
  ])('does not take a third party’s intent for the visitor’s (%s: "%s")', (_lang, message) => {
    expect(read(message)).toMatchObject({ intent: '' });
  });

  it.each([
    ['en', 'Can I buy this with FHA?', 'buy'],
    ['en', 'Is the seller motivated? We want to buy', 'buy'],
    ['en', 'The owner is motivated and we want to buy', 'buy'],
    ['es', '¿El vendedor acepta ofertas? Queremos comprar', 'buy'],
    ['es', 'El dueño tiene prisa y nosotros queremos comprar', 'buy'],
    ['fr', 'Le propriétaire est pressé, nous voulons acheter', 'buy'],
    ['pt', 'O vendedor tem pressa e nós queremos comprar', 'buy'],
  ])('still reads the visitor’s own intent (%s: "%s")', (_lang, message, intent) => {
    expect(read(message)).toMatchObject({ intent });
  });

  it.each([
    ['en', 'budget flexible zip 78701'],
    ['en', 'our budget is open, zip code: 78701-1234'],
    ['es', 'presupuesto flexible código postal 28001'],
    ['fr', 'budget souple code postal 75011'],
    ['pt', 'orçamento flexível CEP 22041'],
    ['pt', 'orçamento flexível CEP 01310-100'],
  ])('never reads a postal code as a budget (%s: "%s")', (_lang, message) => {
    expect(read(message)).toMatchObject({ budgetMin: null, budgetMax: null });
  });

  it('still reads a budget beside a postal code', () => {
    expect(read('zip 78701, budget 600k')).toMatchObject({ budgetMin: 600_000, budgetMax: 600_000 });
    expect(read('CEP 01310-100, orçamento até 800 mil')).toMatchObject({ budgetMin: null, budgetMax: 800_000 });
  });

  it.each([
    ['en', 'budget, 600000'],
    ['es', 'presupuesto, 600000'],
    ['fr', 'budget, 600000'],
    ['pt', 'orçamento, 600000'],
  ])('reads an amount after a budget word and its comma (%s: "%s")', (_lang, message) => {
    expect(read(message)).toMatchObject({ budgetMin: 600_000, budgetMax: 600_000 });
  });

  it('still ends the budget word’s clause at a comma after other words', () => {
    expect(read('our budget is flexible, 78701')).toMatchObject({ budgetMin: null, budgetMax: null });
    expect(read('no budget, 2019 is when we moved')).toMatchObject({ budgetMin: null, budgetMax: null });
  });
});
