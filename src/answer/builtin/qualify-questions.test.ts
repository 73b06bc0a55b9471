// QualifyQuestions with the builtin engine: after taking a lead it asks the chosen fields one
// at a time, in order, skipping what the visitor already said; each answer fills the lead
// (LeadList); a reply that does not answer ends the questions for good.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession } from '../../../test/factories.ts';
import { buildTestApp, call, type TestApp, testClock } from '../../../test/harness.ts';

const clock = testClock(new Date('2032-01-15T15:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

type Fixture = Awaited<ReturnType<typeof chatbotWithSession>>;

async function ask(f: Fixture, content: string): Promise<string> {
  const r = await call<{ content: string }>(
    t.app,
    '/chat/Chat/ClientAsk',
    { sessionID: f.sessionId, content },
    f.ws.auth,
  );
  return r.content;
}

async function lead(f: Fixture): Promise<Record<string, unknown>> {
  const leads = await call<Record<string, unknown>[]>(
    t.app,
    '/chat/Chatbot/LeadList',
    { serialNumber: f.serial },
    f.ws.auth,
  );
  expect(leads).toHaveLength(1);
  return leads[0] ?? {};
}

const WAITING = /person from our team will reply/;

describe('QualifyQuestions', () => {
  it('asks each chosen field in order after the lead, fills the lead, then stops', async () => {
    const f = await chatbotWithSession(t, { QualifyQuestions: ['Timeline', 'PreApproved', 'Budget'] });
    const taken = await ask(f, "I'm Jane Doe, jane@example.com");
    expect(taken).toMatch(/when would you like to move/);
    expect(taken).not.toMatch(/pre-approved|budget/i);
    expect(await ask(f, '3-6 months')).toMatch(/^Thanks, noted\. .*pre-approved for a mortgage/);
    expect(await ask(f, 'yes')).toMatch(/what budget/);
    expect(await ask(f, '600k')).toBe('Thanks, noted. Someone from our team will be in touch soon.');
    expect(await lead(f)).toMatchObject({ Timeline: '3-6 months', PreApproved: 'yes', BudgetMax: 600_000 });
    // Never more than the list: the session waits for a person.
    expect(await ask(f, 'We also want to buy')).toMatch(WAITING);
  });

  it('skips what the visitor already said', async () => {
    const f = await chatbotWithSession(t, { QualifyQuestions: ['Intent', 'Timeline', 'PreApproved'] });
    await ask(f, 'We want to buy within 2 months');
    const taken = await ask(f, "I'm Jane Doe, jane@example.com");
    expect(taken).toMatch(/pre-approved for a mortgage/);
    expect(await ask(f, 'not yet')).toMatch(/Someone from our team will be in touch/);
    expect(await lead(f)).toMatchObject({ Intent: 'buy', Timeline: '1-3 months', PreApproved: 'no' });
  });

  it('a visitor who does not answer is never asked again', async () => {
    const f = await chatbotWithSession(t, { QualifyQuestions: ['Timeline', 'PreApproved'] });
    expect(await ask(f, "I'm Jane Doe, jane@example.com")).toMatch(/when would you like to move/);
    expect(await ask(f, 'What are the HOA fees like?')).toMatch(WAITING);
    expect(await ask(f, '3 months')).toMatch(WAITING);
    expect(await ask(f, 'yes')).toMatch(WAITING);
    expect(await lead(f)).toMatchObject({ Timeline: '', PreApproved: '' });
  });

  it('asks nothing by default', async () => {
    const f = await chatbotWithSession(t, {});
    const taken = await ask(f, "I'm Jane Doe, jane@example.com");
    expect(taken).not.toMatch(/quick question/);
    expect(await ask(f, '3 months')).toMatch(WAITING);
  });

  it.each([
    [
      'es',
      'Queremos comprar una casa',
      'Soy Lucía Fernández, lucia@example.com',
      /preaprobada/,
      'sí',
      'Gracias, anotado.',
    ],
    [
      'fr',
      'Nous voulons acheter une maison',
      'Claire Martin, claire@example.com',
      /accord de principe/,
      'pas encore',
      'Merci, c’est noté.',
    ],
    [
      'pt',
      'Queremos comprar uma casa, não um apartamento',
      'Ana Souza, ana@example.com',
      /pré-aprovado/,
      'sim',
      'Obrigado, anotado.',
    ],
  ])('in %s', async (_lang, before, contact, question, reply, noted) => {
    const f = await chatbotWithSession(t, { QualifyQuestions: ['Intent', 'PreApproved'], AIResponseLanguage: 'Auto' });
    await ask(f, before);
    expect(await ask(f, contact)).toMatch(question);
    expect(await ask(f, reply)).toMatch(new RegExp(`^${noted}`));
    expect(await lead(f)).toMatchObject({ Intent: 'buy', PreApproved: reply === 'pas encore' ? 'no' : 'yes' });
  });
});
