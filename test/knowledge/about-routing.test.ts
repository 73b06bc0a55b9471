// Routing by evidence: a long "About the brokerage" text that shares the listings' words (homes,
// condos, pools, the cities) takes no search away from the listings. The public conversation set
// (test/fixtures/eval/conversations) is played on a chatbot without knowledge and on one with the
// text, and must fail exactly the same turns; questions about the brokerage still get the text,
// after a search too.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { EVAL_DIR } from '../../src/answer/builtin/testbed.ts';
import { createChatbot } from '../factories.ts';
import { buildTestApp, call, newWorkspace, type TestApp, type TestWorkspace } from '../harness.ts';
import { settledSources } from './sources.ts';

/** What a new office manager writes first: who the brokerage is, in the listings' own words. */
const ABOUT =
  'About Harbor & Vine Realty. We are a full-service brokerage helping buyers, sellers and renters find homes, ' +
  'condos, townhouses and rentals in Nashville, Portland, Tampa, Raleigh, Salt Lake City and Sacramento since 2004. ' +
  'Our agents know every neighborhood, from downtown condos with a pool, a gym and a garage to 3-bedroom family ' +
  'homes with a big fenced yard under $450,000, and pet-friendly apartments for rent.\n\n' +
  'Our office is at 120 Commerce Street, Suite 300, Nashville. Office hours are Monday to Friday 9 a.m. to 6 p.m. ' +
  'and Saturday 10 a.m. to 4 p.m. Buyers pay us no fee: the seller pays it at closing. Call us at 615-555-0100.';

interface RunResult {
  turns: number;
  turnsPassed: number;
  failures: { id: string; q: string; problems: string[]; answer: string }[];
}

let t: TestApp;
let ws: TestWorkspace;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db, 'Harbor & Vine Realty');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => t.close());

function run(serial: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const script = join(EVAL_DIR, 'conversations', 'run.mjs');
    const args = [script, '--key', ws.apiKey, '--base', base, '--serial', serial, '--json'];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out) as RunResult);
      } catch {
        reject(new Error(`run.mjs exited ${code}: ${err.slice(0, 2000)}`));
      }
    });
  });
}

async function chatbotWithAbout(): Promise<string> {
  const serial = await createChatbot(t.app, ws.auth, 'Harbor & Vine');
  await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, text: ABOUT }, ws.auth);
  const sources = await settledSources(t.app, serial, ws.auth, 30_000);
  expect(sources.map((s) => s.Status)).toEqual([2]);
  return serial;
}

async function ask(sessionId: number, question: string): Promise<string> {
  const r = await call<{ content: string }>(
    t.app,
    '/chat/Chat/ClientAsk',
    { sessionID: sessionId, content: question },
    ws.auth,
  );
  return r.content;
}

test('a long About text answers no search of the conversation set', { timeout: 240_000 }, async () => {
  const plain = await run(await createChatbot(t.app, ws.auth, 'Plain'));
  const about = await run(await chatbotWithAbout());
  const failed = (r: RunResult) => r.failures.map((f) => f.id).sort();
  for (const f of about.failures) console.log(`with About: ${f.id} "${f.q}": ${f.problems.join('; ')}`);
  console.log(
    `conversation set: ${plain.turnsPassed}/${plain.turns} without the text, ${about.turnsPassed}/${about.turns} with it`,
  );
  expect(about.turns).toBe(plain.turns);
  expect(failed(about)).toEqual(failed(plain));
});

test('the About text answers questions about the brokerage, before and after a search', {
  timeout: 60_000,
}, async () => {
  const serial = await chatbotWithAbout();
  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: serial },
    ws.auth,
  );
  expect(await ask(SessionID, 'where is your office?')).toContain('120 Commerce Street');
  // Searches with criteria, even where no listing matches, get no passage of the text.
  for (const search of [
    '3-bed homes under $450,000 in Tampa',
    'Rentals with a pool in Tampa',
    'any 2 bed condos for sale in nashville?',
  ]) {
    expect(await ask(SessionID, search), search).not.toMatch(/\(Source:|Harbor & Vine/);
  }
  await ask(SessionID, '3 bedroom homes under 450k in Nashville');
  const after = await ask(SessionID, 'Where is your office and what are your hours?');
  expect(after).toContain('120 Commerce Street');
  expect(after).toContain('9 a.m.');
  expect(await ask(SessionID, 'is there a cost to me if you help me buy?')).toContain('no fee');
});
