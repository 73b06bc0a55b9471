import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newWorkspace, openTestDb } from '../../../test/harness.ts';
import type { Db } from '../../db/connect.ts';
import type { ListingFields } from '../../listings/schemas.ts';
import { createBuiltinEngine, readableOf } from './engine.ts';
import { ask, type BaseRequest, inSession, loadChatbot } from './testbed.ts';

function home(mls: string, o: Partial<ListingFields>): ListingFields {
  return {
    SaleType: 'for_sale',
    Status: 'Active',
    CurrencySymbol: '$',
    PropertyType: 'Single Family Residential',
    Bedrooms: 3,
    Bathrooms: 2,
    Url: `https://homes.example.com/${mls.toLowerCase()}`,
    MLSNumber: mls,
    YearBuilt: 2001,
    DaysOnMarket: 9,
    LotArea: 6000,
    BuildingArea: 1850,
    AreaUnit: 'Square Feet',
    ParkingSpots: 2,
    City: 'Austin',
    State: 'TX',
    ZIP: '78701',
    ...o,
  };
}

const LISTINGS = [
  home('PA100001', { Address: '12 Oak St', SalePrice: 450000, ExtensionColumn: [{ Key: 'Pool', value: 'Yes' }] }),
  home('PA100002', { Address: '40 Elm Ave', SalePrice: 1250000, Bedrooms: 5, HOAMonth: 125 }),
  home('PA100003', { Address: '7 Lake Dr', SaleType: 'for_rent', RentPrice: 1800, DepositFee: 1800, Bedrooms: 2 }),
  home('PA100004', { Address: '99 Hill Rd', SalePrice: 380000, Status: 'Sold' }),
  home('PA100005', {
    Address: '5 River Ln',
    City: 'San Antonio',
    SalePrice: 299000,
    PropertyType: 'Condo',
    Bedrooms: 2,
  }),
];

const engine = createBuiltinEngine();
let db: Db;
const bots: Record<string, BaseRequest> = {};

beforeAll(async () => {
  db = await openTestDb();
  const ws = await newWorkspace(db, 'Engine Realty');
  for (const language of ['English', 'Spanish', 'French', 'Portuguese', 'Auto', 'German']) {
    bots[language] = await loadChatbot(
      db,
      ws.workspaceId,
      { AIResponseLanguage: language, WelcomeMessage: 'Welcome to Test Homes! Ask me anything.' },
      LISTINGS,
    );
  }
});

afterAll(async () => {
  await db.close();
});

describe('facts of one listing', () => {
  test('the price per square foot: the price over the living area', async () => {
    const a = await ask(engine, bots.English, 'What is the price per square foot of 12 Oak St?');
    expect(a.named).toEqual(['PA100001']);
    expect(a.content).toContain('$243.24/sq ft');
    expect(a.content).not.toContain('The price is');
  });

  test("the ZIP code, in the question's language", async () => {
    expect((await ask(engine, bots.English, "What's the ZIP code of 12 Oak St?")).content).toContain(
      'The ZIP code is 78701.',
    );
    expect((await ask(engine, bots.Spanish, '¿Cuál es el código postal de 12 Oak St?')).content).toContain(
      'El código postal es 78701.',
    );
  });

  test('a lot in square feet is given in acres too', async () => {
    const a = await ask(engine, bots.English, 'How big is the lot at 12 Oak St in acres?');
    expect(a.content).toContain('The lot is 6,000 square feet (0.14 acres).');
  });
});

describe('sellers and commercial space', () => {
  test("selling one's own home is for a person, not a search, in every language", async () => {
    for (const [bot, q, reply] of [
      ['English', 'How can I sell my condo with you?', 'put you in touch'],
      ['Spanish', '¿Cómo puedo vender mi departamento con ustedes?', 'ponerle en contacto'],
      ['French', 'Comment vendre mon appartement avec vous ?', 'mettre en relation'],
      ['Portuguese', 'Quero vender minha casa', 'colocá-lo em contato'],
    ] as const) {
      const a = await ask(engine, bots[bot], q);
      expect(a.named).toEqual([]);
      expect(a.content).toContain(reply);
    }
  });

  test('commercial space is said not to be known, not answered with homes', async () => {
    const a = await ask(engine, bots.English, "I'm looking for a small office space in Austin.");
    expect(a.named).toEqual([]);
    expect(a.content).toContain('commercial property');
  });
});

describe('follow-ups', () => {
  test('apartments become condos too when a follow-up makes the search a purchase', async () => {
    const s = inSession(bots.English);
    expect((await ask(engine, s, 'apartments for rent in San Antonio')).named).toEqual([]);
    expect((await ask(engine, s, 'more than $200,000')).named).toEqual(['PA100005']);
  });

  test('an apartment with no sale type is a home in a building, a condo included', async () => {
    expect((await ask(engine, bots.English, 'apartments in San Antonio')).named).toEqual(['PA100005']);
    expect((await ask(engine, bots.English, 'a flat in San Antonio')).named).toEqual(['PA100005']);
  });

  test('a short message with nothing of a search in it does not repeat the search', async () => {
    const s = inSession(bots.English);
    expect((await ask(engine, s, 'homes for sale in Austin')).named.length).toBe(2);
    expect((await ask(engine, s, 'Not sure, maybe next year.')).named).toEqual([]);
  });
});

describe('the answer format', () => {
  test('every listing shows its MLS number, address, city, full price and URL', async () => {
    const a = await ask(engine, bots.English, 'homes for sale in Austin');
    expect(a.named.sort()).toEqual(['PA100001', 'PA100002']);
    expect(a.content).toMatch(
      /MLS PA100001 — 12 Oak St, Austin — \$450,000 — .* — https:\/\/homes\.example\.com\/pa100001/,
    );
    expect(a.content).toMatch(/MLS PA100002 — 40 Elm Ave, Austin — \$1,250,000 — /);
    expect(a.content).toContain('2 homes for sale in Austin');
    expect(a.noAnswer).toBe(false);
  });

  test('rents are written per month', async () => {
    const a = await ask(engine, bots.English, 'rentals in Austin');
    expect(a.content).toContain('$1,800/month');
    expect(a.named).toEqual(['PA100003']);
  });

  test('the answer streams in several fragments whose concatenation is the answer', async () => {
    const a = await ask(engine, bots.English, 'homes for sale in Austin');
    expect(a.fragments.length).toBeGreaterThan(2);
    expect(a.fragments.join('')).toBe(a.content);
  });

  test('the same question gets the same answer', async () => {
    const first = await ask(engine, bots.English, 'any 2+ bedroom homes under 500k?');
    const second = await ask(engine, bots.English, 'any 2+ bedroom homes under 500k?');
    expect(second.content).toBe(first.content);
  });

  test('sold homes are shown only when asked for', async () => {
    expect((await ask(engine, bots.English, 'homes under $400,000 in Austin')).named).toEqual([]);
    expect((await ask(engine, bots.English, 'recently sold homes in Austin')).named).toEqual(['PA100004']);
  });

  test('no match names no listing and suggests what to relax', async () => {
    const a = await ask(engine, bots.English, 'homes for sale in Austin under $100,000');
    expect(a.named).toEqual([]);
    expect(a.content).toMatch(/couldn't find/);
    expect(a.content).toMatch(/Without the price limit, there are 2 matches/);
    expect(a.noAnswer).toBe(false);
  });

  test('a question about one listing answers the fact with the listing line', async () => {
    const a = await ask(engine, bots.English, 'What is the HOA on 40 Elm Avenue?');
    expect(a.named).toEqual(['PA100002']);
    expect(a.content).toContain('The HOA fee is $125 per month.');
    const d = await ask(engine, bots.English, 'deposit for PA100003?');
    expect(d.content).toContain('The deposit is $1,800.');
  });
});

test('a follow-up keeps the criteria of the previous question; a new question starts over', async () => {
  const base = inSession(bots.English);
  await ask(engine, base, '2+ bedroom homes for sale in Austin');
  const a = await ask(engine, base, 'what about San Antonio?');
  expect(a.content).toContain('1 home for sale in San Antonio with at least 2 bedrooms');
  expect(a.named).toEqual(['PA100005']);
  const fresh = inSession(bots.English);
  const unrelated = await ask(engine, fresh, 'Any condos?');
  expect(unrelated.named).toEqual(['PA100005']);
  expect(unrelated.content).not.toContain('at least 2 bedrooms');
});

test('references point into the last answer; "show me more" pages on; past the end says how many', async () => {
  const base = inSession(bots.English);
  const list = await ask(engine, base, 'homes for sale in Austin');
  expect(list.named.length).toBeGreaterThan(1);
  const second = await ask(engine, base, 'tell me about the second one');
  expect(second.named).toEqual([list.named[1]]);
  const it = await ask(engine, base, 'what year was it built?');
  expect(it.named).toEqual([list.named[1]]);
  expect(it.content).toMatch(/built in \d{4}/);
  const past = await ask(engine, base, 'and the seventh one?');
  expect(past.named).toEqual([]);
  expect(past.content).toMatch(/only showed 1 listing/);
});

test('"how much are homes" gives the average price', async () => {
  const a = await ask(engine, bots.English, 'How much are homes for sale in Austin?');
  expect(a.content).toBe(
    'The average price of the 2 homes for sale in Austin is $850,000 (from $450,000 to $1,250,000).',
  );
});

describe('greetings, off-topic and media', () => {
  test('a greeting gets the WelcomeMessage exactly as set', async () => {
    for (const q of ['Hi!', 'hola', 'Bonjour']) {
      const a = await ask(engine, bots.Spanish, q);
      expect(a.content).toBe('Welcome to Test Homes! Ask me anything.');
      expect(a.noAnswer).toBe(false);
    }
  });

  test('a count of something other than homes is no search of a place', async () => {
    for (const q of ['¿Cuántas reseñas tienen en Yelp?', 'How many agents work in Loveland?']) {
      const a = await ask(engine, bots.English, q);
      expect(a.noAnswer, q).toBe(true);
      expect(a.content, q).not.toMatch(/homes in|casas en/i);
    }
    const homes = await ask(engine, bots.English, 'How many homes do you have in Austin?');
    expect(homes.noAnswer).toBe(false);
    expect(homes.content).toMatch(/Austin/);
  });

  test('off-topic questions are declined, offer a person and set noAnswer', async () => {
    const a = await ask(engine, bots.English, 'What is the capital of France?');
    expect(a.noAnswer).toBe(true);
    expect(a.named).toEqual([]);
    expect(a.content).toMatch(/can't help.*connect you/);
  });

  test.each(['Image', 'Audio', 'Video'] as const)('%s questions are answered honestly with noAnswer', async (kind) => {
    const a = await ask(engine, bots.English, 'is this house for sale?', kind);
    expect(a.noAnswer).toBe(true);
    expect(a.named).toEqual([]);
    expect(a.content).toMatch(/can't (see|listen|watch)/);
  });
});

describe('answer languages', () => {
  test('Spanish answers in natural Spanish', async () => {
    const a = await ask(engine, bots.Spanish, 'homes for sale in Austin');
    expect(a.content).toMatch(/Encontré 2 propiedades en venta en Austin/);
    expect(a.content).toContain('habitaciones');
    const none = await ask(engine, bots.Spanish, '¿Tienen casas en venta en Austin por menos de $100,000?');
    expect(none.content).toMatch(/no encontré propiedades en venta en Austin/);
  });

  test('French answers in French', async () => {
    const a = await ask(engine, bots.French, 'How many rentals in Austin?');
    expect(a.content).toBe('Nous avons 1 bien à louer à Austin.');
  });

  test('Auto answers in the question language', async () => {
    expect((await ask(engine, bots.Auto, '¿Cuántas casas en venta hay en Austin?')).content).toBe(
      'Tenemos 2 propiedades en venta en Austin.',
    );
    // "Maisons" are houses, townhouses and multi-family homes, and the answer says so.
    expect((await ask(engine, bots.Auto, 'Combien de maisons à vendre à Austin ?')).content).toBe(
      'Nous avons 2 biens de type maison individuelle ou maison de ville ou plurifamilial à vendre à Austin.',
    );
    expect((await ask(engine, bots.Auto, 'How many homes for sale in Austin?')).content).toBe(
      'We have 2 homes for sale in Austin.',
    );
  });

  test('Portuguese answers in Portuguese, set or detected', async () => {
    expect((await ask(engine, bots.Portuguese, 'How many rentals in Austin?')).content).toBe(
      'Temos 1 imóvel para alugar em Austin.',
    );
    expect((await ask(engine, bots.Auto, 'Quantas casas à venda vocês têm em Austin?')).content).toBe(
      'Temos 2 imóveis à venda em Austin.',
    );
    const hello = await ask(engine, bots.Portuguese, 'bom dia');
    expect(hello.content).toBe('Welcome to Test Homes! Ask me anything.');
  });

  test('under Auto, a follow-up that shows no language keeps the conversation in its language', async () => {
    const bot = inSession(bots.Auto);
    expect((await ask(engine, bot, '¿Cuántas casas en venta hay en Austin?')).content).toMatch(/^Tenemos/);
    expect((await ask(engine, bot, 'San Antonio?')).content).toMatch(/^Encontré 1 propiedad en venta en San Antonio/);
    // A message in another language switches it.
    expect((await ask(engine, bot, 'and in Austin?')).content).toMatch(/^I found 2 homes for sale in Austin/);
  });

  test('the default welcome is said in the visitor language; one the brokerage wrote as written', async () => {
    const own = await loadChatbot(
      db,
      (await newWorkspace(db, 'Default Welcome Realty')).workspaceId,
      { AIResponseLanguage: 'Auto' },
      LISTINGS,
    );
    expect((await ask(engine, own, 'Buenas noches')).content).toBe('¡Hola! ¿Cómo puedo ayudarle a encontrar casa hoy?');
    expect((await ask(engine, own, 'Bonsoir')).content).toMatch(/^Bonjour/);
    expect((await ask(engine, own, 'Olá, tudo bem?')).content).toMatch(/^Olá!/);
    expect((await ask(engine, bots.Auto, 'Buenas noches')).content).toBe('Welcome to Test Homes! Ask me anything.');
  });

  test('other languages fall back to English templates', async () => {
    expect((await ask(engine, bots.German, 'How many homes for sale in Austin?')).content).toBe(
      'We have 2 homes for sale in Austin.',
    );
  });
});

describe('a long message', () => {
  test('is read on its start and its end, cut between words', () => {
    const middle = 'lorem ipsum '.repeat(1_000);
    const text = `We are moving from Ohio with two dogs. ${middle}What is your buyer fee?`;
    const read = readableOf(text);
    expect(read.length).toBeLessThanOrEqual(3_002);
    expect(read.startsWith('We are moving from Ohio')).toBe(true);
    expect(read.endsWith('What is your buyer fee?')).toBe(true);
    expect(read).not.toMatch(/\b(?:lore|orem|psum|ipsu)\b/);
    const short = 'Any 3-bed homes in Austin?';
    expect(readableOf(short)).toBe(short);
  });
});
