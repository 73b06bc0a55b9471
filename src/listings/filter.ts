// What a listing search can ask for. RealEstateList, the builtin engine and the model's
// search_listings tool all search through this one shape (repo.searchListings).
import type { SaleType, Sort, Status } from './schemas.ts';

export interface ListingFilter {
  /** Parlor's listing ID. */
  id?: number;
  city?: string;
  saleType?: SaleType;
  mlsNumber?: string;
  url?: string;
  statuses?: Status[];
  /** Case-insensitive equality. */
  propertyType?: string;
  minPrice?: number;
  maxPrice?: number;
  minBedrooms?: number;
  maxBedrooms?: number;
  minBathrooms?: number;
  /** Words that must all appear in the searchable text (address, city, description, features). */
  keywords?: string[];
  /** Case-insensitive substring of the street address. */
  address?: string;
  /** The address's leading house number ("2708" of "2708 Live Oak Ave"): an indexed lookup. */
  streetNumber?: string;
  near?: { latitude: number; longitude: number; radiusKm: number };
}

export interface ListingPage {
  sort: Sort;
  offset: number;
  limit: number;
}
