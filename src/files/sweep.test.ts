// Cleanup: uploads never completed go after an hour; a removed chatbot's files go with it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { blobsOf, preUpload, putBytes, rowsOf, uploadMultipart, uploadViaUrl } from '../../test/files-client.ts';
import { buildTestApp, call, newWorkspace, type TestApp, testClock } from '../../test/harness.ts';
import { type Samples, sampleFiles } from '../../test/sample-files.ts';
import { startFileSweeper, sweepFiles } from '../housekeeping/file-sweep.ts';
import { claimFileForChatbot, findActiveImage } from './repo.ts';
import { LocalStorage } from './storage.ts';

const clock = testClock();
let t: TestApp;
let storage: LocalStorage;
let samples: Samples;

beforeAll(async () => {
  [t, samples] = await Promise.all([buildTestApp({ clock }), sampleFiles()]);
  storage = new LocalStorage(`${t.config.dataDir}/files`);
});
afterAll(() => t.close());

const sweep = () => sweepFiles(t.db.kysely, storage, clock());
const statuses = async (workspaceId: number) =>
  Object.fromEntries((await rowsOf(t, workspaceId)).map((r) => [r.file_name, r.status]));

async function filesOwnedBy(chatbotId: number): Promise<number[]> {
  const rows = await t.db.kysely
    .selectFrom('files')
    .select('id')
    .where('chatbot_id', '=', chatbotId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

describe('uploads never completed', () => {
  it('are removed (row and blob) once an hour old; active files stay', async () => {
    const ws = await newWorkspace(t.db);
    await preUpload(t.app, ws.auth, 'never-put.png');
    const put = await preUpload(t.app, ws.auth, 'never-completed.png');
    expect((await putBytes(t.app, put.PreUploadUrl, samples['photo.png'])).status).toBe(200);
    const refused = await preUpload(t.app, ws.auth, 'refused.png');
    expect((await putBytes(t.app, refused.PreUploadUrl, Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]))).status).toBe(415);
    await uploadViaUrl(t.app, ws.auth, 'done.png', samples['photo.png']);
    await uploadMultipart(t.app, ws.auth, 'one-call.wav', samples['voice.wav']);
    expect(blobsOf(t, ws.workspaceId)).toHaveLength(3);

    clock.advance(59 * 60_000);
    await sweep();
    expect(await statuses(ws.workspaceId)).toEqual({
      'never-put.png': 'pending',
      'never-completed.png': 'active',
      'refused.png': 'rejected',
      'done.png': 'active',
      'one-call.wav': 'active',
    });

    clock.advance(2 * 60_000);
    expect(await sweep()).toBeGreaterThanOrEqual(2); // never-put and refused
    expect(await statuses(ws.workspaceId)).toEqual({
      'never-completed.png': 'active',
      'done.png': 'active',
      'one-call.wav': 'active',
    });
    expect(blobsOf(t, ws.workspaceId)).toHaveLength(3);
  });
});

describe("a removed chatbot's files", () => {
  it('are marked removed with the chatbot and deleted by the next sweep', async () => {
    const ws = await newWorkspace(t.db);
    const sn = await createChatbot(t.app, ws.auth);
    const bot = await t.db.kysely
      .selectFrom('chatbots')
      .select('id')
      .where('serial_number', '=', sn)
      .executeTakeFirstOrThrow();
    const icon = await uploadViaUrl(t.app, ws.auth, 'icon.png', samples['photo.png']);
    const asked = (await uploadMultipart(t.app, ws.auth, 'question.wav', samples['voice.wav'])).body.Data;
    const kept = await uploadViaUrl(t.app, ws.auth, 'unrelated.png', samples['photo.png']);
    // Edit records that the chatbot shows the icon; asking about a file never changes whose it is.
    await call(t.app, '/chat/Chatbot/Edit', { serialNumber: sn, ChatIcon: icon.FileStoreId }, ws.auth);
    const { SessionID } = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: sn },
      ws.auth,
    );
    await call(
      t.app,
      '/chat/Chat/ClientAsk',
      { sessionID: SessionID, content: '', chatAskType: 'Audio', fileIds: [Number(asked.FileStoreId)] },
      ws.auth,
    );
    expect(await filesOwnedBy(bot.id)).toEqual([Number(icon.FileStoreId)]);

    await call(t.app, '/chat/Chatbot/Remove', { serialNumber: sn }, ws.auth);
    // Gone at once for every use; the bytes go at the next sweep.
    expect(await findActiveImage(t.db.kysely, ws.workspaceId, Number(icon.FileStoreId))).toBeUndefined();
    expect(await statuses(ws.workspaceId)).toEqual({
      'icon.png': 'removed',
      'question.wav': 'active',
      'unrelated.png': 'active',
    });
    await sweep();
    expect(await statuses(ws.workspaceId)).toEqual({ 'question.wav': 'active', 'unrelated.png': 'active' });
    expect(blobsOf(t, ws.workspaceId)).toHaveLength(2);
    expect(await findActiveImage(t.db.kysely, ws.workspaceId, Number(kept.FileStoreId))).toBeDefined();
  });

  it('keep an image another chatbot still shows (it moves to that chatbot)', async () => {
    const ws = await newWorkspace(t.db);
    const first = await createChatbot(t.app, ws.auth);
    const second = await createChatbot(t.app, ws.auth);
    const ids = await t.db.kysely
      .selectFrom('chatbots')
      .select(['id', 'serial_number'])
      .where('workspace_id', '=', ws.workspaceId)
      .execute();
    const idOf = (sn: string) => ids.find((r) => r.serial_number === sn)?.id ?? 0;
    const logo = await uploadViaUrl(t.app, ws.auth, 'logo.png', samples['photo.png']);
    for (const sn of [first, second]) {
      await call(t.app, '/chat/Chatbot/Edit', { serialNumber: sn, ChatProfilePicture: logo.FileStoreId }, ws.auth);
    }
    await call(t.app, '/chat/Chatbot/Remove', { serialNumber: first }, ws.auth);
    await sweep();
    const [row] = await rowsOf(t, ws.workspaceId);
    expect(row).toMatchObject({ status: 'active', chatbot_id: idOf(second) });
    expect((await t.app.inject({ method: 'GET', url: `/files/${logo.FileStoreId}/logo.png` })).statusCode).toBe(200);
  });

  it('claimFileForChatbot refuses a file that is not an active file of the workspace', async () => {
    const ws = await newWorkspace(t.db);
    const other = await newWorkspace(t.db);
    const theirs = (await uploadMultipart(t.app, other.auth, 'a.png', samples['photo.png'])).body.Data;
    const pending = await preUpload(t.app, ws.auth);
    expect(await claimFileForChatbot(t.db.kysely, ws.workspaceId, Number(theirs.FileStoreId), 1)).toBe(false);
    expect(await claimFileForChatbot(t.db.kysely, ws.workspaceId, Number(pending.FileStoreId), 1)).toBe(false);
  });
});

describe('the sweeper in the server', () => {
  it('runs every five minutes until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const ws = await newWorkspace(t.db);
      await preUpload(t.app, ws.auth, 'old.png');
      clock.advance(61 * 60_000);
      const errors: unknown[] = [];
      const stop = startFileSweeper(t.db.kysely, storage, clock, (err) => errors.push(err));
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(4 * 60_000);
      expect(await rowsOf(t, ws.workspaceId)).toHaveLength(1);
      vi.advanceTimersByTime(60_000);
      await vi.waitFor(async () => expect(await rowsOf(t, ws.workspaceId)).toEqual([]));
      stop();
      expect(vi.getTimerCount()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
