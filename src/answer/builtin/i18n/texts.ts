// What an answer says, per language. Numbers and prices arrive already formatted
// ("$450,000"), so every language writes them the same way and they stay checkable.
import type { SaleType } from '../../../listings/index.ts';
import type { DetailField } from '../detail-fields.ts';

export interface Wanted {
  saleType?: SaleType;
  sold: boolean;
  propertyType?: string;
  city?: string;
  minBedrooms?: number;
  maxBedrooms?: number;
  minBathrooms?: number;
  maxBathrooms?: number;
  /** Formatted prices. */
  minPrice?: string;
  maxPrice?: string;
  features: string[];
  /** Features not wanted, already named in the answer's language. */
  notFeatures?: string[];
  /** Other applied criteria, already phrased ("over 1,800 sq ft", "built in 2015 or later", "no HOA"). */
  extras?: string[];
}

/** Facts of one listing, already formatted, for the detail sentences. */
export interface Facts {
  price: string;
  hoa: string | null;
  year: string;
  size: string;
  lot: string;
  /** The lot in acres when its area is in square feet and it is a tenth of an acre or more. */
  lotAcres: string | null;
  /** The price over the living area ("$176/sq ft"), when both are known. */
  pricePerArea: string | null;
  zip: string | null;
  parking: string;
  bedrooms: string;
  bathrooms: string;
  daysOnMarket: string;
  deposit: string | null;
  address: string;
  features: string[];
  type: string;
  status: string;
  forRent: boolean;
}

export type Relaxed = 'price' | 'bedrooms' | 'bathrooms' | 'type' | 'features';

export interface Texts {
  /** "3 condos for sale in Austin with at least 2 bedrooms up to $450,000" (n may be absent). */
  describe(w: Wanted, n?: number): string;
  /** `what` is describe(w, total): it carries the number. */
  found(what: string): string;
  showing(shown: number, total: number, sort: 'Newest' | 'PriceAsc' | 'PriceDesc'): string;
  none(what: string): string;
  relax(what: Relaxed, n: number): string;
  count(what: string): string;
  average(what: string, mean: string, low: string, high: string): string;
  median(what: string, median: string, low: string, high: string): string;
  perMonth: string;
  beds: string;
  baths: string;
  status(status: string): string;
  detail(field: DetailField, f: Facts): string;
  namedIntro(n: number): string;
  more: string;
  welcome: string;
  thanks: string;
  help: string;
  human: string;
  offTopic: string;
  /** After an answer from the brokerage's own knowledge: where it comes from. */
  knowledgeSource(source: string): string;
  media(kind: 'Image' | 'Audio' | 'Video'): string;
}
