// A file's name is checked like every single-line text: no control characters (a NUL was a
// 500 on PostgreSQL), no lone surrogates, at most 255 characters; the refusal names the field
// and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, uploadMultipart } from '../../test/files-client.ts';
import { buildTestApp, newWorkspace, post, type TestApp, type TestWorkspace } from '../../test/harness.ts';
import { checkedFileName } from './file-name.ts';

let t: TestApp;
let ws: TestWorkspace;
/** A 1×1 PNG: the name is checked before the bytes, and this needs no ffmpeg. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
});
afterAll(() => t.close());

const BAD = [
  ['a NUL', 'photo\u0000.png', 'single line'],
  ['a line break', 'photo\n.png', 'single line'],
  ['an escape', 'photo\u001b[31m.png', 'single line'],
  ['a C1 control', 'photo\u0085.png', 'single line'],
  ['a lone surrogate', 'photo\ud800.png', 'single line'],
  ['82,000 characters', `${'a'.repeat(82_000)}.png`, 'at most 255 characters'],
] as const;

describe('checkedFileName', () => {
  it('keeps a plain name, trimmed; an empty one takes the fallback or is refused', () => {
    expect(checkedFileName('  front porch.jpg ', 'fileName', null)).toBe('front porch.jpg');
    expect(checkedFileName('   ', 'file', 'upload')).toBe('upload');
    expect(() => checkedFileName('', 'fileName', null)).toThrow('must not be empty');
    expect(checkedFileName(`${'é'.repeat(251)}.png`, 'f', null)).toHaveLength(255);
  });
  it.each(BAD)('refuses %s', (_, name, rule) => {
    expect(() => checkedFileName(name, 'fileName', null)).toThrow(rule);
  });
});

describe('over the API', () => {
  it.each(BAD.filter(([what]) => what !== 'a lone surrogate'))(
    'GetPreUploadUrl refuses a name with %s: 400 naming fileName, nothing stored',
    async (_, name, rule) => {
      const before = (await rowsOf(t, ws.workspaceId)).length;
      const r = await post(t.app, '/chat/User/GetPreUploadUrl', { fileName: name }, ws.auth);
      expect(r.status).toBe(400);
      expect(r.body.Message).toMatch(/^fileName: /);
      expect(r.body.Message).toMatch(rule === 'at most 255 characters' ? /at most 255/ : /single line|NUL/);
      expect((await rowsOf(t, ws.workspaceId)).length).toBe(before);
    },
  );

  // A multipart header cannot carry a line break or a lone surrogate at all.
  it.each(BAD.filter(([what]) => what !== 'a lone surrogate' && what !== 'a line break'))(
    'the multipart upload refuses a file name with %s: 400 naming file, nothing stored',
    async (_, name, rule) => {
      const before = (await rowsOf(t, ws.workspaceId)).length;
      const r = await uploadMultipart(t.app, ws.auth, name, PNG);
      expect(r.status).toBe(400);
      expect(r.body.Message).toMatch(/^file: /);
      expect(r.body.Message).toContain(rule);
      expect((await rowsOf(t, ws.workspaceId)).length).toBe(before);
    },
  );
});
