// Questions the knowledge answers although the message also says something no passage holds:
// the sentences that ask are asked on their own.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, newWorkspace, type TestApp } from '../../../test/harness.ts';
import { knowledgeSearchFor } from '../../knowledge/index.ts';
import { createBuiltinEngine } from './engine.ts';
import { ask, type BaseRequest, loadChatbot } from './testbed.ts';

let t: TestApp;
let base: BaseRequest;
const engine = createBuiltinEngine();

beforeAll(async () => {
  t = await buildTestApp();
  const ws = await newWorkspace(t.db);
  base = await loadChatbot(t.db, ws.workspaceId, {});
  const text = [
    '# Fees\n\nOur buyer fee is 1% of the price, paid at closing.',
    '# Pets\n\nMost of our rentals allow cats and small dogs with a deposit of $300.',
    '# Office\n\nThe office is at 12 Main St, open 9 to 5. Email hello@realty.example or call 512-555-0100.',
  ].join('\n\n');
  await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: base.chatbot.serialNumber, text }, ws.auth);
  base = { ...base, knowledge: knowledgeSearchFor(t.db.kysely, ws.workspaceId, base.chatbot.id) };
}, 60_000);
afterAll(() => t.close());

it('answers where the office is when the visitor also wants to speak to someone', async () => {
  const a = await ask(
    engine,
    base,
    'dónde está su oficina? quiero pasar a hablar con alguien del cierre y del depósito',
  );
  expect(a.content).toContain('12 Main St');
});

it('puts a visitor who only asks for a person in touch with the team', async () => {
  const a = await ask(engine, base, 'i would like to come by and talk to someone');
  expect(a.content).not.toContain('12 Main St');
  expect(a.content).toMatch(/in touch/);
});
