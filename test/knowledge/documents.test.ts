// Documents as knowledge, on SQLite and PostgreSQL: uploaded through the API (checked by
// content: PDF, DOCX, text, Markdown, HTML, CSV, ≤ 20 MB), listed with EditKnowledge's fileList,
// read by the knowledge worker (Status 1 → 2, or 3 with the reason), answered from, and gone
// with their passages when removed. Another workspace's document is a 400 naming it.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, expectFailure } from '../factories.ts';
import { buildTestApp, call, post, type TestWorkspace } from '../harness.ts';
import { png } from '../media-samples.ts';
import { multipartFile } from '../widget/fixture.ts';
import { settledSources, sourcesOf } from './sources.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const { ws, serial, sessionId } = await chatbotWithSession(t, { Name: 'Harbor Homes' });
const data = (name: string) => readFileSync(new URL(`../fixtures/knowledge/${name}`, import.meta.url));

async function upload(name: string, bytes: Uint8Array, auth: TestWorkspace['auth'] = ws.auth) {
  const file = multipartFile(name, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/chat/File/Upload',
    payload: file.payload,
    headers: { ...file.headers, ...auth },
  });
}

async function uploaded(name: string, bytes: Uint8Array, auth: TestWorkspace['auth'] = ws.auth): Promise<number> {
  const res = await upload(name, bytes, auth);
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().Data.FileStoreId);
}

const sources = () => sourcesOf(t.app, serial, ws.auth);
const settled = () => settledSources(t.app, serial, ws.auth);

const ask = async (content: string) =>
  (await call<{ content: string }>(t.app, '/chat/Chat/ClientAsk', { sessionID: sessionId, content }, ws.auth)).content;

const COMPANY_INFO = `# Office hours
Harbor Homes is open Monday to Friday, 8 am to 5 pm, at 40 Wharf Street.

# Buyer fees
Buyers pay Harbor Homes no fee: the seller pays the commission.`;

describe('documents', () => {
  it('a PDF, a DOCX and a text file are read to status 2 and answer questions, naming the document', async () => {
    const ids = [
      await uploaded('showings.pdf', data('showings.pdf')),
      await uploaded('buyers.docx', data('buyers.docx')),
      await uploaded('companyinfo.txt', Buffer.from(COMPANY_INFO)),
    ];
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, fileList: ids }, ws.auth);
    const list = await settled();
    const files = list.filter((s) => s.Type === 'FileList');
    expect(files.map((s) => [s.Name, s.Status, s.StatusMessage])).toEqual([
      ['showings.pdf', 2, ''],
      ['buyers.docx', 2, ''],
      ['companyinfo.txt', 2, ''],
    ]);
    for (const s of files) expect(s.Length).toBeGreaterThan(50);
    const hours = await ask('When is your office open?');
    expect(hours).toMatch(/8 am to 5 pm/);
    expect(hours).toMatch(/companyinfo\.txt/);
  });

  it('an empty PDF fails with the reason (status 3); the other documents keep answering', async () => {
    const before = (await sources()).filter((s) => s.Type === 'FileList').map((s) => Number(s.Value));
    const empty = await uploaded('empty.pdf', data('empty.pdf'));
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, fileList: [...before, empty] }, ws.auth);
    const list = await settled();
    const failed = list.find((s) => s.Value === String(empty));
    expect(failed?.Status).toBe(3);
    expect(failed?.StatusMessage).toMatch(/no text/);
    // Those already there were kept as read, not read again.
    expect(list.filter((s) => s.Type === 'FileList' && s.Status === 2)).toHaveLength(3);
    expect(await ask('When is your office open?')).toMatch(/8 am to 5 pm/);
  });

  it('a text document with a NUL byte past its first bytes is read (PostgreSQL stores no NUL)', async () => {
    const before = (await sources()).filter((s) => s.Type === 'FileList').map((s) => Number(s.Value));
    const text = `${'Our agents answer every message within one hour. '.repeat(100)}\u0000Parking is behind the office.`;
    const nul = await uploaded('notes.txt', Buffer.from(text));
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, fileList: [...before, nul] }, ws.auth);
    const read = (await settled()).find((s) => s.Value === String(nul));
    expect(read?.Status).toBe(2);
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, fileList: before }, ws.auth);
  });

  it('a password-protected PDF fails with the reason (status 3)', async () => {
    const before = (await sources()).filter((s) => s.Type === 'FileList').map((s) => Number(s.Value));
    const locked = await uploaded('locked.pdf', data('locked.pdf'));
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, fileList: [...before, locked] }, ws.auth);
    const failed = (await settled()).find((s) => s.Value === String(locked));
    expect(failed?.Status).toBe(3);
    expect(failed?.StatusMessage).toBe('the PDF is password-protected; upload it without a password');
  });

  it('removing a document removes its passages', async () => {
    const keep = (await sources()).filter((s) => s.Type === 'FileList' && s.Name !== 'companyinfo.txt');
    await call(
      t.app,
      '/chat/Chatbot/EditKnowledge',
      { serialNumber: serial, fileList: keep.map((s) => Number(s.Value)) },
      ws.auth,
    );
    const names = (await settled()).map((s) => s.Name);
    expect(names).not.toContain('companyinfo.txt');
    expect(await ask('When is your office open?')).not.toMatch(/8 am to 5 pm/);
    await call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, fileList: [] }, ws.auth);
    expect((await sources()).filter((s) => s.Type === 'FileList')).toEqual([]);
  });

  it("another workspace's document, an image, and an unknown ID are 400s naming the entry; nothing changes", async () => {
    const other = await chatbotWithSession(t);
    const theirs = await uploaded('theirs.txt', Buffer.from('Their office opens at 7 am.'), other.ws.auth);
    const image = await uploaded('logo.png', png([200, 10, 10]));
    const mine = await uploaded('mine.txt', Buffer.from('Our office opens at 8 am.'));
    for (const [list, field] of [
      [[mine, theirs], 'fileList[1]'],
      [[image], 'fileList[0]'],
      [[mine, 2_000_000_000], 'fileList[1]'],
    ] as const) {
      const res = await post(
        t.app,
        '/chat/Chatbot/EditKnowledge',
        { serialNumber: serial, text: 'changed?', fileList: list },
        ws.auth,
      );
      expectFailure(res, 400, field);
    }
    expect((await sources()).find((s) => s.Type === 'Text')?.Value ?? '').not.toBe('changed?');
    expect((await sources()).filter((s) => s.Type === 'FileList')).toEqual([]);
  });

  it('a document over 20 MB is refused with 413; a binary named .pdf with 415; neither is kept', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 'a');
    const tooLarge = await upload('huge.txt', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().Message).toBe('file: documents may be at most 20 MB');
    const binary = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256));
    const refused = await upload('brochure.pdf', binary);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().Message).toMatch(/application\/octet-stream is not a supported type/);
  });

  it('a widget visitor cannot upload a document', async () => {
    const cfg = await call<{ SessionKey: string; SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetConfig',
      { serialNumber: serial },
      {},
    );
    const res = await upload('notes.txt', Buffer.from('hello'), { 'chatrobot-sessionkey': cfg.SessionKey });
    expect(res.statusCode).toBe(403);
  });
});
