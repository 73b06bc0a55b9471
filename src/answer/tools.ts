// The tools the model gets (DESIGN §3.5), all over the chatbot's own listings (req.listings,
// the same search the builtin engine uses) and its human handoff. Outputs are plain JSON the
// model reads; listing data comes from listingRecord, the shape RealEstateList returns.
import { tool } from 'ai';
import { z } from 'zod';
import type { Listing } from '../listings/columns.ts';
import type { ListingFilter } from '../listings/filter.ts';
import { listingRecord } from '../listings/record.ts';
import type { AnswerRequest } from './engine.ts';

export const MAX_LISTINGS_PER_SEARCH = 10;

// Models often send null for a parameter they do not use: accept it as "not given".
const optionalText = z.string().nullish();
const optionalNumber = z.number().nullish();

const searchInput = z.object({
  city: optionalText.describe('City name, e.g. "Austin"'),
  saleType: z.enum(['for_sale', 'for_rent']).nullish().describe('for_sale or for_rent'),
  minPrice: optionalNumber,
  maxPrice: optionalNumber,
  minBedrooms: optionalNumber.describe('At least this many bedrooms'),
  minBathrooms: optionalNumber.describe('At least this many bathrooms'),
  propertyType: optionalText.describe('e.g. "Single Family Residential", "Condo", "Townhouse"'),
  keywords: z.array(z.string()).nullish().describe('Words that must all appear, e.g. ["pool", "garage"]'),
  status: z.enum(['available', 'sold']).nullish().describe('available (default: active and coming soon) or sold'),
  limit: optionalNumber.describe(`How many listings to return, at most ${MAX_LISTINGS_PER_SEARCH} (default 5)`),
});
export type SearchInput = z.infer<typeof searchInput>;

const getInput = z.object({
  id: z.number().int().positive().nullish().describe("Parlor's listing ID"),
  mlsNumber: optionalText.describe('The MLS number of the listing'),
  url: optionalText.describe("The listing's URL"),
});

const handoffInput = z.object({
  name: optionalText,
  email: optionalText,
  phone: optionalText,
  message: optionalText.describe('What the visitor wants, in their words'),
});

const given = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

export function filterOf(input: SearchInput): ListingFilter {
  const keywords = (input.keywords ?? []).map((k) => k.trim()).filter(Boolean);
  return {
    city: given(input.city)?.trim() || undefined,
    saleType: given(input.saleType),
    minPrice: given(input.minPrice),
    maxPrice: given(input.maxPrice),
    minBedrooms: given(input.minBedrooms),
    minBathrooms: given(input.minBathrooms),
    propertyType: given(input.propertyType)?.trim() || undefined,
    keywords: keywords.length ? keywords : undefined,
    statuses: input.status === 'sold' ? ['Sold'] : ['Active', 'PreOnMarket'],
  };
}

/** The price as people read it, written in full: "$450,000". */
export function priceText(l: Listing): string {
  if (l.price === null) return '';
  return `${l.currency_symbol}${l.price.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

/** The facts a search result shows; get_listing gives the whole record. */
function summary(l: Listing) {
  const r = listingRecord(l);
  return {
    MLSNumber: r.MLSNumber,
    Address: r.Address,
    City: r.City,
    State: r.State,
    Price: priceText(l),
    SaleType: r.SaleType,
    Status: r.Status,
    PropertyType: r.PropertyType,
    Bedrooms: r.Bedrooms,
    Bathrooms: r.Bathrooms,
    Area: r.Area ? `${r.Area} ${r.AreaUnit}` : '',
    Url: r.Url,
  };
}

export function listingTools(req: AnswerRequest) {
  return {
    search_listings: tool({
      description: "Searches this business's listings. Returns the total number of matches and up to `limit` of them.",
      inputSchema: searchInput,
      execute: async (input) => {
        const limit = Math.min(MAX_LISTINGS_PER_SEARCH, Math.max(1, Math.trunc(given(input.limit) ?? 5)));
        const { listings, total } = await req.listings.search(filterOf(input), { sort: 'Newest', offset: 0, limit });
        return { total, listings: listings.map(summary) };
      },
    }),
    get_listing: tool({
      description:
        'All the details of one listing (HOA, year built, lot size, parking, description, …), by MLS number, URL or ID.',
      inputSchema: getInput,
      execute: async (input) => {
        const mlsNumber = given(input.mlsNumber)?.trim();
        const url = given(input.url)?.trim();
        const id = given(input.id);
        if (!mlsNumber && !url && !id) return { found: false, error: 'give an MLS number, a URL or an ID' };
        const filter: ListingFilter = mlsNumber ? { mlsNumber } : url ? { url } : { id: id ?? 0 };
        const { listings } = await req.listings.search(filter, { sort: 'Newest', offset: 0, limit: 1 });
        const l = listings[0];
        if (!l) return { found: false, error: 'no listing with that MLS number, URL or ID' };
        return { found: true, listing: { ...listingRecord(l), PriceText: priceText(l) } };
      },
    }),
    talk_to_human: tool({
      description:
        'Hands the conversation to a person at the business. Call it when the visitor asks for a person, ' +
        'with their name and an email or phone number.',
      inputSchema: handoffInput,
      execute: async (input) => {
        if (!req.talkToHuman) return { ok: false, message: 'Talking to a person is not available for this chatbot.' };
        const lead = {
          name: given(input.name)?.trim() ?? '',
          email: given(input.email)?.trim() ?? '',
          phone: given(input.phone)?.trim() ?? '',
          message: given(input.message)?.trim() ?? '',
        };
        if (!lead.email && !lead.phone) {
          return { ok: false, message: 'Ask the visitor for an email address or a phone number first.' };
        }
        return { ok: true, message: await req.talkToHuman(lead) };
      },
    }),
  };
}
