// Valid request bodies to start from; tests override what they are about.
import { expect } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import type { App } from '../src/http/types.ts';
import { type Answer, call, newWorkspace, type TestWorkspace } from './harness.ts';

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

// Listings API helpers (src/listings/*.test.ts, test/property/listings.property.test.ts).
export const LISTINGS = {
  create: '/chat/Chatbot/RealEstateCreate',
  update: '/chat/Chatbot/RealEstateUpdate',
  list: '/chat/Chatbot/RealEstateList',
  delete: '/chat/Chatbot/RealEstateDelete',
} as const;

/** The fields the platform marks required on create. */
export const REQUIRED_LISTING_FIELDS = [
  'SerialNumber',
  'SaleType',
  'Status',
  'CurrencySymbol',
  'PropertyType',
  'Bedrooms',
  'Bathrooms',
  'Url',
  'MLSNumber',
  'YearBuilt',
  'DaysOnMarket',
  'LotArea',
  'BuildingArea',
  'AreaUnit',
  'ParkingSpots',
] as const;

export type ListingRecordJson = Record<string, unknown> & { ID: number };

export async function listListings(app: App, auth: Record<string, string>, body: Record<string, unknown>) {
  return call<{ List: ListingRecordJson[]; VirtualCount: number }>(app, LISTINGS.list, body, auth);
}

/** Asserts an error envelope: Code = HTTP status, Data null, Message naming `field` first. */
export function expectFailure(res: Answer, code: number, field?: string) {
  expect(res.body).toMatchObject({ Data: null, Success: false, Code: code, Version: '1.0.0' });
  expect(res.status).toBe(code);
  if (field !== undefined) expect(res.body.Message.startsWith(`${field}: `), res.body.Message).toBe(true);
}

export interface ChatbotSession {
  ws: TestWorkspace;
  serial: string;
  sessionId: number;
}

/** A new workspace with one chatbot (settings applied through Edit) and a session on it. */
export async function chatbotWithSession(
  t: { app: App; db: Db },
  settings: Record<string, unknown> = {},
  name?: string,
): Promise<ChatbotSession> {
  const ws = await newWorkspace(t.db);
  const serial = await createChatbot(t.app, ws.auth, name);
  if (Object.keys(settings).length)
    await call(t.app, '/chat/Chatbot/Edit', { serialNumber: serial, ...settings }, ws.auth);
  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: serial },
    ws.auth,
  );
  return { ws, serial, sessionId: SessionID };
}

/** A visitor asking for a person (TalkToHuman's body, without the session). */
export const LEAD = {
  Name: 'Jane Doe',
  Email: 'jane@example.com',
  Phone: '+1 (512) 555-0100',
  Message: 'Can I visit Saturday?',
};

/** The IDs of a workspace's leads, oldest first. */
export async function leadIds(db: Db, workspaceId: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('leads')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
