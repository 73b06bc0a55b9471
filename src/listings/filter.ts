// What a listing search can ask for. RealEstateList, the builtin engine and the model's
// search_listings tool all search through this one shape (repo.searchListings).
import type { SaleType, Sort, Status } from './schemas.ts';

/**
 * Property types as families: each feed names them its own way ("Single Family Residence",
 * "Single Family", "SFR"…); features.ts typeFamilyOf reads the name into one of these.
 */
export const TYPE_FAMILIES = ['sfr', 'condo', 'town', 'multi', 'apt', 'land', 'other'] as const;
export type TypeFamily = (typeof TYPE_FAMILIES)[number];

/** What a listing can state it has; features.ts featuresOf reads them when it is written. */
export const FEATURES = [
  'pool',
  'garage',
  'pets',
  'furnished',
  'basement',
  'finishedBasement',
  'fireplace',
  'waterfront',
  'view',
  'centralAir',
  'inUnitLaundry',
  'yard',
  'balcony',
  'elevator',
  'gym',
  'solar',
  'airConditioning',
  'hardwood',
  'patio',
] as const;
export type Feature = (typeof FEATURES)[number];

export interface ListingFilter {
  /** Parlor's listing ID. */
  id?: number;
  /** Any of these listing IDs. */
  ids?: number[];
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
  maxBathrooms?: number;
  /** Living area (BuildingArea). A maximum leaves out listings without one (0: land). */
  minArea?: number;
  maxArea?: number;
  /** Lot (LotArea). A maximum leaves out listings without one (0: most condos). */
  minLot?: number;
  maxLot?: number;
  /** Year built. A bound leaves out listings without one (0: land). */
  minYear?: number;
  maxYear?: number;
  /** HOAMonth at most this; a listing without an HOA fee counts as 0. */
  maxHoa?: number;
  /** No HOA fee: HOAMonth absent or 0. */
  noHoa?: boolean;
  /** Any of these property type families. */
  types?: TypeFamily[];
  /** None of these property type families. */
  notTypes?: TypeFamily[];
  /** Every one of these features stated yes. */
  features?: Feature[];
  /** None of these stated yes (a listing that says nothing about one does not have it). */
  notFeatures?: Feature[];
  minDaysOnMarket?: number;
  maxDaysOnMarket?: number;
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
