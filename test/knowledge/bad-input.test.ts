// Knowledge of hostile sizes, on SQLite and PostgreSQL: a 5 MB text (refused whole, or read as
// an uploaded document), a Q&A list of 500 entries with duplicate questions, a document of one
// 200,000-character line, and questions of 10,000 characters. Each is refused with the field
// named and nothing half-written, or read; either way the chatbot keeps answering, and the
// knowledge search behind each answer takes under 100 ms (the fastest of seven, so that a loaded
// machine's pause is not the figure).
import { afterAll, describe, expect, it } from 'vitest';
import { knowledgeSearchFor } from '../../src/knowledge/index.ts';
import { chatbotWithSession, expectFailure } from '../factories.ts';
import { buildTestApp, call, post } from '../harness.ts';
import { multipartFile } from '../widget/fixture.ts';
import { settledSources, sourcesOf } from './sources.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const { ws, serial, sessionId } = await chatbotWithSession(t, { Name: 'Harbor Homes' });

const BOUND_MS = 100;
/** Searches per question; the fastest is the figure (other work on the machine pauses some). */
const TRIES = 7;
const FIVE_MB = 5 * 1024 * 1024;

/**
 * The answer to a question (through ClientAsk) and the fastest of TRIES knowledge searches for
 * it, in milliseconds: the search is what the knowledge's size weighs on (the rest of an answer,
 * storing the turn, is the same whatever the knowledge).
 */
async function timed(content: string): Promise<{ content: string; noAnswer: boolean; ms: number }> {
  const answer = await call<{ content: string; noAnswer: boolean }>(
    t.app,
    '/chat/Chat/ClientAsk',
    { sessionID: sessionId, content },
    ws.auth,
  );
  const bot = await t.db.kysely
    .selectFrom('chatbots')
    .select(['id', 'workspace_id'])
    .where('serial_number', '=', serial)
    .executeTakeFirstOrThrow();
  const search = knowledgeSearchFor(t.db.kysely, bot.workspace_id, bot.id);
  let ms = Number.POSITIVE_INFINITY;
  for (let i = 0; i < TRIES; i++) {
    const start = performance.now();
    await search(content, 0.4);
    ms = Math.min(ms, performance.now() - start);
  }
  console.log(`knowledge search ${ms.toFixed(1)} ms (${content.length} characters asked)`);
  return { ...answer, ms };
}

const edit = (body: Record<string, unknown>) =>
  post(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, ...body }, ws.auth);

/** Sentences of made-up facts, none about parking, to fill a text to a size. */
function filler(chars: number): string {
  const parts: string[] = [];
  let n = 0;
  for (let i = 0; n < chars; i++) {
    const s = `Listing note ${i}: the home on lot ${i * 7} has a ${(i % 5) + 1}-car driveway and a fenced yard. `;
    parts.push(i % 40 === 39 ? `${s}\n\n` : s);
    n += s.length;
  }
  return parts.join('').slice(0, chars);
}

describe('knowledge of hostile sizes', () => {
  it('a 5 MB text is refused whole; the text before it keeps answering', async () => {
    await call(
      t.app,
      '/chat/Chatbot/EditKnowledge',
      { serialNumber: serial, text: '# Office hours\n\nHarbor Homes is open Monday to Friday, 8 am to 5 pm.' },
      ws.auth,
    );
    const res = await edit({ text: filler(FIVE_MB) });
    expect(res.status).toBe(413);
    expect(res.body.Success).toBe(false);
    const text = (await sourcesOf(t.app, serial, ws.auth)).find((s) => s.Type === 'Text');
    expect(text?.Value).toContain('8 am to 5 pm');
    const a = await timed('what are your office hours?');
    expect(a.content).toContain('8 am to 5 pm');
    expect(a.ms).toBeLessThan(BOUND_MS);
  });

  it('a text one character over its limit is a 400 naming text', async () => {
    expectFailure(await edit({ text: 'a'.repeat(200_001) }), 400, 'text');
  });

  it('a 5 MB text uploaded as a document is read, and questions stay fast', async () => {
    const file = multipartFile(
      'notes.txt',
      Buffer.from(`# Parking\n\nVisitors park free in the Wharf Street garage.\n\n${filler(FIVE_MB)}`),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/chat/File/Upload',
      payload: file.payload,
      headers: { ...file.headers, ...ws.auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = Number(res.json().Data.FileStoreId);
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, fileList: [id] }, ws.auth);
    const doc = (await settledSources(t.app, serial, ws.auth, 90_000)).find((s) => s.Type === 'FileList');
    expect(doc?.Status, doc?.StatusMessage).toBe(2);
    const a = await timed('where do visitors park?');
    expect(a.content).toContain('Wharf Street garage');
    expect(a.ms).toBeLessThan(BOUND_MS);
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, fileList: [] }, ws.auth);
  }, 120_000);

  it('500 Q&A entries with duplicate questions are kept; 501 are a 400 naming qaList', async () => {
    const qaList = Array.from({ length: 500 }, (_, i) =>
      i % 2
        ? { key: 'Do you charge buyers a fee?', value: `No: the seller pays the commission (entry ${i}).` }
        : { key: `What is the fee for service number ${i}?`, value: `Service ${i} costs $${i + 10}.` },
    );
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, qaList }, ws.auth);
    const qa = (await sourcesOf(t.app, serial, ws.auth)).find((s) => s.Type === 'QAList');
    expect(JSON.parse(qa?.Value ?? '[]')).toHaveLength(500);
    const a = await timed('do you charge buyers a fee?');
    expect(a.content).toMatch(/the seller pays the commission \(entry \d+\)/);
    expect(a.ms).toBeLessThan(BOUND_MS);
    expectFailure(await edit({ qaList: [...qaList, { key: 'one more?', value: 'no' }] }), 400, 'qaList');
    const after = (await sourcesOf(t.app, serial, ws.auth)).find((s) => s.Type === 'QAList');
    expect(JSON.parse(after?.Value ?? '[]')).toHaveLength(500);
  });

  it('a document of one 200,000-character line is read into passages, not one answer of the whole line', async () => {
    const words = Array.from({ length: 40_000 }, (_, i) => `w${i % 1000}`);
    words.splice(20_000, 0, 'our', 'notary', 'is', 'Dana', 'Reyes', 'at', 'the', 'Wharf', 'office');
    const line = words.join(' ').padEnd(200_000, ' x');
    expect(line.length).toBe(200_000);
    expect(line).not.toContain('\n');
    const file = multipartFile('one-line.txt', Buffer.from(line));
    const res = await t.app.inject({
      method: 'POST',
      url: '/chat/File/Upload',
      payload: file.payload,
      headers: { ...file.headers, ...ws.auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = Number(res.json().Data.FileStoreId);
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, fileList: [id] }, ws.auth);
    const doc = (await settledSources(t.app, serial, ws.auth, 60_000)).find((s) => s.Type === 'FileList');
    expect(doc?.Status, doc?.StatusMessage).toBe(2);
    const a = await timed('who is your notary?');
    expect(a.content).toContain('Dana Reyes');
    expect(a.content.length).toBeLessThan(3000);
    expect(a.ms).toBeLessThan(BOUND_MS);
  }, 90_000);

  it('a question of 10,000 characters is a 400 naming content; one of 8,000 is answered in time', async () => {
    const long = 'where do visitors park? '.repeat(500);
    expectFailure(
      await post(t.app, '/chat/Chat/ClientAsk', { sessionID: sessionId, content: long.slice(0, 10_000) }, ws.auth),
      400,
      'content',
    );
    const a = await timed(long.slice(0, 8_000));
    expect(a.content.length).toBeGreaterThan(0);
    expect(a.ms).toBeLessThan(BOUND_MS);
  });
});
