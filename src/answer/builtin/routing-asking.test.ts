// Questions the knowledge answers although the message also says something no passage holds:
// the sentences that ask are asked on their own.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appKnowing, SMALL_FAQ } from '../../../test/engine-knowing.ts';
import type { TestApp } from '../../../test/harness.ts';
import { createBuiltinEngine } from './engine.ts';
import { ask, type BaseRequest } from './testbed.ts';

let t: TestApp;
let base: BaseRequest;
const engine = createBuiltinEngine();

beforeAll(async () => {
  ({ t, base } = await appKnowing(SMALL_FAQ));
}, 60_000);
afterAll(() => t.close());

it('answers where the office is when the visitor also wants to speak to someone', async () => {
  const a = await ask(
    engine,
    base,
    'dónde está su oficina? quiero pasar a hablar con alguien del cierre y del depósito',
  );
  expect(a.content).toContain('12 Main St');
});

it('answers a question that asks about "anything" when no passage holds the word', async () => {
  const a = await ask(engine, base, 'will I owe you anything as a buyer?');
  expect(a.content).toContain('buyer fee is 1%');
});

it('puts a visitor who only asks for a person in touch with the team', async () => {
  const a = await ask(engine, base, 'i would like to come by and talk to someone');
  expect(a.content).not.toContain('12 Main St');
  expect(a.content).toMatch(/in touch/);
});

it('asks no search of the homes a message tells about when what it asks is something else', async () => {
  const told = 'Been renting a house with a yard from you for 3 years and the grass was always cut for me.';
  const a = await ask(engine, base, `${told} Who is supposed to take care of the lawn now?`);
  expect(a.noAnswer).toBe(true);
  expect(a.named).toEqual([]);
  // The pet deposit the knowledge holds answers it.
  const b = await ask(engine, base, `${told} How much is the pet deposit for a small dog?`);
  expect(b.content).toContain('$300');
});

it('searches the homes a message tells about when what it asks points at them', async () => {
  for (const asking of ['What would you recommend?', 'What do you have?', 'Which ones are the cheapest?']) {
    const a = await ask(engine, base, `We want a 3 bedroom house in Austin. ${asking}`);
    expect(a.named.length, asking).toBeGreaterThan(0);
  }
});

it('asks no search of the homes a story tells when the sentences after it ask of none', async () => {
  for (const message of [
    "I'm going overseas for the summer and want to sublet my apartment to a grad student while I'm gone. am I allowed to do that?",
    "my boyfriend wants to stay at my place for a while until he finds his own apartment. he's not on my lease, is that ok?",
  ]) {
    const a = await ask(engine, base, message);
    expect(a.named, message).toEqual([]);
    expect(a.content, message).not.toMatch(/couldn't find/);
  }
  // Bounded homes, or a request for them, are still a search whatever the sentence after asks.
  for (const message of [
    'We want a 3 bedroom house. Is that possible at all?',
    'I am looking for a condo. Is that possible?',
  ]) {
    const a = await ask(engine, base, message);
    expect(a.content, message).toMatch(/couldn't find|condo|bed/i);
  }
});

it('answers no second question of a part that only points back at the first', async () => {
  const message = 'We want a house with a pool in Austin and we have a small dog. Is that ok and what does it cost?';
  const a = await ask(engine, base, message);
  expect(a.content).not.toContain('buyer fee');
  // A second question of its own is answered after the homes.
  const b = await ask(engine, base, 'We want a house with a pool in Austin. And what is your buyer fee?');
  expect(b.content).toContain('buyer fee is 1%');
});

it('asks no search of the homes told when the sentences that ask ask how or when', async () => {
  const told = 'We are retired and want a furnished place in Austin for the winter.';
  const a = await ask(engine, base, `${told} When do you start taking bookings?`);
  expect(a.noAnswer).toBe(true);
  expect(a.content).not.toMatch(/couldn't find/);
});

it('reads a question on what the brokerage charges as one about the brokerage, whatever homes it names', async () => {
  for (const q of [
    'do you charge extra for parking at the duplexes?',
    '¿cobran aparte por el estacionamiento en los dúplex?',
    'do u guys manage vacation rentals for owners',
    'does your property management team also manage condo associations or HOAs?',
    '¿ustedes administran condominios?',
  ]) {
    const a = await ask(engine, base, q);
    expect(a.named, q).toEqual([]);
    expect(a.noAnswer, q).toBe(true);
  }
  const fee = await ask(engine, base, 'whats ur fee when i buy one of your condos?');
  expect(fee.content).toContain('buyer fee is 1%');
  // A request for homes stays a search.
  const homes = await ask(engine, base, 'do you have condos with parking?');
  expect(homes.named.length).toBeGreaterThan(0);
});

it('searches the homes a visitor asks for in chat shorthand, and reads no fee in "free of charge"', async () => {
  for (const q of [
    'do u have any homes downtown?',
    "do y'all have condos?",
    'r u showing any houses this weekend?',
    '3 bedroom homes with a garage near you, is parking free of charge?',
  ]) {
    const a = await ask(engine, base, q);
    expect(a.named.length, q).toBeGreaterThan(0);
  }
});
