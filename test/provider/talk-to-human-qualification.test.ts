// The model engine's talk_to_human with the qualification (DESIGN 3.13), through ClientAsk against
// the fake provider, on SQLite and PostgreSQL: what the model passes reaches the lead (LeadList),
// and a value the lead's rules refuse goes back to the model as the tool's error, recording nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../harness.ts';
import { type ProviderApp, providerApp } from './provider-app.ts';

let p: ProviderApp;
beforeAll(async () => {
  p = await providerApp();
});
afterAll(() => p.close());

async function handOff(args: Record<string, unknown>) {
  const f = await p.session();
  p.fake.script({ kind: 'tool', name: 'talk_to_human', args }, { kind: 'text', text: 'Done.' });
  await call(p.app, '/chat/Chat/ClientAsk', { sessionID: f.sessionId, content: 'Can a person call me?' }, f.ws.auth);
  const leads = await call<Record<string, unknown>[]>(
    p.app,
    '/chat/Chatbot/LeadList',
    { serialNumber: f.serial },
    f.ws.auth,
  );
  return leads;
}

it("the qualification the model passes is the lead's", async () => {
  const leads = await handOff({
    name: 'Ana Lima',
    email: 'ana@example.com',
    intent: 'buy',
    timeline: '3-6 months',
    preApproved: 'yes',
    budgetMin: 500_000,
    budgetMax: 650_000,
    areas: ['Austin', 'Round Rock'],
    propertyType: 'condo',
  });
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({
    Name: 'Ana Lima',
    Source: 'chat',
    Intent: 'buy',
    Timeline: '3-6 months',
    PreApproved: 'yes',
    BudgetMin: 500_000,
    BudgetMax: 650_000,
    Areas: ['Austin', 'Round Rock'],
    PropertyType: 'condo',
    MLSNumber: '',
  });
});

it('a budget whose lowest is above its highest goes back to the model as an error naming it; no lead', async () => {
  const leads = await handOff({ name: 'Bo', email: 'bo@example.com', budgetMin: 800_000, budgetMax: 600_000 });
  expect(leads).toEqual([]);
  const toolTurn = p.fake
    .chats()
    .at(-1)
    ?.body?.messages?.find((m) => m.role === 'tool');
  expect(JSON.stringify(toolTurn?.content)).toContain('BudgetMin');
});
