// Synthetic listings for the benchmarks: deterministic, spread over 50 cities, shaped like
// what RealEstateCreate receives (the API's field names, canonical enum values).
import type { ListingFields } from '../../src/listings/schemas.ts';

// biome-ignore format: one block of names reads better than fifty lines
export const CITIES: readonly string[] = [
  'Austin', 'Dallas', 'Houston', 'San Antonio', 'Denver', 'Boulder', 'Phoenix', 'Tucson', 'Seattle', 'Tacoma',
  'Portland', 'Eugene', 'Boise', 'Reno', 'Las Vegas', 'Salt Lake City', 'Albuquerque', 'Santa Fe', 'Omaha', 'Lincoln',
  'Kansas City', 'Wichita', 'Tulsa', 'Oklahoma City', 'Little Rock', 'Memphis', 'Nashville', 'Knoxville', 'Atlanta',
  'Savannah', 'Charlotte', 'Raleigh', 'Durham', 'Richmond', 'Norfolk', 'Baltimore', 'Philadelphia', 'Pittsburgh',
  'Cleveland', 'Columbus', 'Cincinnati', 'Detroit', 'Chicago', 'Milwaukee', 'Madison', 'Minneapolis', 'Des Moines',
  'Louisville', 'Indianapolis', 'Orlando',
];

const TYPES = ['Single Family Residential', 'Condo', 'Townhouse', 'Multi-Family'];

/** The i-th listing; `tag` keeps MLSNumber and Url unique across batches and runs. */
export function benchListing(i: number, tag: string): ListingFields {
  const city = CITIES[i % CITIES.length];
  const rent = i % 4 === 0;
  const id = `${tag}${i}`;
  return {
    SaleType: rent ? 'for_rent' : 'for_sale',
    Status: i % 10 === 0 ? 'Sold' : 'Active',
    CurrencySymbol: '$',
    PropertyType: TYPES[i % TYPES.length],
    Bedrooms: 1 + (i % 5),
    Bathrooms: 1 + (i % 3) * 0.5,
    Url: `https://homes.example.com/${id.toLowerCase()}`,
    MLSNumber: id,
    YearBuilt: 1950 + (i % 70),
    DaysOnMarket: i % 90,
    LotArea: 3000 + (i % 5000),
    BuildingArea: 900 + (i % 2500),
    AreaUnit: 'Square Feet',
    ParkingSpots: i % 3,
    Address: `${100 + (i % 9000)} Oak Blvd`,
    City: city,
    State: 'US',
    ZIP: String(10000 + (i % 89999)),
    Latitude: 30 + (i % 1000) / 100,
    Longitude: -97 - (i % 1000) / 100,
    ...(rent ? { RentPrice: 1200 + (i % 3000) } : { SalePrice: 150_000 + (i % 900) * 1000 }),
    Description: `${1 + (i % 5)} bed home in ${city} with a garden.`,
    ExtensionColumn: [{ Key: 'Pool', value: i % 2 ? 'Yes' : 'No' }],
    Images: [`https://img.example.com/${id}.jpg`],
  };
}
