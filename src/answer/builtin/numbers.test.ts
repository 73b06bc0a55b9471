import { describe, expect, test } from 'vitest';
import { parseCounts, parsePrice } from './criteria.ts';
import { normalize } from './lexicon.ts';
import { countValue, findAmounts, formatMoney, formatNumber } from './numbers.ts';

const price = (q: string) => parsePrice(parseCounts(normalize(q)).rest);
const counts = (q: string) => parseCounts(normalize(q)).counts;

describe('amounts as people write them', () => {
  test.each([
    ['$450,000', 450_000],
    ['450,000', 450_000],
    ['$450k', 450_000],
    ['450K', 450_000],
    ['1.2M', 1_200_000],
    ['1.2 million', 1_200_000],
    ['$1,250,000', 1_250_000],
    ['500 000 $', 500_000],
    ['1.500 dolares', 1500],
    ['400 mil', 400_000],
    ['1,2 millones', 1_200_000],
    ['2.5', 2.5],
    ['€350.000', 350_000],
  ])('%s → %d', (text, value) => {
    expect(findAmounts(normalize(text))[0]?.value).toBe(value);
  });

  test('money is told from bare numbers', () => {
    expect(findAmounts('$300').map((a) => a.money)).toEqual([true]);
    expect(findAmounts('300k').map((a) => a.money)).toEqual([true]);
    expect(findAmounts('2,500').map((a) => a.money)).toEqual([true]);
    expect(findAmounts('2708').map((a) => a.money)).toEqual([false]);
  });

  test('numbers inside words are not amounts', () => {
    expect(findAmounts('mls pa192274')).toEqual([]);
  });

  test('count words in three languages', () => {
    expect(['three', 'tres', 'trois', '3'].map(countValue)).toEqual([3, 3, 3, 3]);
    expect(countValue('2,5')).toBe(2.5);
    expect(countValue('many')).toBeUndefined();
  });
});

describe('price ranges', () => {
  test.each([
    ['under $800,000', { maxPrice: 800_000 }],
    ['below 450k', { maxPrice: 450_000 }],
    ['max $350,000', { maxPrice: 350_000 }],
    ['less than $1,800 a month', { maxPrice: 1800 }],
    ['$500k or less', { maxPrice: 500_000 }],
    ['budget of 2,000/mo', { maxPrice: 2000 }],
    ['over $1 million', { minPrice: 1_000_000 }],
    ['at least 300k', { minPrice: 300_000 }],
    ['400k+', { minPrice: 400_000 }],
    ['between 300k and 500k', { minPrice: 300_000, maxPrice: 500_000 }],
    ['between 300 and 500k', { minPrice: 300_000, maxPrice: 500_000 }],
    ['from $1.2M to $1.5M', { minPrice: 1_200_000, maxPrice: 1_500_000 }],
    ['$300,000-$450,000', { minPrice: 300_000, maxPrice: 450_000 }],
    ['around $400k', { minPrice: 360_000, maxPrice: 440_000 }],
    ['por menos de $400,000', { maxPrice: 400_000 }],
    ['hasta 1.500 dólares al mes', { maxPrice: 1500 }],
    ['entre 200 mil y 500 mil', { minPrice: 200_000, maxPrice: 500_000 }],
    ['moins de 500 000 $', { maxPrice: 500_000 }],
    ['entre 300 000 et 450 000 $', { minPrice: 300_000, maxPrice: 450_000 }],
    ['à partir de 250 000 €', { minPrice: 250_000 }],
  ])('%s', (q, range) => {
    expect(price(q)).toEqual(range);
  });

  test('bedrooms, years, sizes, house numbers and ZIP codes are not prices', () => {
    expect(price('3 bedroom homes in Austin')).toEqual({});
    expect(price('homes built after 2005')).toEqual({});
    expect(price('at least 2,000 sq ft')).toEqual({});
    expect(price('tell me about 2708 Live Oak Ave')).toEqual({});
    expect(price('homes in 78717')).toEqual({});
    expect(price('3 beds 2 baths under 400k')).toEqual({ maxPrice: 400_000 });
  });
});

describe('bedrooms and bathrooms', () => {
  test.each([
    ['3 bed', { minBedrooms: 3 }],
    ['3-bed', { minBedrooms: 3 }],
    ['3br', { minBedrooms: 3 }],
    ['3+ bedrooms', { minBedrooms: 3 }],
    ['at least 4 beds', { minBedrooms: 4 }],
    ['4 or more bedrooms', { minBedrooms: 4 }],
    ['three bedrooms', { minBedrooms: 3 }],
    ['exactly 2 bedrooms', { minBedrooms: 2, maxBedrooms: 2 }],
    ['up to 2 bedrooms', { maxBedrooms: 2 }],
    ['3 to 4 bedrooms', { minBedrooms: 3, maxBedrooms: 4 }],
    ['3 habitaciones', { minBedrooms: 3 }],
    ['al menos tres recámaras', { minBedrooms: 3 }],
    ['2 dormitorios', { minBedrooms: 2 }],
    ['3 chambres', { minBedrooms: 3 }],
    ['au moins deux chambres', { minBedrooms: 2 }],
    ['4 beds, 3+ baths', { minBedrooms: 4, minBathrooms: 3 }],
    ['2.5 baths', { minBathrooms: 2.5 }],
    ['2 baños', { minBathrooms: 2 }],
    ['2 salles de bain', { minBathrooms: 2 }],
  ])('%s', (q, c) => {
    expect(counts(q)).toEqual(c);
  });

  test.each([
    ['at most 2 baths', { maxBathrooms: 2 }],
    ['no more than 2 bathrooms', { maxBathrooms: 2 }],
    ['3 beds, 2 baths or fewer', { minBedrooms: 3, maxBathrooms: 2 }],
    ['2 bedrooms max', { maxBedrooms: 2 }],
    ['exactly 2 baths', { minBathrooms: 2, maxBathrooms: 2 }],
    ['máximo 2 baños', { maxBathrooms: 2 }],
    ['no más de 3 habitaciones', { maxBedrooms: 3 }],
    ['2 baños como máximo', { maxBathrooms: 2 }],
    ['au plus 2 salles de bain', { maxBathrooms: 2 }],
    ['pas plus de 3 chambres', { maxBedrooms: 3 }],
    ['no máximo 2 banheiros', { maxBathrooms: 2 }],
    ['3 quartos no máximo', { maxBedrooms: 3 }],
    ['hasta 3 ambientes', { maxBedrooms: 2 }],
  ])('an upper bound: %s', (q, c) => {
    expect(counts(q)).toEqual(c);
  });

  test('a bound after a count is not taken from a price after it', () => {
    expect(counts('3 beds max $500k')).toEqual({ minBedrooms: 3 });
    expect(price('3 beds max $500k')).toEqual({ maxPrice: 500_000 });
  });
});

test('answers write amounts in full', () => {
  expect(formatMoney(450000, '$')).toBe('$450,000');
  expect(formatMoney(1591000, '$')).toBe('$1,591,000');
  expect(formatMoney(1800.5, '€')).toBe('€1,800.50');
  expect(formatNumber(2232)).toBe('2,232');
});
