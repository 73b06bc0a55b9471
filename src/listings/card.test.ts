// The card an answer shows for a listing: List's conventions on a small subset of fields.
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { firstImage, LISTING_CARD_EXAMPLE, ListingCard, listingCard } from './card.ts';
import type { Listing } from './columns.ts';

/** A listing row with the columns a card reads (and a few it ignores). */
function row(over: Partial<Listing> = {}): Listing {
  return {
    id: 1024,
    workspace_id: 1,
    chatbot_id: 1,
    mls_number: 'ATX1001',
    url: 'https://homes.example.com/atx1001',
    sale_type: 'for_sale',
    status: 'Active',
    currency_symbol: '$',
    property_type: 'Single Family Residential',
    property_type_key: 'single family residential',
    bedrooms: 3,
    bathrooms: 2.5,
    year_built: 1998,
    days_on_market: 12,
    lot_area: 5000,
    building_area: 1850,
    area_unit: 'Square Feet',
    images: '["https://img.example.com/atx1001/1.jpg","https://img.example.com/atx1001/2.jpg"]',
    tours: null,
    parking_spots: 2,
    description: 'A home with a pool.',
    extension_column: null,
    location: null,
    address: '12 Oak St',
    street_number: '12',
    city: 'Austin',
    city_key: 'austin',
    state: 'TX',
    zip: '78717',
    latitude: 30.28,
    longitude: -97.76,
    sale_price: 420000,
    unit_area_price: null,
    hoa_month: null,
    zestimate_price: null,
    rent_price: null,
    space_type: null,
    deposit_fee: null,
    price: 420000,
    search_text: '',
    created_at: '2026-11-02T15:00:00.000Z',
    updated_at: '2026-11-02T15:00:00.000Z',
    ...over,
  } as Listing;
}

describe('listingCard', () => {
  it('shows a listing for sale with its sale price, facts as decimal strings and first image', () => {
    expect(listingCard(row())).toEqual({
      ID: 1024,
      MLSNumber: 'ATX1001',
      Address: '12 Oak St',
      City: 'Austin',
      Price: '420000',
      CurrencySymbol: '$',
      SaleType: 'For Sale',
      Bedrooms: '3',
      Bathrooms: '2.5',
      BuildingArea: '1850',
      AreaUnit: 'Square Feet',
      Image: 'https://img.example.com/atx1001/1.jpg',
      Url: 'https://homes.example.com/atx1001',
    });
  });

  it('shows a rental with its rent, and unset values as ""', () => {
    const card = listingCard(
      row({
        sale_type: 'for_rent',
        sale_price: null,
        rent_price: 2450.5,
        price: 2450.5,
        currency_symbol: '€',
        address: null,
        city: null,
        area_unit: 'Square Meters',
        building_area: 92,
        images: null,
      }),
    );
    expect(card).toMatchObject({
      Price: '2450.5',
      CurrencySymbol: '€',
      SaleType: 'For Rent',
      Address: '',
      City: '',
      BuildingArea: '92',
      AreaUnit: 'Square Meters',
      Image: '',
    });
    expect(listingCard(row({ price: null })).Price).toBe('');
  });

  it('writes amounts as List does: never in exponent form', () => {
    expect(listingCard(row({ price: 5e-7, building_area: 1e-7 }))).toMatchObject({
      Price: '0.0000005',
      BuildingArea: '0.0000001',
    });
  });

  it('always matches its schema, and the documented example does too', () => {
    expect(Value.Check(ListingCard, listingCard(row()))).toBe(true);
    expect(Value.Check(ListingCard, listingCard(row({ images: null, address: null, price: null })))).toBe(true);
    expect(Value.Check(ListingCard, LISTING_CARD_EXAMPLE)).toBe(true);
    expect(Value.Check(ListingCard, { ...LISTING_CARD_EXAMPLE, ID: '1024' })).toBe(false);
  });
});

describe('firstImage', () => {
  it.each([
    ['["https://a.test/1.jpg","https://a.test/2.jpg"]', 'https://a.test/1.jpg'],
    ['["", "  ", " https://a.test/3.jpg "]', 'https://a.test/3.jpg'],
    ['[]', ''],
    [null, ''],
    ['', ''],
    ['not json', ''],
    ['{"url":"https://a.test/1.jpg"}', ''],
    ['[42, "https://a.test/4.jpg"]', 'https://a.test/4.jpg'],
  ])('%j → %j', (images, expected) => {
    expect(firstImage(images)).toBe(expected);
  });
});
