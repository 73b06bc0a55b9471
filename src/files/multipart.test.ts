// /chat/File/Upload: the one-call multipart upload (files/README.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { blobsOf, type FileData, rowsOf, uploadMultipart } from '../../test/files-client.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, type TestWorkspace } from '../../test/harness.ts';
import { ACCEPTED_SAMPLES, type Samples, sampleFiles } from '../../test/sample-files.ts';
import { insertKey } from '../workspaces/repo.ts';
import { findActiveImage } from './repo.ts';

let t: TestApp;
let ws: TestWorkspace;
let samples: Samples;

beforeAll(async () => {
  [t, samples] = await Promise.all([buildTestApp(), sampleFiles()]);
  ws = await newWorkspace(t.db);
});
afterAll(() => t.close());

describe('upload in one call', () => {
  const cases = ACCEPTED_SAMPLES;
  it.each(cases)('stores %s as an active %s (%s)', async (name, kind, mime) => {
    const r = await uploadMultipart(t.app, ws.auth, name, samples[name]);
    expect(r.status).toBe(200);
    expect(r.body.Data).toEqual({
      FileStoreId: expect.stringMatching(/^\d+$/),
      FileName: name,
      Kind: kind,
      Mime: mime,
      Size: samples[name].length,
      Status: 'active',
    });
  });

  it('keeps the exact bytes, downloadable by the workspace only', async () => {
    const up = await uploadMultipart(t.app, ws.auth, 'avatar.webp', samples['photo.webp']);
    const id = Number(up.body.Data.FileStoreId);
    expect(await findActiveImage(t.db.kysely, ws.workspaceId, id)).toEqual({ id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/chat/File/Download',
      payload: { FileStoreId: String(id) },
      headers: ws.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(samples['photo.webp'])).toBe(true);

    const other = await newWorkspace(t.db, 'Other Realty');
    expect((await post(t.app, '/chat/File/Download', { FileStoreId: id }, other.auth)).status).toBe(404);
    expect(await findActiveImage(t.db.kysely, other.workspaceId, id)).toBeUndefined();
    expect((await post(t.app, '/chat/User/CompleteUpload', { FileStoreId: id }, other.auth)).status).toBe(404);
    expect((await post(t.app, '/chat/File/Download', { FileStoreId: id })).status).toBe(401);
  });

  it('accepts a widget visitor key when the chatbot takes images (the file goes to its workspace)', async () => {
    const sn = await createChatbot(t.app, ws.auth);
    await call(t.app, '/chat/Chatbot/Edit', { serialNumber: sn, EnableUploadImage: true }, ws.auth);
    const { SessionID } = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: sn },
      ws.auth,
    );
    const visitor = {
      'chatrobot-sessionkey': await insertKey(t.db.kysely, ws.workspaceId, 'visitor', SessionID, new Date()),
    };
    const r = await uploadMultipart(t.app, visitor, 'snap.jpg', samples['photo.jpg']);
    expect(r.status).toBe(200);
    expect(await findActiveImage(t.db.kysely, ws.workspaceId, Number(r.body.Data.FileStoreId))).toBeDefined();
    // The pre-upload flow stays for workspace credentials.
    expect((await post(t.app, '/chat/User/GetPreUploadUrl', { fileName: 'a.png' }, visitor)).status).toBe(403);
  });
});

describe('refusals', () => {
  it('needs a credential', async () => {
    const r = await uploadMultipart(t.app, {}, 'a.png', samples['photo.png']);
    expect(r.status).toBe(401);
  });

  it('refuses a body that is not multipart (415) and a multipart body without a file (400)', async () => {
    const json = await post<FileData>(t.app, '/chat/File/Upload', { file: 'abc' }, ws.auth);
    expect(json.status).toBe(415);
    expect(json.body.Message).toBe('Content-Type: must be multipart/form-data with one file part');
    const boundary = 'b0undary';
    const res = await t.app.inject({
      method: 'POST',
      url: '/chat/File/Upload',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      headers: { ...ws.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('file: required: a multipart/form-data body with one file part');
  });

  it('refuses a binary file named .png and an animated GIF, leaving nothing behind', async () => {
    const own = await newWorkspace(t.db);
    const text = await uploadMultipart(t.app, own.auth, 'cat.png', Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    expect(text.status).toBe(415);
    expect(text.body.Message).toBe(
      'file: application/octet-stream is not a supported type (PNG, JPEG, WEBP, GIF, WAV, MP4, MKV, AVI, FLV, MPEG; documents: PDF, DOCX, UTF-8 text, Markdown, HTML, CSV)',
    );
    const gif = await uploadMultipart(t.app, own.auth, 'a.gif', samples['animated.gif']);
    expect(gif.status).toBe(415);
    expect(gif.body.Message).toMatch(/animated GIFs are not supported/);
    expect(await rowsOf(t, own.workspaceId)).toEqual([]);
    expect(blobsOf(t, own.workspaceId)).toEqual([]);
  });
});

describe('GIF structure', () => {
  it('refuses a GIF whose blocks are broken, and one without any image', async () => {
    const own = await newWorkspace(t.db);
    const still = samples['still.gif'];
    const broken = Buffer.concat([still.subarray(0, still.length - 1), Buffer.from([0x99, 0x3b])]);
    const r = await uploadMultipart(t.app, own.auth, 'broken.gif', broken);
    expect(r.status).toBe(415);
    expect(r.body.Message).toBe('file: image/gif with a broken block structure is not supported');
    // Header, no colour table, trailer at once.
    const empty = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from([0x3b])]);
    const e = await uploadMultipart(t.app, own.auth, 'empty.gif', empty);
    expect(e.status).toBe(415);
    expect(e.body.Message).toBe('file: image/gif without any image is not a supported GIF');
    expect(await rowsOf(t, own.workspaceId)).toEqual([]);
  });
});
