// A conversation with the builtin engine in each of the four languages: what the visitor
// volunteers before giving their contact fills the lead the engine takes (LeadList); a budget it
// cannot read stays empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, createListing, listingBody } from '../../../test/factories.ts';
import { buildTestApp, call, type TestApp, testClock } from '../../../test/harness.ts';

const clock = testClock(new Date('2032-01-15T15:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

const CONVERSATIONS: [string, string[], Record<string, unknown>][] = [
  [
    'en',
    [
      "We're pre-approved up to 600k and want to buy",
      'Looking to move in the spring',
      "I'm Jane Doe, jane@example.com",
    ],
    { Intent: 'buy', Timeline: '1-3 months', PreApproved: 'yes', BudgetMin: null, BudgetMax: 600_000 },
  ],
  [
    'es',
    [
      'Queremos comprar en los próximos 5 meses',
      'Estamos preaprobados, presupuesto de 400 a 500 mil euros',
      'Soy Lucía Fernández, lucia@example.com',
    ],
    { Intent: 'buy', Timeline: '3-6 months', PreApproved: 'yes', BudgetMin: 400_000, BudgetMax: 500_000 },
  ],
  [
    'fr',
    [
      "Nous devons d'abord vendre notre maison, d'ici 8 mois",
      "Pas encore d'accord de principe, budget autour de 450 000 €",
      'Claire Martin, claire@example.com',
    ],
    { Intent: 'sell', Timeline: '6-12 months', PreApproved: 'no', BudgetMin: 450_000, BudgetMax: 450_000 },
  ],
  [
    'pt',
    [
      'Queremos comprar o mais rápido possível',
      'Já temos financiamento aprovado, orçamento até 1,5 milhão',
      'Ana Souza, ana@example.com',
    ],
    { Intent: 'buy', Timeline: 'now', PreApproved: 'yes', BudgetMin: null, BudgetMax: 1_500_000 },
  ],
];

describe('the builtin engine fills the lead with what the visitor volunteered', () => {
  it.each(CONVERSATIONS)('in %s', async (_lang, messages, expected) => {
    const f = await chatbotWithSession(t, {}, 'Demo Realty');
    for (const content of messages) {
      await call(t.app, '/chat/Chat/ClientAsk', { sessionID: f.sessionId, content }, f.ws.auth);
    }
    const leads = await call<Record<string, unknown>[]>(
      t.app,
      '/chat/Chatbot/LeadList',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject(expected);
  });

  it.each([
    ['Our budget is around 600k', 600_000, 600_000],
    ['We can spend 600-750k', 600_000, 750_000],
    ['Budget: 600 000 €', 600_000, 600_000],
    ['Our budget is flexible, 3 bedrooms under 2,000 sq ft', null, null],
  ])('the budget of "%s" on the lead is %s–%s (unreadable: empty, never guessed)', async (said, min, max) => {
    const f = await chatbotWithSession(t, {}, 'Demo Realty');
    for (const content of [said, "I'm Jane Doe, jane@example.com"]) {
      await call(t.app, '/chat/Chat/ClientAsk', { sessionID: f.sessionId, content }, f.ws.auth);
    }
    const leads = await call<Record<string, unknown>[]>(
      t.app,
      '/chat/Chatbot/LeadList',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ BudgetMin: min, BudgetMax: max });
  });

  it('with the listing the conversation was about as MLSNumber', async () => {
    const f = await chatbotWithSession(t, {}, 'Demo Realty');
    const body = listingBody(f.serial, { City: 'Round Rock', Address: '7 Mesa Dr' });
    await createListing(t.app, f.ws.auth, body);
    for (const content of ['Any homes in Round Rock?', "I'd like to see it. Jane Doe, jane@example.com"]) {
      await call(t.app, '/chat/Chat/ClientAsk', { sessionID: f.sessionId, content }, f.ws.auth);
    }
    const leads = await call<Record<string, unknown>[]>(
      t.app,
      '/chat/Chatbot/LeadList',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    expect(leads[0]).toMatchObject({ MLSNumber: body.MLSNumber, Areas: ['Round Rock'] });
  });
});
