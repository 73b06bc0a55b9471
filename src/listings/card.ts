// How an answer shows a listing: the card that rides with an answer (ClientAsk's Data, the
// streamed final frame, GetMessages) and that the widget draws. A small, flat subset of the
// List record with the same conventions (ID an integer, amounts plain decimal strings, ""
// when unset, SaleType in display form), so a client formats both the same way.
import { type Static, Type } from 'typebox';
import type { Listing } from './columns.ts';
import { amount, saleTypeDisplay } from './record.ts';

const EXAMPLE = {
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
};

export const ListingCard = Type.Object(
  {
    ID: Type.Integer({ description: "Parlor's listing ID (RealEstateList's ID)" }),
    MLSNumber: Type.String(),
    Address: Type.String({ description: '"" when unset' }),
    City: Type.String({ description: '"" when unset' }),
    Price: Type.String({
      description: 'SalePrice for sale, RentPrice for rent, as a plain decimal ("450000", "2450.5"); "" when unset',
    }),
    CurrencySymbol: Type.String(),
    SaleType: Type.String({ description: 'Display form, as List writes it: "For Sale" or "For Rent"' }),
    Bedrooms: Type.String({ description: 'A plain decimal, e.g. "3"' }),
    Bathrooms: Type.String({ description: 'A plain decimal, e.g. "2.5"' }),
    BuildingArea: Type.String({ description: 'Living area in AreaUnit, a plain decimal' }),
    AreaUnit: Type.String({ description: '"Square Feet" or "Square Meters"' }),
    Image: Type.String({ description: 'The first image URL of the listing, or "" when it has none' }),
    Url: Type.String({ description: "The listing's page" }),
  },
  { description: 'A listing the answer shows, as a card', examples: [EXAMPLE] },
);
export type ListingCardData = Static<typeof ListingCard>;

/** A card as the API documents it (typed: the example follows the schema). */
export const LISTING_CARD_EXAMPLE: ListingCardData = EXAMPLE;

export const ListingCards = Type.Array(ListingCard, {
  description:
    'The listings the answer shows, in the order it names them; [] when it shows none. Additive to the ' +
    "platform's fields: clients written for the platform ignore it.",
  examples: [[EXAMPLE]],
});

/** The first non-blank entry of the stored Images (a JSON array of URLs), or "". */
export function firstImage(images: string | null): string {
  if (!images) return '';
  let list: unknown;
  try {
    list = JSON.parse(images);
  } catch {
    return '';
  }
  if (!Array.isArray(list)) return '';
  for (const item of list) if (typeof item === 'string' && item.trim()) return item.trim();
  return '';
}

export function listingCard(l: Listing): ListingCardData {
  return {
    ID: l.id,
    MLSNumber: l.mls_number,
    Address: l.address ?? '',
    City: l.city ?? '',
    Price: amount(l.price),
    CurrencySymbol: l.currency_symbol,
    SaleType: saleTypeDisplay(l.sale_type),
    Bedrooms: amount(l.bedrooms),
    Bathrooms: amount(l.bathrooms),
    BuildingArea: amount(l.building_area),
    AreaUnit: l.area_unit,
    Image: firstImage(l.images),
    Url: l.url,
  };
}
