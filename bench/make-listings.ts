// Writes a large listings file for `npx parlor listings import` benchmarks:
//   node bench/make-listings.ts /tmp/listings-100k.json 100000
// Rows are deterministic (row i is always the same) and valid per RealEstateCreate.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const CITIES = [
  { City: 'Austin', ZIP: '78704', Latitude: 30.2462, Longitude: -97.7699 },
  { City: 'Dallas', ZIP: '75214', Latitude: 32.8251, Longitude: -96.7495 },
  { City: 'Houston', ZIP: '77008', Latitude: 29.7987, Longitude: -95.4105 },
  { City: 'San Antonio', ZIP: '78209', Latitude: 29.4889, Longitude: -98.4574 },
];
const TYPES = ['Single Family Residential', 'Condo', 'Townhouse', 'Apartment'];
const FEATURES = ['Pool', 'Garage', 'Fireplace', 'Balcony'];

export function makeListing(i: number, prefix = 'BX'): Record<string, unknown> {
  const c = CITIES[i % CITIES.length] ?? CITIES[0];
  const rent = i % 3 === 0;
  const mls = `${prefix}${String(i).padStart(7, '0')}`;
  const beds = 1 + (i % 5);
  return {
    SaleType: rent ? 'for_rent' : 'for_sale',
    Status: i % 10 === 9 ? 'Sold' : 'Active',
    CurrencySymbol: '$',
    PropertyType: TYPES[i % TYPES.length],
    Bedrooms: beds,
    Bathrooms: 1 + (i % 4) * 0.5,
    Url: `https://homes.example.com/${mls.toLowerCase()}`,
    MLSNumber: mls,
    YearBuilt: 1950 + (i % 75),
    DaysOnMarket: i % 200,
    LotArea: 2000 + (i % 80) * 100,
    BuildingArea: 600 + beds * 400 + (i % 50) * 10,
    AreaUnit: 'Square Feet',
    ParkingSpots: i % 4,
    Images: [`https://img.example.com/${mls.toLowerCase()}/1.jpg`],
    Description: `${beds} bed home in ${c.City} with a ${FEATURES[i % FEATURES.length]?.toLowerCase()}.`,
    ExtensionColumn: [{ Key: FEATURES[i % FEATURES.length], value: 'Yes' }],
    Address: `${100 + (i % 9900)} Oak Blvd`,
    City: c.City,
    State: 'TX',
    ZIP: c.ZIP,
    Latitude: c.Latitude + (i % 100) / 1000,
    Longitude: c.Longitude - (i % 100) / 1000,
    ...(rent ? { RentPrice: 1000 + (i % 40) * 50 } : { SalePrice: 150_000 + (i % 200) * 5000 }),
  };
}

export function makeListings(count: number, prefix = 'BX'): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => makeListing(i, prefix));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = process.argv[2] ?? 'listings-100k.json';
  const count = Number(process.argv[3] ?? 100_000);
  writeFileSync(out, JSON.stringify(makeListings(count)));
  console.log(`wrote ${count} listings to ${out}`);
}
