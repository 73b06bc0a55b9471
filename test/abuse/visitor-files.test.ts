// Visitor files: a widget visitor uploads only when the chatbot takes files, only
// the kinds it takes, within the quotas; names only its own files in a question; asking never
// changes whose a file is; its files go with its session; /chat/File/Delete removes a file.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHATBOT_FILES_MESSAGE, FILES_MESSAGE } from '../../src/abuse/limits.ts';
import { LocalStorage } from '../../src/files/storage.ts';
import { sweepFiles } from '../../src/housekeeping/file-sweep.ts';
import { blobsOf, rowsOf, uploadMultipart, uploadViaUrl } from '../files-client.ts';
import { buildTestApp, call, type TestApp, testClock } from '../harness.ts';
import { type Samples, sampleFiles } from '../sample-files.ts';
import { demoChatbot, edit } from '../widget/fixture.ts';
import { sendFrom, type Visitor, visitorFrom } from './client.ts';

const clock = testClock();
let t: TestApp;
let samples: Samples;
beforeAll(async () => {
  samples = await sampleFiles();
  t = await buildTestApp({
    clock,
    env: { PARLOR_LIMIT_FILES_PER_SESSION: '3', PARLOR_LIMIT_CHATBOT_FILES_PER_HOUR: '5' },
  });
});
afterAll(() => t.close());

let address = 0;
/** Each visitor from its own address, so that the session limits never interfere. */
const nextAddress = () => `198.51.100.${++address}`;

const keyOf = (v: Visitor) => ({ 'chatrobot-sessionkey': v.SessionKey });

async function setup(settings: Record<string, unknown> = { EnableUploadImage: true, EnablePushToTalk: false }) {
  const { ws, serial } = await demoChatbot(t, settings);
  const a = await visitorFrom(t.app, nextAddress(), serial);
  const b = await visitorFrom(t.app, nextAddress(), serial);
  return { ws, serial, a, b };
}

const askWith = (v: Visitor, fileIds: number[]) =>
  sendFrom(
    t.app,
    nextAddress(),
    '/chat/Chat/Ask',
    { sessionID: v.SessionID, content: 'What is this?', chatAskType: 'Image', fileIds, stream: false },
    keyOf(v),
  );

const fileRow = async (id: number) =>
  t.db.kysely.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();

describe('what a visitor may upload', () => {
  it('an image when EnableUploadImage is on: the file belongs to its session and chatbot', async () => {
    const { ws, a } = await setup();
    const r = await uploadMultipart(t.app, keyOf(a), 'snap.jpg', samples['photo.jpg']);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = await fileRow(Number(r.body.Data.FileStoreId));
    expect(row).toMatchObject({
      status: 'active',
      kind: 'image',
      session_id: a.SessionID,
      workspace_id: ws.workspaceId,
    });
    expect(row?.chatbot_id).not.toBeNull();
  });

  it('403 for a kind the chatbot does not take, nothing stored', async () => {
    const { ws, a } = await setup();
    const r = await uploadMultipart(t.app, keyOf(a), 'voice.wav', samples['voice.wav']);
    expect(r.status).toBe(403);
    expect(r.body.Message).toBe(
      'file: this chatbot does not take audio files from visitors (it takes: images (EnableUploadImage))',
    );
    const video = await uploadMultipart(t.app, keyOf(a), 'clip.mp4', samples['clip.mp4']);
    expect(video.status).toBe(403);
    expect(await rowsOf(t, ws.workspaceId)).toEqual([]);
    expect(blobsOf(t, ws.workspaceId)).toEqual([]);
  });

  it('403 when both EnableUploadImage and EnablePushToTalk are off; the brokerage still uploads', async () => {
    const { ws, a } = await setup({ EnableUploadImage: false, EnablePushToTalk: false });
    const r = await uploadMultipart(t.app, keyOf(a), 'snap.jpg', samples['photo.jpg']);
    expect(r.status).toBe(403);
    expect(r.body.Message).toBe(
      'this chatbot takes no files from visitors (EnableUploadImage and EnablePushToTalk are off)',
    );
    expect(await rowsOf(t, ws.workspaceId)).toEqual([]);
    expect((await uploadMultipart(t.app, ws.auth, 'snap.jpg', samples['photo.jpg'])).status).toBe(200);
  });

  it('WAV audio with EnablePushToTalk, and not images then', async () => {
    const { a } = await setup({ EnableUploadImage: false, EnablePushToTalk: true });
    expect((await uploadMultipart(t.app, keyOf(a), 'voice.wav', samples['voice.wav'])).status).toBe(200);
    expect((await uploadMultipart(t.app, keyOf(a), 'snap.jpg', samples['photo.jpg'])).status).toBe(403);
  });

  it('429 with Retry-After past the per-session quota, then past the per-chatbot one', async () => {
    const { ws, serial, a, b } = await setup();
    for (let i = 0; i < 3; i++) {
      expect((await uploadMultipart(t.app, keyOf(a), `s${i}.jpg`, samples['photo.jpg'])).status).toBe(200);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/chat/File/Upload',
      ...multipart('s3.jpg', samples['photo.jpg']),
      headers: { ...keyOf(a), 'content-type': MULTIPART_TYPE },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ Code: 429, Message: FILES_MESSAGE });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The chatbot's hourly ceiling (5): b gets two more, then 429 for everyone.
    expect((await uploadMultipart(t.app, keyOf(b), 'b1.jpg', samples['photo.jpg'])).status).toBe(200);
    expect((await uploadMultipart(t.app, keyOf(b), 'b2.jpg', samples['photo.jpg'])).status).toBe(200);
    const c = await visitorFrom(t.app, nextAddress(), serial);
    const past = await uploadMultipart(t.app, keyOf(c), 'c.jpg', samples['photo.jpg']);
    expect(past.status).toBe(429);
    expect(past.body.Message).toBe(CHATBOT_FILES_MESSAGE);
    expect((await rowsOf(t, ws.workspaceId)).length).toBe(5);
  });
});

const MULTIPART_TYPE = 'multipart/form-data; boundary=parlor-test-boundary';
function multipart(fileName: string, bytes: Buffer) {
  const head = `--parlor-test-boundary\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from('\r\n--parlor-test-boundary--\r\n')]) };
}

describe('which files a visitor may name in a question', () => {
  it("another visitor's file and the brokerage's file are 404; its own is answered", async () => {
    const { ws, a, b } = await setup();
    const mine = Number((await uploadMultipart(t.app, keyOf(a), 'a.jpg', samples['photo.jpg'])).body.Data.FileStoreId);
    const brokerage = Number((await uploadViaUrl(t.app, ws.auth, 'office.jpg', samples['photo.jpg'])).FileStoreId);

    const stolen = await askWith(b, [mine]);
    expect(stolen.status).toBe(404);
    expect(stolen.body.Message).toBe(`file ${mine} not found`);
    expect((await askWith(a, [brokerage])).status).toBe(404);
    expect((await askWith(a, [mine])).status).toBe(200);
  });

  it('asking never changes whose a file is', async () => {
    const { ws, serial, a } = await setup();
    const mine = Number((await uploadMultipart(t.app, keyOf(a), 'a.jpg', samples['photo.jpg'])).body.Data.FileStoreId);
    const before = await fileRow(mine);
    expect((await askWith(a, [mine])).status).toBe(200);
    expect(await fileRow(mine)).toEqual(before);

    // The brokerage's own file, asked about through ClientAsk, stays the workspace's.
    const office = Number((await uploadViaUrl(t.app, ws.auth, 'office.jpg', samples['photo.jpg'])).FileStoreId);
    const { SessionID } = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: serial },
      ws.auth,
    );
    await call(
      t.app,
      '/chat/Chat/ClientAsk',
      { sessionID: SessionID, content: 'What is this?', chatAskType: 'Image', fileIds: [office], stream: false },
      ws.auth,
    );
    expect(await fileRow(office)).toMatchObject({ chatbot_id: null, session_id: null });
  });
});

describe('/chat/File/Delete', () => {
  it('a visitor deletes its own files only; the row and the bytes go', async () => {
    const { ws, a, b } = await setup();
    const mine = Number((await uploadMultipart(t.app, keyOf(a), 'a.jpg', samples['photo.jpg'])).body.Data.FileStoreId);
    const brokerage = Number((await uploadViaUrl(t.app, ws.auth, 'office.jpg', samples['photo.jpg'])).FileStoreId);
    const del = (who: Record<string, string>, id: number) =>
      sendFrom(t.app, nextAddress(), '/chat/File/Delete', { FileStoreId: id }, who);

    expect((await del(keyOf(b), mine)).status).toBe(404);
    expect((await del(keyOf(a), brokerage)).status).toBe(404);
    expect(blobsOf(t, ws.workspaceId)).toHaveLength(2);

    const ok = await del(keyOf(a), mine);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ Success: true, Data: null });
    expect(await fileRow(mine)).toBeUndefined();
    expect(blobsOf(t, ws.workspaceId)).toHaveLength(1);
    expect((await del(keyOf(a), mine)).status).toBe(404);
    expect((await sendFrom(t.app, nextAddress(), '/chat/File/Download', { FileStoreId: mine }, ws.auth)).status).toBe(
      404,
    );
  });

  it("the workspace deletes its files, but not a chatbot's picture in use (409)", async () => {
    const { ws, serial } = await setup();
    const office = Number((await uploadViaUrl(t.app, ws.auth, 'office.jpg', samples['photo.jpg'])).FileStoreId);
    const avatar = Number((await uploadViaUrl(t.app, ws.auth, 'avatar.png', samples['photo.png'])).FileStoreId);
    await edit(t, ws.auth, serial, { ChatProfilePicture: String(avatar) });
    const del = (id: unknown) => sendFrom(t.app, nextAddress(), '/chat/File/Delete', { FileStoreId: id }, ws.auth);

    const inUse = await del(avatar);
    expect(inUse.status).toBe(409);
    expect(inUse.body.Message).toContain('ChatProfilePicture');
    expect((await del(office)).status).toBe(200);
    expect(await fileRow(office)).toBeUndefined();
    const bad = await del('abc');
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/^FileStoreId/);
    expect((await sendFrom(t.app, nextAddress(), '/chat/File/Delete', { FileStoreId: office })).status).toBe(401);
  });
});

describe('visitor files go with their session', () => {
  it('the sweeper deletes the files of a session that is gone, and keeps the others', async () => {
    const { ws, a, b } = await setup();
    const gone = Number((await uploadMultipart(t.app, keyOf(a), 'a.jpg', samples['photo.jpg'])).body.Data.FileStoreId);
    const kept = Number((await uploadMultipart(t.app, keyOf(b), 'b.jpg', samples['photo.jpg'])).body.Data.FileStoreId);
    const office = Number((await uploadViaUrl(t.app, ws.auth, 'office.jpg', samples['photo.jpg'])).FileStoreId);
    // The empty-session sweep (housekeeping/sweep.ts) deletes a's session, with its key.
    await t.db.kysely.deleteFrom('api_keys').where('session_id', '=', a.SessionID).execute();
    await t.db.kysely.deleteFrom('sessions').where('id', '=', a.SessionID).execute();

    const storage = new LocalStorage(join(t.config.dataDir, 'files'));
    const later = new Date(clock().getTime() + 2 * 60 * 60 * 1000);
    await sweepFiles(t.db.kysely, storage, later);
    expect(await fileRow(gone)).toBeUndefined();
    expect(await fileRow(kept)).toBeDefined();
    expect(await fileRow(office)).toBeDefined();
    expect(blobsOf(t, ws.workspaceId)).toHaveLength(2);
  });
});
