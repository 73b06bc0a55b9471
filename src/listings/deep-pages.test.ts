// Deep RealEstateList pages (offset 1,000 and more) are read in two steps (the page's IDs, then
// its rows: repo.ts searchListings); they must hold the same listings, in the same order, as
// the pages before them would continue, for every sort.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { listingBody } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, type TestApp, type TestWorkspace } from '../../test/harness.ts';
import { insertChatbot } from '../chatbots/repo.ts';
import { DEFAULT_SETTINGS } from '../chatbots/settings.ts';
import type { ListingFields } from './schemas.ts';
import { insertChecked } from './service.ts';

const COUNT = 1_230;
let t: TestApp;
let ws: TestWorkspace;
let serial = '';

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
  const now = new Date();
  const bot = await insertChatbot(t.db.kysely, ws.workspaceId, 0, { ...DEFAULT_SETTINGS }, now);
  serial = bot.serialNumber;
  const owner = { workspaceId: ws.workspaceId, chatbotId: bot.id };
  await t.db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < COUNT; i++) {
      // Prices repeat (ties are ordered newest first) and some are unset (sorted last).
      const body = listingBody(serial, { SalePrice: i % 7 === 0 ? null : 100_000 + (i % 50) * 1_000 });
      const { SerialNumber: _, ...fields } = body;
      await insertChecked(trx, owner, fields as unknown as ListingFields, now);
    }
  });
}, 60_000);
afterAll(() => t.close());

type Page = { List: { ID: number }[]; VirtualCount: number };

test.each(['Newest', 'PriceAsc', 'PriceDesc'])('%s: pages 11 to 13 of 100 continue pages 1 to 10', async (SortBy) => {
  const ids: number[] = [];
  for (let PageNumber = 1; PageNumber <= 13; PageNumber++) {
    const page = await call<Page>(
      t.app,
      '/chat/Chatbot/RealEstateList',
      { SerialNumber: serial, SortBy, PageSize: 100, PageNumber },
      ws.auth,
    );
    expect(page.VirtualCount).toBe(COUNT);
    ids.push(...page.List.map((l) => l.ID));
  }
  expect(ids).toHaveLength(COUNT);
  expect(new Set(ids).size).toBe(COUNT);
  // The deep pages (offset 1,000 on) hold what a shallow read across the boundary (offset 990)
  // finds there, in its order.
  const shallow = await call<Page>(
    t.app,
    '/chat/Chatbot/RealEstateList',
    { SerialNumber: serial, SortBy, PageSize: 99, PageNumber: 11 },
    ws.auth,
  );
  expect(shallow.List.map((l) => l.ID)).toEqual(ids.slice(990, 1089));
});
