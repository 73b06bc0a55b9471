// The pre-upload flow: GetPreUploadUrl → PUT → CompleteUpload (files/README.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import {
  blobsOf,
  type FileData,
  preUpload,
  putBytes,
  rejectionsOf,
  rowsOf,
  uploadViaUrl,
} from '../../test/files-client.ts';
import { buildTestApp, newWorkspace, post, type TestApp, type TestWorkspace, testClock } from '../../test/harness.ts';
import { ACCEPTED_SAMPLES, type Samples, sampleFiles } from '../../test/sample-files.ts';
import { activeFileKinds, findActiveImage } from './repo.ts';

const clock = testClock();
let t: TestApp;
let ws: TestWorkspace;
let samples: Samples;

beforeAll(async () => {
  [t, samples] = await Promise.all([buildTestApp({ clock }), sampleFiles()]);
  ws = await newWorkspace(t.db);
});
afterAll(() => t.close());

const complete = (FileStoreId: unknown, auth = ws.auth) =>
  post<FileData>(t.app, '/chat/User/CompleteUpload', { FileStoreId }, auth);

/** Bytes no type starts with, and not text (control bytes). */
const BINARY = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 32));

describe('GetPreUploadUrl → PUT → CompleteUpload', () => {
  const cases = ACCEPTED_SAMPLES;
  it.each(cases)('accepts %s as %s (%s)', async (name, kind, mime) => {
    const file = await uploadViaUrl(t.app, ws.auth, name, samples[name]);
    expect(file).toEqual({
      FileStoreId: expect.stringMatching(/^\d+$/),
      FileName: name,
      Kind: kind,
      Mime: mime,
      Size: samples[name].length,
      Status: 'active',
    });
    const kinds = await activeFileKinds(t.db.kysely, ws.workspaceId, [Number(file.FileStoreId)]);
    expect(kinds.get(Number(file.FileStoreId))).toBe(kind);
  });

  it('hands out a Parlor URL with a token; a PUT that succeeds makes the file usable at once', async () => {
    const pre = await preUpload(t.app, ws.auth, 'avatar.png');
    expect(pre.PreUploadUrl).toMatch(
      new RegExp(`^${t.config.publicUrl}/files/upload/${pre.FileStoreId}\\?token=[\\w-]{40,}$`),
    );
    expect(pre.ExpiresAt).toBe(new Date(clock().getTime() + 5 * 60_000).toISOString());
    const id = Number(pre.FileStoreId);

    const put = await putBytes(t.app, pre.PreUploadUrl, samples['photo.png']);
    expect(put.status).toBe(200);
    expect(put.body.Data).toMatchObject({ FileStoreId: pre.FileStoreId, Kind: 'image', Status: 'active' });
    // Usable without CompleteUpload: platform clients call a completion step Parlor cannot know.
    expect(await findActiveImage(t.db.kysely, ws.workspaceId, id)).toEqual({ id });
    const serial = await createChatbot(t.app, ws.auth);
    const edit = await post(t.app, '/chat/Chatbot/Edit', { serialNumber: serial, ChatIcon: pre.FileStoreId }, ws.auth);
    expect(edit.body).toMatchObject({ Success: true, Data: 1 });

    const done = await complete(pre.FileStoreId);
    expect(done.status).toBe(200);
    expect(done.body.Data).toMatchObject({ FileStoreId: pre.FileStoreId, Status: 'active', Mime: 'image/png' });
    // Completing again answers the same record; an integer ID works as well as its string.
    expect((await complete(id)).body.Data).toEqual(done.body.Data);
  });

  it('stores the token only as a hash', async () => {
    const pre = await preUpload(t.app, ws.auth);
    const token = new URL(pre.PreUploadUrl).searchParams.get('token');
    const row = (await rowsOf(t, ws.workspaceId)).find((r) => r.id === Number(pre.FileStoreId));
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });
});

describe('the upload URL works once, for 5 minutes', () => {
  it('refuses a second PUT to the same URL with 403, keeping the first upload', async () => {
    const pre = await preUpload(t.app, ws.auth);
    expect((await putBytes(t.app, pre.PreUploadUrl, samples['photo.png'])).status).toBe(200);
    const again = await putBytes(t.app, pre.PreUploadUrl, samples['photo.jpg']);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ Success: false, Code: 403, Data: null });
    expect(again.body.Message).toMatch(/invalid, expired or already used/);
    const done = await complete(pre.FileStoreId);
    expect(done.body.Data).toMatchObject({ Mime: 'image/png', Size: samples['photo.png'].length });
  });

  it('lets exactly one of two concurrent PUTs to the same URL through', async () => {
    const pre = await preUpload(t.app, ws.auth);
    const [a, b] = await Promise.all([
      putBytes(t.app, pre.PreUploadUrl, samples['photo.png']),
      putBytes(t.app, pre.PreUploadUrl, samples['photo.jpg']),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const winner = a.status === 200 ? a : b;
    expect((await complete(pre.FileStoreId)).body.Data).toEqual({ ...winner.body.Data, Status: 'active' });
  });

  it('refuses a PUT after the URL expired, and accepts one just before', async () => {
    const late = await preUpload(t.app, ws.auth);
    const onTime = await preUpload(t.app, ws.auth);
    clock.advance(5 * 60_000 - 1000);
    expect((await putBytes(t.app, onTime.PreUploadUrl, samples['photo.png'])).status).toBe(200);
    clock.advance(1001);
    const r = await putBytes(t.app, late.PreUploadUrl, samples['photo.png']);
    expect(r.status).toBe(403);
    expect((await complete(late.FileStoreId)).status).toBe(400);
  });

  it('refuses a wrong token or another file’s ID with 403, and the right PUT still works', async () => {
    const pre = await preUpload(t.app, ws.auth);
    const other = await preUpload(t.app, ws.auth);
    const url = new URL(pre.PreUploadUrl);
    const wrong = `${url.origin}${url.pathname}?token=${'x'.repeat(43)}`;
    expect((await putBytes(t.app, wrong, samples['photo.png'])).status).toBe(403);
    const crossed = `${new URL(other.PreUploadUrl).origin}/files/upload/${other.FileStoreId}${url.search}`;
    expect((await putBytes(t.app, crossed, samples['photo.png'])).status).toBe(403);
    expect((await putBytes(t.app, pre.PreUploadUrl, samples['photo.png'])).status).toBe(200);
  });

  it('gives 400 for a PUT without a token', async () => {
    const pre = await preUpload(t.app, ws.auth);
    const url = new URL(pre.PreUploadUrl);
    const r = await putBytes(t.app, `${url.origin}${url.pathname}`, samples['photo.png']);
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/token/);
  });
});

describe('CompleteUpload', () => {
  it('refuses a file whose bytes were never PUT (400 naming FileStoreId)', async () => {
    const pre = await preUpload(t.app, ws.auth);
    const r = await complete(pre.FileStoreId);
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe(
      `FileStoreId: file ${pre.FileStoreId} has no uploaded bytes yet; PUT them to its PreUploadUrl first`,
    );
  });

  it("answers 404 for another workspace's file and for an unknown one", async () => {
    const other = await newWorkspace(t.db, 'Other Realty');
    const pre = await preUpload(t.app, other.auth);
    expect((await putBytes(t.app, pre.PreUploadUrl, samples['photo.png'])).status).toBe(200);
    const r = await complete(pre.FileStoreId);
    expect(r.status).toBe(404);
    expect(r.body.Message).toBe(`file ${pre.FileStoreId} not found`);
    expect((await complete('2147483000')).status).toBe(404);
    // The owner still can.
    expect((await complete(pre.FileStoreId, other.auth)).status).toBe(200);
  });

  it('validates FileStoreId', async () => {
    const r = await complete('abc');
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/^FileStoreId: /);
    expect((await post(t.app, '/chat/User/CompleteUpload', {}, ws.auth)).status).toBe(400);
  });
});

describe('credentials and input', () => {
  it('needs a workspace credential for GetPreUploadUrl and CompleteUpload', async () => {
    expect((await post(t.app, '/chat/User/GetPreUploadUrl', { fileName: 'a.png' })).status).toBe(401);
    expect((await post(t.app, '/chat/User/CompleteUpload', { FileStoreId: 1 })).status).toBe(401);
    expect(
      (await post(t.app, '/chat/User/GetPreUploadUrl', { fileName: 'a.png' }, { authorization: 'nope' })).status,
    ).toBe(401);
  });

  it('requires a fileName (any case of the field name)', async () => {
    const missing = await post(t.app, '/chat/User/GetPreUploadUrl', {}, ws.auth);
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toMatch(/^fileName: /);
    const blank = await post(t.app, '/chat/User/GetPreUploadUrl', { fileName: '   ' }, ws.auth);
    expect(blank.status).toBe(400);
    const lower = await post(t.app, '/chat/User/GetPreUploadUrl', { filename: 'x.wav' }, ws.auth);
    expect(lower.status).toBe(200);
  });
});

describe('refused bytes leave no bytes behind; CompleteUpload repeats the refusal', () => {
  it('refuses a binary file named .png with 415 naming the type', async () => {
    const own = await newWorkspace(t.db);
    const pre = await preUpload(t.app, own.auth, 'notes.png');
    const r = await putBytes(t.app, pre.PreUploadUrl, BINARY);
    expect(r.status).toBe(415);
    expect(r.body).toMatchObject({ Success: false, Code: 415, Data: null });
    expect(r.body.Message).toBe(
      'file: application/octet-stream is not a supported type (PNG, JPEG, WEBP, GIF, WAV, MP4, MKV, AVI, FLV, MPEG; documents: PDF, DOCX, UTF-8 text, Markdown, HTML, CSV)',
    );
    expect(await rejectionsOf(t, own.workspaceId)).toEqual([{ status: 'rejected', rejection: r.body.Message }]);
    expect(blobsOf(t, own.workspaceId)).toEqual([]);
    // CompleteUpload (what a platform client calls next) answers the same refusal, every time.
    for (let i = 0; i < 2; i++) {
      const again = await complete(pre.FileStoreId, own.auth);
      expect(again.status).toBe(415);
      expect(again.body).toMatchObject({ Success: false, Code: 415, Message: r.body.Message });
    }
  });

  it('refuses an animated GIF, a known but unsupported type, and an empty body', async () => {
    const own = await newWorkspace(t.db);
    const gif = await putBytes(
      t.app,
      (await preUpload(t.app, own.auth, 'a.gif')).PreUploadUrl,
      samples['animated.gif'],
    );
    expect(gif.status).toBe(415);
    expect(gif.body.Message).toMatch(/^file: animated GIFs are not supported/);
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]);
    const z = await putBytes(t.app, (await preUpload(t.app, own.auth, 'a.png')).PreUploadUrl, zip);
    expect(z.status).toBe(415);
    expect(z.body.Message).toMatch(/^file: application\/zip is not a supported type/);
    const empty = await putBytes(t.app, (await preUpload(t.app, own.auth, 'a.png')).PreUploadUrl, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toBe('file: must not be empty');
    expect((await rejectionsOf(t, own.workspaceId)).map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(blobsOf(t, own.workspaceId)).toEqual([]);
  });
});
