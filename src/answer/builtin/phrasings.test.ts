// Questions written in many ways (not the evaluation set's sentences), in English,
// Spanish and French, checked against an oracle computed from the listings' JSON: every
// listing an answer names must match, and it must name as many as it can show.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newWorkspace, openTestDb } from '../../../test/harness.ts';
import type { Db } from '../../db/connect.ts';
import { createBuiltinEngine } from './engine.ts';
import { ask, type BaseRequest, type Criteria, loadChatbot, matching } from './testbed.ts';

const engine = createBuiltinEngine();
let db: Db;
let auto: BaseRequest;

beforeAll(async () => {
  db = await openTestDb();
  const ws = await newWorkspace(db, 'Phrasings Realty');
  auto = await loadChatbot(db, ws.workspaceId, { AIResponseLanguage: 'Auto' });
});

afterAll(async () => {
  await db.close();
});

/**
 * "Maison(s)" and "house(s)": a house, a townhouse or a multi-family home, not a condo (the conversation
 * set's conventions, and the real-message set's for "house").
 */
const HOUSES = ['Single Family Residential', 'Townhouse', 'Multi-Family'];

const SEARCHES: [string, Criteria][] = [
  [
    'Any 3br houses for sale in Austin under 450k?',
    { city: 'Austin', sale: 'for_sale', minBeds: 3, maxPrice: 450_000, types: HOUSES },
  ],
  [
    'austin homes to buy, three bedrooms or more, $800K max',
    { city: 'Austin', sale: 'for_sale', minBeds: 3, maxPrice: 800_000 },
  ],
  [
    'I want to purchase a home in Houston between 300k and 600k',
    { city: 'Houston', sale: 'for_sale', minPrice: 300_000, maxPrice: 600_000 },
  ],
  [
    'Houston listings for sale from $300,000 to $600,000 with 2+ beds',
    { city: 'Houston', sale: 'for_sale', minBeds: 2, minPrice: 300_000, maxPrice: 600_000 },
  ],
  ['need a rental in Dallas, 2 bd, budget 2,000/mo', { city: 'Dallas', sale: 'for_rent', minBeds: 2, maxPrice: 2000 }],
  [
    'Dallas apartments for lease under $2500 per month',
    { city: 'Dallas', sale: 'for_rent', maxPrice: 2500, types: ['Apartment'] },
  ],
  [
    'Which San Antonio homes for sale have a swimming pool?',
    { city: 'San Antonio', sale: 'for_sale', feature: 'Pool' },
  ],
  [
    'Fort Worth houses with a fireplace for sale',
    { city: 'Fort Worth', sale: 'for_sale', feature: 'Fireplace', types: HOUSES },
  ],
  ['Show me waterfront rentals in Houston', { city: 'Houston', sale: 'for_rent', feature: 'Waterfront' }],
  ['condos in Dallas for sale', { city: 'Dallas', sale: 'for_sale', type: 'Condo' }],
  [
    'Townhomes for rent in Austin with at least 2 bathrooms',
    { city: 'Austin', sale: 'for_rent', type: 'Townhouse', minBaths: 2 },
  ],
  [
    'single-family homes for sale in Fort Worth over $500,000',
    { city: 'Fort Worth', sale: 'for_sale', type: 'Single Family Residential', minPrice: 500_000 },
  ],
  ['homes for sale in Austin with 3 to 4 bedrooms', { city: 'Austin', sale: 'for_sale', minBeds: 3, maxBeds: 4 }],
  ['exactly 2 bedrooms, for rent, San Antonio', { city: 'San Antonio', sale: 'for_rent', minBeds: 2, maxBeds: 2 }],
  ['Any homes that sold recently in Houston?', { city: 'Houston', sold: true }],
  ['homes in Chicago for sale', { city: 'Chicago', sale: 'for_sale' }],
  ['Do you have 12 bedroom mansions for sale in Dallas?', { city: 'Dallas', sale: 'for_sale', minBeds: 12 }],
  ['cheapest 3-bed for sale in Houston', { city: 'Houston', sale: 'for_sale', minBeds: 3 }],
  ['¿Tienen casas en venta en Dallas con piscina?', { city: 'Dallas', sale: 'for_sale', feature: 'Pool' }],
  [
    'Busco departamento en renta en Austin de 2 recámaras hasta 2.500 dólares al mes',
    { city: 'Austin', sale: 'for_rent', minBeds: 2, maxPrice: 2500, types: ['Condo'] },
  ],
  [
    'Quiero comprar una casa en San Antonio entre 200 mil y 500 mil',
    { city: 'San Antonio', sale: 'for_sale', minPrice: 200_000, maxPrice: 500_000 },
  ],
  ['casas vendidas en Dallas', { city: 'Dallas', sold: true }],
  [
    'Je cherche une maison à vendre à Houston avec 3 chambres pour moins de 500 000 $',
    { city: 'Houston', sale: 'for_sale', minBeds: 3, maxPrice: 500_000, types: HOUSES },
  ],
  [
    'Appartements à louer à Dallas, 2 chambres minimum',
    { city: 'Dallas', sale: 'for_rent', minBeds: 2, types: ['Condo'] },
  ],
  [
    'Avez-vous des biens à vendre à Fort Worth avec garage ?',
    { city: 'Fort Worth', sale: 'for_sale', feature: 'Garage' },
  ],
];

describe('searches name only matching listings, as many as an answer shows', () => {
  test.each(SEARCHES)('%s', async (question, criteria) => {
    const expected = matching(criteria);
    const a = await ask(engine, auto, question);
    for (const mls of a.named) expect(expected, `${mls} does not match: ${a.content}`).toContain(mls);
    expect(a.named.length).toBe(Math.min(5, expected.length));
    expect(a.noAnswer).toBe(false);
    if (expected.length) expect(a.content).toContain(String(expected.length));
  });
});

const COUNTS: [string, Criteria][] = [
  ['How many homes are for sale in Austin?', { city: 'Austin', sale: 'for_sale' }],
  ['number of rentals in Houston with 3+ beds', { city: 'Houston', sale: 'for_rent', minBeds: 3 }],
  ['¿Cuántas propiedades en alquiler tienen en Dallas?', { city: 'Dallas', sale: 'for_rent' }],
  ['Combien de maisons à vendre avez-vous à San Antonio ?', { city: 'San Antonio', sale: 'for_sale', types: HOUSES }],
  ['How many condos do you have in Fort Worth?', { city: 'Fort Worth', type: 'Condo' }],
];

describe('counts say how many match', () => {
  test.each(COUNTS)('%s', async (question, criteria) => {
    const a = await ask(engine, auto, question);
    expect(a.content).toMatch(new RegExp(`(^|\\D)${matching(criteria).length}(\\D|$)`));
    expect(a.named).toEqual([]);
  });
});

const DETAILS: [string, RegExp][] = [
  ['How much is 2708 live oak avenue?', /\$4,175\/month/],
  ["What's the square footage of pa192274?", /2,232 square feet/],
  ['When was 4156 Bluebonnet Ln, Fort Worth built?', /\b2005\b/],
  ['¿Cuántos estacionamientos tiene PA956528?', /\b2 plazas/],
  ['Quel est le montant des charges de PA602424 ?', /\$300/],
];

describe('questions about one listing answer its facts', () => {
  test.each(DETAILS)('%s', async (question, fact) => {
    const a = await ask(engine, auto, question);
    expect(a.content).toMatch(fact);
    expect(a.named).toHaveLength(1);
    expect(a.content).toMatch(/https:\/\/homes\.example\.com\/pa\d{6}/);
  });
});

test('the cheapest and the most expensive come first', async () => {
  const houston = matching({ city: 'Houston', sale: 'for_sale', minBeds: 3 });
  const cheap = await ask(engine, auto, 'What is the cheapest 3 bedroom home for sale in Houston?');
  const prices = cheap.content.match(/\$[\d,]+/g)?.map((p) => Number(p.replace(/\D/g, ''))) ?? [];
  expect(prices.length).toBeGreaterThan(1);
  expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  for (const mls of cheap.named) expect(houston).toContain(mls);
  const dear = await ask(engine, auto, 'most expensive home for sale in Houston');
  const high = dear.content.match(/\$[\d,]+/g)?.map((p) => Number(p.replace(/\D/g, ''))) ?? [];
  expect([...high].sort((a, b) => b - a)).toEqual(high);
});

test('the average price is the mean of the matching prices', async () => {
  const mls = new Set(matching({ city: 'Austin', sale: 'for_sale' }));
  const { evalListings } = await import('./testbed.ts');
  const prices = evalListings.filter((l) => mls.has(l.MLSNumber)).map((l) => l.SalePrice ?? 0);
  const mean = Math.round(prices.reduce((a, b) => a + b, 0) / prices.length);
  const a = await ask(engine, auto, 'What is the average price of homes for sale in Austin?');
  expect(a.content).toContain(`$${mean.toLocaleString('en-US')}`);
});

test('off-topic questions are declined with noAnswer, naming no listing', async () => {
  for (const q of ['What is the weather in Austin today?', 'Tell me a joke', 'Quelle est la capitale du Japon ?']) {
    const a = await ask(engine, auto, q);
    expect(a.noAnswer, q).toBe(true);
    expect(a.named, q).toEqual([]);
  }
});
