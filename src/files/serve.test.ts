// Public serving of chatbot pictures and icons: GET /files/<id>/<name> (files/README.md; widget/README.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { uploadMultipart, uploadViaUrl } from '../../test/files-client.ts';
import { buildTestApp, call, newWorkspace, type TestApp, type TestWorkspace } from '../../test/harness.ts';
import { type Samples, sampleFiles } from '../../test/sample-files.ts';
import { publicFilePath } from './record.ts';

let t: TestApp;
let ws: TestWorkspace;
let samples: Samples;

beforeAll(async () => {
  [t, samples] = await Promise.all([buildTestApp(), sampleFiles()]);
  ws = await newWorkspace(t.db);
});
afterAll(() => t.close());

const edit = (serialNumber: string, fields: Record<string, unknown>) =>
  call(t.app, '/chat/Chatbot/Edit', { serialNumber, ...fields }, ws.auth);
const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });

describe('GET /files/<id>/<name>', () => {
  it("serves a chatbot's icon and picture with type, cache headers and ETag", async () => {
    const sn = await createChatbot(t.app, ws.auth);
    const icon = await uploadViaUrl(t.app, ws.auth, 'icon.png', samples['photo.png']);
    const picture = await uploadViaUrl(t.app, ws.auth, 'me.jpg', samples['photo.jpg']);
    await edit(sn, { ChatIcon: icon.FileStoreId, ChatProfilePicture: picture.FileStoreId });

    const res = await get(publicFilePath(Number(icon.FileStoreId), 'icon.png'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-length']).toBe(String(samples['photo.png'].length));
    expect(res.rawPayload.equals(samples['photo.png'])).toBe(true);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get(publicFilePath(Number(icon.FileStoreId), 'icon.png'), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const pic = await get(`/files/${picture.FileStoreId}/any-name.jpg`);
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/jpeg');
    expect(pic.rawPayload.equals(samples['photo.jpg'])).toBe(true);
  });

  it('serves nothing else: an unused image, a video, an unknown ID; and stops when the chatbot lets go', async () => {
    const sn = await createChatbot(t.app, ws.auth);
    const unused = await uploadViaUrl(t.app, ws.auth, 'unused.png', samples['photo.png']);
    const video = (await uploadMultipart(t.app, ws.auth, 'clip.mp4', samples['clip.mp4'])).body.Data;
    for (const id of [unused.FileStoreId, video.FileStoreId, '2147483000']) {
      const res = await get(`/files/${id}/x`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ Success: false, Code: 404, Message: `file ${id} not found` });
    }
    await edit(sn, { ChatIcon: unused.FileStoreId });
    expect((await get(`/files/${unused.FileStoreId}/x`)).statusCode).toBe(200);
    await edit(sn, { ChatIcon: null });
    expect((await get(`/files/${unused.FileStoreId}/x`)).statusCode).toBe(404);
  });

  it('answers 400 for an ID that is not a number', async () => {
    expect((await get('/files/abc/x.png')).statusCode).toBe(400);
  });
});

describe('Edit accepts only active images of the workspace', () => {
  it('refuses a video, an upload not completed, and another workspace’s image', async () => {
    const sn = await createChatbot(t.app, ws.auth);
    const video = (await uploadMultipart(t.app, ws.auth, 'clip.mp4', samples['clip.mp4'])).body.Data;
    const other = await newWorkspace(t.db, 'Other Realty');
    const theirs = (await uploadMultipart(t.app, other.auth, 'a.png', samples['photo.png'])).body.Data;
    const pending = await call<{ FileStoreId: string }>(
      t.app,
      '/chat/User/GetPreUploadUrl',
      { fileName: 'a.png' },
      ws.auth,
    );
    for (const id of [video.FileStoreId, theirs.FileStoreId, pending.FileStoreId]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/chat/Chatbot/Edit',
        payload: { serialNumber: sn, ChatIcon: id },
        headers: ws.auth,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().Message).toMatch(/^ChatIcon: /);
    }
  });
});
