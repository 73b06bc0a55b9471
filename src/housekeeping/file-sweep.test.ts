// The file sweep joins what two features own: a visitor's files (files) go once their session
// (chat) is gone and the files are an hour old; one pass goes through every session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, newWorkspace, type TestApp, testClock } from '../../test/harness.ts';
import { insertSession } from '../chat/repo.ts';
import { insertFile } from '../files/repo.ts';
import { LocalStorage } from '../files/storage.ts';
import { sweepFiles } from './file-sweep.ts';

const clock = testClock();
let t: TestApp;
let storage: LocalStorage;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  storage = new LocalStorage(`${t.config.dataDir}/files`);
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;

/** A chatbot with two visitor sessions, each with an active file uploaded now. */
async function twoVisitors() {
  const ws = await newWorkspace(t.db);
  await createChatbot(t.app, ws.auth);
  const bot = await t.db.kysely
    .selectFrom('chatbots')
    .select('id')
    .where('workspace_id', '=', ws.workspaceId)
    .executeTakeFirstOrThrow();
  const visitor = async (name: string) => {
    const sessionId = await insertSession(t.db.kysely, ws.workspaceId, bot.id, clock());
    const fileId = await insertFile(t.db.kysely, {
      workspaceId: ws.workspaceId,
      fileName: name,
      storageKey: `${ws.workspaceId}/${name.replace('.', '-')}`,
      status: 'uploading',
      tokenHash: null,
      expiresAt: null,
      now: clock(),
      visitor: { sessionId, chatbotId: bot.id },
    });
    await t.db.kysely.updateTable('files').set({ status: 'active' }).where('id', '=', fileId).execute();
    return { sessionId, fileId };
  };
  return { gone: await visitor('gone.jpg'), kept: await visitor('kept.jpg') };
}

const endSession = (sessionId: number) => t.db.kysely.deleteFrom('sessions').where('id', '=', sessionId).execute();
const fileStatus = async (id: number) =>
  (await t.db.kysely.selectFrom('files').select('status').where('id', '=', id).executeTakeFirst())?.status;

describe('the files of a visitor session that is gone', () => {
  it('stay while younger than an hour, then go; a live session keeps its files', async () => {
    const { gone, kept } = await twoVisitors();
    await endSession(gone.sessionId);

    expect(await sweepFiles(t.db.kysely, storage, new Date(clock().getTime() + HOUR / 2))).toBe(0);
    expect(await fileStatus(gone.fileId)).toBe('active');

    expect(await sweepFiles(t.db.kysely, storage, new Date(clock().getTime() + 2 * HOUR))).toBeGreaterThanOrEqual(1);
    expect(await fileStatus(gone.fileId)).toBeUndefined();
    expect(await fileStatus(kept.fileId)).toBe('active');
  });

  it('one pass goes through every session, batch after batch', async () => {
    const first = await twoVisitors();
    const second = await twoVisitors();
    await endSession(first.gone.sessionId);
    await endSession(second.gone.sessionId);
    // One session per query: the pass pages through all four.
    await sweepFiles(t.db.kysely, storage, new Date(clock().getTime() + 2 * HOUR), 1);
    expect(await fileStatus(first.gone.fileId)).toBeUndefined();
    expect(await fileStatus(second.gone.fileId)).toBeUndefined();
    expect(await fileStatus(first.kept.fileId)).toBe('active');
    expect(await fileStatus(second.kept.fileId)).toBe('active');
  });
});

describe("a visitor's file while its session lives", () => {
  it('goes after PARLOR_VISITOR_FILE_DAYS (30 by default), however long the session lasts', async () => {
    const { kept } = await twoVisitors();
    const DAY = 24 * HOUR;
    await sweepFiles(t.db.kysely, storage, new Date(clock().getTime() + 29 * DAY));
    expect(await fileStatus(kept.fileId)).toBe('active');
    expect(await sweepFiles(t.db.kysely, storage, new Date(clock().getTime() + 31 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await fileStatus(kept.fileId)).toBeUndefined();
    const other = await twoVisitors();
    await sweepFiles(t.db.kysely, storage, new Date(clock().getTime() + 8 * DAY), 500, 7);
    expect(await fileStatus(other.kept.fileId)).toBeUndefined();
  });
});
