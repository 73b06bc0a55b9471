// Words real visitors use that the engine reads: Portuguese, rooms counted the Argentine way,
// studios, "2BHK", houses and villas, and the language of messages that show none.
import { describe, expect, test } from 'vitest';
import { unanswerableTopicOf } from './honesty.ts';
import { detectLanguage, HUMAN_RE, normalize } from './lexicon.ts';
import { parseQuestion } from './parse.ts';

describe('rooms and kinds of home', () => {
  test.each([
    ['Quiero alquilar algo de 3 ambientes', 2, 2],
    ['2 amb Nashville alquiler', 1, 1],
    ['a studio for rent in Tampa', 0, 0],
    ['monoambiente en alquiler', 0, 0],
    ['I want a 2BHK apartment', 2, undefined],
    ['4 quartos', 4, undefined],
    ['3 bedrooms, 4 ambientes', 3, undefined],
    ['un appartement de 3 pièces à Lyon', 2, 2],
    ['Je cherche un T3 à Lyon', 2, 2],
    ['F2 à louer', 1, 1],
    ['un T4+ avec jardin', 3, undefined],
  ])('%s → %s to %s bedrooms', (q, min, max) => {
    const p = parseQuestion(q);
    expect([p.minBedrooms, p.maxBedrooms]).toEqual([min, max]);
  });

  test('"house" and "villa" are houses, not flats; "homes" are every kind', () => {
    expect(parseQuestion('I need a house in Sacramento').wants.types).toEqual(['sfr', 'town', 'multi']);
    expect(parseQuestion('une villa à louer').wants.types).toEqual(['sfr']);
    expect(parseQuestion('homes in Austin').wants.types).toHaveLength(6);
    expect(parseQuestion('Write a poem about houses').offTopicWords).toBe(true);
  });

  test('Portuguese and French words for a flat, a plot and any home', () => {
    expect(parseQuestion('procuro um apê para alugar').wants.types).toEqual(['apt', 'condo']);
    expect(parseQuestion('uma cobertura à venda').wants.types).toEqual(['apt', 'condo']);
    expect(parseQuestion('un appart à louer').wants.types).toEqual(['apt', 'condo']);
    expect(parseQuestion('lotes em Campinas').wants.types).toEqual(['land']);
    expect(parseQuestion('imóveis em Lisboa').wants.types).toHaveLength(6);
  });

  test('an apartment for sale is a condo too; an apartment to rent is not', () => {
    expect(parseQuestion('need apartment for sell').wants.types).toEqual(['apt', 'condo']);
    expect(parseQuestion('apartments for lease').wants.types).toEqual(['apt']);
    expect(parseQuestion('apartments in Austin').wants.types).toEqual(['apt', 'condo']);
    expect(parseQuestion('condos or apartments for rent').wants.types).toEqual(['condo', 'apt']);
    expect(parseQuestion('homes, not an apartment').wants.notTypes).toEqual(['apt']);
  });

  test('Portuguese criteria', () => {
    const p = parseQuestion(
      'Quero alugar um apartamento com 2 quartos e 2 banheiros, sem piscina, até R$ 3.000 por mês',
    );
    expect(p.saleType).toBe('for_rent');
    expect([p.minBedrooms, p.minBathrooms]).toEqual([2, 2]);
    expect(p.wants.notFeatures).toEqual(['pool']);
    expect(p.maxPrice).toBe(3000);
    expect(parseQuestion('Comprar imóvel com garagem').saleType).toBe('for_sale');
    expect(parseQuestion('Comprar imóvel com garagem').wants.features).toEqual(['garage']);
  });
});

describe('language', () => {
  test.each([
    ['quais imoveis você tem?', 'pt'],
    ['Olá', 'pt'],
    ['bom dia', 'pt'],
    ['falou, valeu', 'pt'],
    ['Buenas noches', 'es'],
    ['qué tal?', 'es'],
    ['Bonsoir', 'fr'],
    ['coucou', 'fr'],
    ['no townhomes please', 'en'],
    ['name@example.com', 'en'],
  ] as const)('%s → %s', (q, lang) => {
    expect(detectLanguage(q)).toBe(lang);
  });

  test('a message with no word of any language is in the conversation language', () => {
    expect(detectLanguage('Tampa?', 'es')).toBe('es');
    expect(detectLanguage('3 beds in Tampa?', 'es')).toBe('en');
  });
});

describe('units, ranges, new builds and fresh listings', () => {
  test('square metres are read as square feet; a range of area is two bounds', () => {
    expect(parseQuestion('au moins 120 m²').wants.minArea).toBe(1292);
    const range = parseQuestion('from 1,500 to 1,900 square feet');
    expect([range.wants.minArea, range.wants.maxArea, range.minPrice]).toEqual([1500, 1900, undefined]);
    expect([
      parseQuestion('entre 100 y 150 m2').wants.minArea,
      parseQuestion('entre 100 y 150 m2').wants.maxArea,
    ]).toEqual([1076, 1615]);
  });

  test('"pas plus de" is a maximum; "no townhomes" excludes them', () => {
    expect(parseQuestion('maisons pas plus de 400 000 $').maxPrice).toBe(400000);
    expect(parseQuestion('no townhomes please').wants.notTypes).toEqual(['town']);
  });

  test('new construction is recently built; just listed sorts by days on market; an open house is no house', () => {
    expect(parseQuestion('new construction in Mesa').wants.minYear).toBe(new Date().getUTCFullYear() - 2);
    expect(parseQuestion('anything just listed this week?').wants.sort).toBe('DaysOnMarketAsc');
    expect(parseQuestion('open house this weekend').wants.types).toBeUndefined();
  });
});

describe('closings and what no listing says', () => {
  test.each(["great, that's everything, cheers", 'eso es todo, gracias', "c'est tout, merci", 'falou, valeu'])(
    '%s is a thank-you',
    (q) => {
      expect(parseQuestion(q).intent).toBe('thanks');
    },
  );

  test.each([
    ['Will values go up in 2027?', 'forecast'],
    ['which suburb is the best investment?', 'forecast'],
    ['how walkable is it?', 'walkability'],
    ["who is the seller's agent?", 'listingAgent'],
    ['Que escolas ficam perto do imóvel?', 'schools'],
  ])('%s → %s', (q, topic) => {
    expect(unanswerableTopicOf(normalize(q))).toBe(topic);
  });

  test('"call me" asks for a person, "would you call me before…" what the brokerage does', () => {
    expect(HUMAN_RE.test(normalize('can someone call me this afternoon?'))).toBe(true);
    expect(HUMAN_RE.test(normalize('would you call me before fixing stuff or just do it?'))).toBe(false);
    expect(HUMAN_RE.test(normalize('do you call me first when a repair costs more?'))).toBe(false);
  });

  test("the visitor's own listing agent is no question about a listing's", () => {
    expect(unanswerableTopicOf(normalize('who is the listing agent on this one?'))).toBe('listingAgent');
    expect(unanswerableTopicOf(normalize("my listing agent won't call me back, who's his boss?"))).toBeNull();
  });
});

describe('relative asks', () => {
  test('"less pricey" sorts by price; "others" in any language is the next page', () => {
    expect(parseQuestion('Got anything less pricey?').wants.sort).toBe('PriceAsc');
    for (const q of ['muéstrame otras', 'show me a few different ones', 'mostre mais', 'outras opções'])
      expect(parseQuestion(q).ref.more, q).toBe(true);
  });

  test('English function words place an English question in English in any conversation', () => {
    expect(detectLanguage('Will values go up in 2027?', 'fr')).toBe('en');
  });
});
