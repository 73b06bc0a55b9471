// Valid request bodies to start from; tests override what they are about.
import type { App } from '../src/http/types.ts';
import { call } from './harness.ts';

let seq = 0;

export function listingBody(serialNumber: string, overrides: Record<string, unknown> = {}) {
  seq++;
  const mls = `T${process.pid}${String(seq).padStart(6, '0')}`;
  return {
    SerialNumber: serialNumber,
    SaleType: 'for_sale',
    Status: 'Active',
    CurrencySymbol: '$',
    PropertyType: 'Single Family Residential',
    Bedrooms: 3,
    Bathrooms: 2.5,
    Url: `https://homes.example.com/${mls.toLowerCase()}`,
    MLSNumber: mls,
    YearBuilt: 1998,
    DaysOnMarket: 12,
    LotArea: 5000,
    BuildingArea: 1850,
    AreaUnit: 'Square Feet',
    ParkingSpots: 2,
    Address: `${100 + seq} Oak Blvd`,
    City: 'Austin',
    State: 'TX',
    ZIP: '78717',
    Latitude: 30.27954,
    Longitude: -97.75963,
    SalePrice: 450000,
    Description: '3 bed, 2.5 bath home with a pool.',
    ExtensionColumn: [{ Key: 'Pool', value: 'Yes' }],
    Images: ['https://img.example.com/1.jpg'],
    ...overrides,
  };
}

export async function createChatbot(app: App, auth: Record<string, string>, name?: string): Promise<string> {
  return call<string>(
    app,
    '/chat/Chatbot/Add',
    { timeZone: 'America/Chicago', type: 0, ...(name ? { Name: name } : {}) },
    auth,
  );
}

export async function createListing(app: App, auth: Record<string, string>, body: Record<string, unknown>) {
  return Number(await call<string>(app, '/chat/Chatbot/RealEstateCreate', body, auth));
}
