// What the MCP tools answer (docs/mcp.md, "Tools"): `structuredContent` for the client and a
// short readable text beside it, as the MCP spec asks of a tool that returns structured data.
// Listings keep RealEstateList's conventions (plain decimal strings, "" when unset).
import type { KnowledgePassage, TourSlotData } from '../answer/index.ts';
import { featuresFromColumn, type Listing, listingCard, listingRecord } from '../listings/index.ts';
import { formatMoney } from '../money.ts';

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export const result = (text: string, structured: Record<string, unknown>): ToolResult => ({
  content: [{ type: 'text', text }],
  structuredContent: structured,
});

/** A refusal the calling model reads and can act on (ask for a phone number, pick another slot). */
export const toolError = (text: string, structured: Record<string, unknown> = {}): ToolResult => ({
  content: [{ type: 'text', text }],
  structuredContent: { error: text, ...structured },
  isError: true,
});

const priceText = (l: Listing) => (l.price === null ? '' : formatMoney(l.price, l.currency_symbol));

/** One listing of a search: the card (photo, page), its price as read and its key facts. */
export function listingSummary(l: Listing) {
  const r = listingRecord(l);
  return {
    ...listingCard(l),
    PriceText: priceText(l),
    Status: r.Status,
    PropertyType: r.PropertyType,
    YearBuilt: l.year_built ? r.YearBuilt : '',
    HOAMonth: r.HOAMonth,
    Features: featuresFromColumn(l.features),
  };
}
type Summary = ReturnType<typeof listingSummary>;

/** Every field of a listing (RealEstateList's record) with its photo and price as read. */
export function listingDetail(l: Listing) {
  return { ...listingRecord(l), PriceText: priceText(l), Image: listingCard(l).Image };
}

function factsLine(s: Summary): string {
  const facts = [
    s.Bedrooms && `${s.Bedrooms} bd`,
    s.Bathrooms && `${s.Bathrooms} ba`,
    s.BuildingArea && `${s.BuildingArea} ${s.AreaUnit === 'Square Meters' ? 'm²' : 'sq ft'}`,
    s.PropertyType,
  ].filter(Boolean);
  const where = [s.Address, s.City].filter(Boolean).join(', ');
  return `- MLS ${s.MLSNumber}: ${where || 'address not given'} — ${s.PriceText || 'price not given'} (${s.SaleType})${facts.length ? `, ${facts.join(', ')}` : ''}${s.Url ? ` — ${s.Url}` : ''}`;
}

export function searchText(brokerage: string, total: number, page: number, listings: Summary[]): string {
  if (total === 0) return `${brokerage}: no listings match these criteria.`;
  if (listings.length === 0) return `${brokerage}: ${total} listings match; page ${page} is past the last one.`;
  const head = `${brokerage}: ${total} listing${total === 1 ? '' : 's'} match; page ${page}:`;
  return [head, ...listings.map(factsLine)].join('\n');
}

export function listingText(brokerage: string, l: Listing): string {
  const r = listingRecord(l);
  const fields = Object.entries(r)
    .filter(([, v]) => v !== '' && v !== null)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return [`${brokerage} — listing ${l.mls_number}, ${priceText(l) || 'price not given'}`, ...fields].join('\n');
}

export function passagesText(brokerage: string, passages: readonly KnowledgePassage[]): string {
  if (passages.length === 0) return `${brokerage} has written nothing that answers this.`;
  return passages.map((p) => `[${p.source}${p.heading ? ` — ${p.heading}` : ''}]\n${p.text}`).join('\n\n');
}

export function slotsText(timeZone: string, slots: readonly TourSlotData[]): string {
  if (slots.length === 0) return 'No free times in that range.';
  return [
    `Free times (${timeZone}); pass a start to book_tour exactly as written:`,
    ...slots.map((s) => `- ${s.Start} (${s.Label})`),
  ].join('\n');
}
