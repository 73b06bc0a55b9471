// The listing cards' text, and how the widget reads Listings it cannot trust.
import { describe, expect, it } from 'vitest';
import { LISTING_CARD_EXAMPLE } from '../../listings/card.ts';
import { type Card, cardList, factsText, placeText, priceText } from './cards.ts';

const card = (over: Partial<Card> = {}): Card => ({ ...LISTING_CARD_EXAMPLE, ...over });

describe('card text', () => {
  it('writes the price with the currency symbol and thousands separators', () => {
    expect(priceText(card())).toBe('$420,000');
    expect(priceText(card({ Price: '1250000.5', CurrencySymbol: '€' }))).toBe('€1,250,000.5');
    expect(priceText(card({ Price: '2450', SaleType: 'For Rent' }))).toBe('$2,450/mo');
    expect(priceText(card({ Price: '' }))).toBe('Price on request');
    expect(priceText(card({ Price: 'call us' }))).toBe('Price on request');
  });

  it('writes beds, baths and area, leaving out what is unset', () => {
    expect(factsText(card())).toBe('3 bd · 2.5 ba · 1,850 sq ft');
    expect(factsText(card({ BuildingArea: '92', AreaUnit: 'Square Meters' }))).toBe('3 bd · 2.5 ba · 92 m²');
    expect(factsText(card({ Bedrooms: '0', Bathrooms: '1', BuildingArea: '0' }))).toBe('Studio · 1 ba');
    expect(factsText(card({ Bedrooms: '', Bathrooms: '', BuildingArea: '' }))).toBe('');
  });

  it('writes the address and the city', () => {
    expect(placeText(card())).toBe('12 Oak St, Austin');
    expect(placeText(card({ Address: '' }))).toBe('Austin');
    expect(placeText(card({ Address: '', City: '' }))).toBe('');
  });
});

describe('cardList', () => {
  it('keeps well-formed cards as they are', () => {
    expect(cardList([LISTING_CARD_EXAMPLE])).toEqual([LISTING_CARD_EXAMPLE]);
  });

  it('reads every field as text and drops what is not a card', () => {
    const tampered = [null, 'x', 7, { ...LISTING_CARD_EXAMPLE, Price: 420000, Url: { href: 'x' }, ID: 'nope' }];
    expect(cardList(tampered)).toEqual([{ ...LISTING_CARD_EXAMPLE, Price: '420000', Url: '', ID: 0 }]);
    expect(cardList(undefined)).toEqual([]);
    expect(cardList({ 0: LISTING_CARD_EXAMPLE })).toEqual([]);
  });

  it('shows at most 20 cards', () => {
    expect(cardList(Array.from({ length: 30 }, () => LISTING_CARD_EXAMPLE))).toHaveLength(20);
  });
});
