import { describe, expect, test } from 'vitest';
import { parseQuestion } from './parse.ts';

describe('the question language', () => {
  test.each([
    ['Do you have any homes for sale in Austin?', 'en'],
    ['¿Tienen casas en venta en Austin?', 'es'],
    ['Busco un alquiler en Dallas con al menos 3 habitaciones.', 'es'],
    ['Avez-vous des maisons à vendre à Houston ?', 'fr'],
    ['Je cherche un appartement à louer', 'fr'],
  ])('%s → %s', (q, lang) => {
    expect(parseQuestion(q).lang).toBe(lang);
  });
});

describe('sale, rent and status', () => {
  test.each([
    ['homes for sale in Austin', 'for_sale'],
    ['I want to buy a house', 'for_sale'],
    ['Any rentals in Dallas?', 'for_rent'],
    ['apartments for lease', 'for_rent'],
    ['place to rent under $2,000', 'for_rent'],
    ['3 bedrooms under $2,500 a month', 'for_rent'],
    ['casas en venta', 'for_sale'],
    ['busco un alquiler', 'for_rent'],
    ['departamento en renta', 'for_rent'],
    ['maison à vendre', 'for_sale'],
    ['appartement à louer', 'for_rent'],
    ['location à Lyon', 'for_rent'],
    ['homes under $400,000', 'for_sale'],
    ['homes in a nice location', undefined],
    ['buy or rent in Austin', undefined],
    // A sale type negated is not the one wanted.
    ['Wait, I need rentals not houses for sale', 'for_rent'],
    ['quiero alquilar, no para comprar', 'for_rent'],
    ['je veux acheter, pas louer', 'for_sale'],
    ['homes with no HOA for sale', 'for_sale'],
  ])('%s → %s', (q, saleType) => {
    expect(parseQuestion(q).saleType).toBe(saleType);
  });

  test.each([
    'Actually, show me any price range',
    'price does not matter',
    'cualquier precio',
    'peu importe le prix',
    'qualquer preço',
  ])('"%s" drops the price bounds, and asks no average', (q) => {
    const p = parseQuestion(q);
    expect(p.anyPrice).toBe(true);
    expect(p.intent).toBe('search');
    expect(p.fields).not.toContain('price');
  });

  test('a price range asked about is still an average', () => {
    expect(parseQuestion("what's the price range in Austin?").anyPrice).toBe(false);
  });

  test('sold and coming-soon homes are asked for by name', () => {
    expect(parseQuestion('What has sold recently in Dallas?').status).toBe('Sold');
    expect(parseQuestion('casas vendidas en Dallas').status).toBe('Sold');
    expect(parseQuestion('maisons vendues à Houston').status).toBe('Sold');
    expect(parseQuestion('coming soon listings').status).toBe('PreOnMarket');
    expect(parseQuestion('homes for sale').status).toBeUndefined();
  });
});

describe('intents', () => {
  test.each([
    ['Hi!', 'greeting'],
    ['Hello there', 'greeting'],
    ['good morning', 'greeting'],
    ['Buenos días', 'greeting'],
    ['Bonjour !', 'greeting'],
    ['Thanks a lot!', 'thanks'],
    ['Can I talk to an agent?', 'human'],
    ['What can you do?', 'help'],
    ['¿Qué puedes hacer?', 'help'],
    ['Quiero hablar con un agente', 'human'],
    ['Quiero que un agente me llame', 'human'],
    ['un agente por favor', 'human'],
    ['je voudrais un conseiller', 'human'],
    ['How many rentals in Austin?', 'count'],
    ['¿Cuántas casas tienen en venta?', 'count'],
    ['Combien de biens à louer ?', 'count'],
    ['average price of condos in Dallas', 'average'],
    ['precio promedio en Austin', 'average'],
    ['Hi, do you have homes in Dallas?', 'search'],
    ['cheapest 3-bed in Austin', 'search'],
  ])('%s → %s', (q, intent) => {
    expect(parseQuestion(q).intent).toBe(intent);
  });

  test('a question about an agent is not a request for one', () => {
    expect(parseQuestion('Quiero presentar una queja sobre un agente, ¿a quién le escribo?').intent).not.toBe('human');
    expect(parseQuestion('Combien de temps dure une visite avec un agent ?').intent).not.toBe('human');
  });

  test('cheapest and most expensive sort by price', () => {
    expect(parseQuestion('cheapest 3-bed').sort).toBe('PriceAsc');
    expect(parseQuestion('la casa más barata').sort).toBe('PriceAsc');
    expect(parseQuestion('most expensive home').sort).toBe('PriceDesc');
    expect(parseQuestion('homes in Austin').sort).toBe('Newest');
  });

  test('off-topic questions are told apart from questions about homes', () => {
    expect(parseQuestion('What is the capital of France?').aboutHomes).toBe(false);
    expect(parseQuestion('Write me a poem about cats.').aboutHomes).toBe(false);
    expect(parseQuestion('What is the weather in Austin?').offTopicWords).toBe(true);
    expect(parseQuestion('Write a poem about houses').offTopicWords).toBe(true);
    expect(parseQuestion('What are mortgage rates right now?').offTopicWords).toBe(true);
    expect(parseQuestion('any condos?').aboutHomes).toBe(true);
    expect(parseQuestion('3 beds under 400k').offTopicWords).toBe(false);
  });

  test('a count of something that is not a home is told apart from a count of homes', () => {
    for (const q of [
      'How many reviews do you have on Yelp?',
      '¿Cuántos agentes trabajan en la oficina de Loveland?',
      "Combien d'employés avez-vous à Denver ?",
    ]) {
      expect(parseQuestion(q).countsOther, q).toBe(true);
    }
    for (const q of [
      'How many in Chicago?',
      'How many are there in Austin?',
      'How many homes are for sale in Houston?',
      'how many 3 bedroom condos in Dallas',
      '¿Cuántas casas tienen en Austin?',
      'Combien de maisons à vendre à Denver ?',
    ]) {
      expect(parseQuestion(q).countsOther, q).toBe(false);
    }
  });
});

describe('property types and features', () => {
  const HOMES = ['sfr', 'condo', 'town', 'apt', 'multi', 'other'];
  test.each([
    ['condos in Dallas', ['condo'], undefined],
    ['townhomes for rent', ['town'], undefined],
    ['town houses', ['town'], undefined],
    ['single-family homes', ['sfr'], undefined],
    ['a duplex', ['multi'], undefined],
    ['casas adosadas', ['town'], undefined],
    ['maison individuelle', ['sfr'], undefined],
    ['homes in Austin', HOMES, undefined],
    ['casas en venta', HOMES, undefined],
    ['condo or townhouse in Salt Lake City', ['condo', 'town'], undefined],
    ['for sale in Raleigh, anything but a townhouse', undefined, ['town']],
    ['rentals in Tampa, not an apartment please', undefined, ['apt']],
    ['un apartamento en alquiler', ['apt', 'condo'], undefined],
    ['anything in Portland', undefined, undefined],
    ['which listing has the biggest lot?', undefined, undefined],
  ])('%s → %j, not %j', (q, types, notTypes) => {
    const w = parseQuestion(q).wants;
    expect(w.types?.slice().sort()).toEqual(types?.slice().sort());
    expect(w.notTypes).toEqual(notTypes);
  });

  test.each([
    ['homes with a pool and a garage', ['pool', 'garage'], []],
    ['casa con piscina y chimenea', ['pool', 'fireplace'], []],
    ['maison avec piscine', ['pool'], []],
    ['waterfront condos with a view', ['waterfront', 'view'], []],
    ['homes without a pool', [], ['pool']],
    ['sin piscina', [], ['pool']],
    ['can I view it tomorrow?', [], []],
    ['unfurnished rentals', [], ['furnished']],
    ['with a finished basement', ['finishedBasement'], []],
    ['pet-friendly rentals', ['pets'], []],
    ['appartement meublé à Tacoma', ['furnished'], []],
    // A "garde-meuble" stores furniture.
    ['un garde-meuble à Tacoma', [], []],
  ])('%s → %j, not %j', (q, features, notFeatures) => {
    const w = parseQuestion(q).wants;
    expect(w.features.slice().sort()).toEqual(features.slice().sort());
    expect(w.notFeatures).toEqual(notFeatures);
  });

  test.each([
    ['over 1,800 square feet under $650,000', { minArea: 1800 }, { maxPrice: 650000 }],
    ['built since 2015', { minYear: 2015 }, {}],
    ['condos with HOA under $300', { maxHoa: 300 }, {}],
    ['no HOA under 400k', { noHoa: true }, { maxPrice: 400000 }],
    ['rentals in SLC under $2.5k/mo', {}, { maxPrice: 2500 }],
    ['sub 600k', {}, { maxPrice: 600000 }],
  ])('%s → %j and prices %j', (q, wants, prices) => {
    const p = parseQuestion(q);
    expect(p.wants).toMatchObject(wants);
    expect({ minPrice: p.minPrice, maxPrice: p.maxPrice }).toMatchObject(prices);
  });
});

describe('names checked against the listings', () => {
  test('city candidates keep multi-word names and skip common words', () => {
    const c = parseQuestion('Any rentals in San Antonio under $2,000?').cityCandidates;
    expect(c[0]).toBe('san antonio');
    expect(c).not.toContain('rentals');
    expect(parseQuestion('homes in El Paso').cityCandidates).toContain('el paso');
    expect(parseQuestion('homes in Ft Worth').cityCandidates).toContain('fort worth');
  });

  test('MLS numbers, street addresses and places', () => {
    expect(parseQuestion('How big is MLS pa192274?').mlsCandidates).toContain('PA192274');
    expect(parseQuestion('3 beds under 450k').mlsCandidates).toEqual([]);
    expect(parseQuestion('What year was 4156 Bluebonnet Ln in Fort Worth built?').addresses).toEqual([
      { number: '4156', words: ['bluebonnet', 'ln'] },
    ]);
    expect(parseQuestion('price of 2708 Live Oak Avenue?').addresses).toEqual([
      { number: '2708', words: ['live', 'oak', 'ave'] },
    ]);
    expect(parseQuestion('3 bedroom homes').addresses).toEqual([]);
    expect(parseQuestion('I have 2 kids').addresses).toEqual([]);
    expect(parseQuestion('homes in Chicago').place).toBe('Chicago');
    expect(parseQuestion('available in June').place).toBeUndefined();
    expect(parseQuestion('vocês têm casas mobiliadas em Boulder?').place).toBe('Boulder');
    expect(parseQuestion('casas perto de Campinas').place).toBe('Campinas');
    expect(parseQuestion('disponível em Janeiro').place).toBeUndefined();
  });

  test('detail questions name the fact asked for', () => {
    expect(parseQuestion('What is the monthly HOA fee for MLS PA602424?').fields).toEqual(['hoa']);
    expect(parseQuestion('How big is MLS PA403460 in square feet?').fields).toEqual(['size']);
    expect(parseQuestion('What is the lot size of PA403460?').fields).toEqual(['lot']);
    expect(parseQuestion('How many parking spots does MLS PA956528 have?').fields).toEqual(['parking']);
    expect(parseQuestion('What year was 680 Maple Ave built?').fields).toEqual(['year']);
    expect(parseQuestion('¿Cuál es el precio de PA123456?').fields).toEqual(['price']);
    expect(parseQuestion('Quel est le prix de PA123456 ?').fields).toEqual(['price']);
  });

  test('the price per square foot and the ZIP code are facts of their own, in every language', () => {
    expect(parseQuestion("what's the price per square foot?").fields).toEqual(['pricePerArea']);
    expect(parseQuestion('how much per sq ft?').fields).toEqual(['pricePerArea']);
    expect(parseQuestion('¿cuál es el precio por metro cuadrado?').fields).toEqual(['pricePerArea']);
    expect(parseQuestion('et le prix au mètre carré ?').fields).toEqual(['pricePerArea']);
    expect(parseQuestion('qual o preço do metro quadrado?').fields).toEqual(['pricePerArea']);
    expect(parseQuestion("what's the zip code?").fields).toEqual(['zip']);
    expect(parseQuestion('¿cuál es el código postal?').fields).toEqual(['zip']);
    expect(parseQuestion('Qual é o CEP?').fields).toEqual(['zip']);
  });

  test('"next year" is a time, not the year a home was built', () => {
    expect(parseQuestion('Not sure, maybe next year.').fields).toEqual([]);
    expect(parseQuestion('was it built last year?').fields).toEqual(['year']);
  });
});

describe('words that only look like others', () => {
  test('the words of a place the visitor wrote are not spelling-corrected', () => {
    expect(parseQuestion('I would like to live in Salt Lake City').saleType).toBeUndefined();
    expect(parseQuestion('homes for sael').saleType).toBe('for_sale');
  });

  test('"more" in a comparative is an order, not the next page', () => {
    for (const q of ['más barato', 'mais barato']) {
      const p = parseQuestion(q);
      expect(p.sort).toBe('PriceAsc');
      expect(p.ref.more).toBe(false);
    }
    expect(parseQuestion('more than $200,000').ref.more).toBe(false);
    expect(parseQuestion('show me more').ref.more).toBe(true);
  });

  test('Portuguese price ranges and bounds', () => {
    const range = parseQuestion('Procuro uma casa entre $300.000 e $500.000');
    expect([range.minPrice, range.maxPrice]).toEqual([300000, 500000]);
    expect(parseQuestion('imóveis com mais de 200 mil').minPrice).toBe(200000);
    expect(parseQuestion('imóveis a partir de 200 mil').minPrice).toBe(200000);
  });

  test('"ch" is a French bedroom, as "bd" is an English one', () => {
    expect(parseQuestion('3 ch à Tampa').minBedrooms).toBe(3);
  });

  test('an area in acres or after a word for the lot bounds the lot, not the living area', () => {
    const lot = parseQuestion('houses with a lot over 10000 sq ft').wants;
    expect([lot.minLot, lot.minArea]).toEqual([10000, undefined]);
    expect(parseQuestion('land over 1 acre').wants.minLot).toBe(43560);
    expect(parseQuestion('lots of homes over 2000 sq ft').wants.minArea).toBe(2000);
    const casas = parseQuestion('casas con terreno de más de 1000 m2').wants;
    expect(casas.minLot).toBe(10764);
    expect(casas.types).not.toContain('land');
  });

  test('money landing in an account is no land', () => {
    expect(parseQuestion('when does my money actually land in my account each month?').wants.types).toBeUndefined();
    expect(parseQuestion('will the rent land in our bank account by the 5th?').wants.types).toBeUndefined();
    expect(parseQuestion('any vacant land in Austin?').wants.types).toEqual(['land']);
    expect(parseQuestion('do you have land in the hill country?').wants.types).toEqual(['land']);
  });

  test.each([
    ['homes on half an acre', 21780],
    ['a house with a quarter-acre lot', 10890],
    ['land over 1/2 acre', 21780],
    ['at least an acre and a half', 65340],
    ['two and a half acres', 108900],
    ['casa con media hectárea', 53820],
    ['maison sur un demi-hectare', 53820],
    ["un quart d'hectare de terrain", 26910],
    ['sítio com meia hectare', 53820],
    ['terreno de dos hectáreas y media', 269098],
  ])('land said in words bounds the lot: %s', (q, minLot) => {
    const p = parseQuestion(q);
    expect(p.wants.minLot).toBe(minLot);
    expect([p.minPrice, p.maxPrice, p.minBedrooms]).toEqual([undefined, undefined, undefined]);
  });

  test('square metres in English', () => {
    expect(parseQuestion('homes over 150 square meters').wants.minArea).toBe(1615);
  });
});
