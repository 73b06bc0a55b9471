// The files table. A file's life (status):
//   pending   – GetPreUploadUrl handed out a URL; token_hash/expires_at hold the single-use token
//   uploading – the PUT (or multipart upload) claimed the row and is streaming the bytes
//   uploaded  – bytes stored and checked, waiting for CompleteUpload (rows of earlier versions;
//               a PUT now activates at once)
//   active    – usable: by Edit (images), by ClientAsk, and served when public
//   rejected  – the PUT's bytes were refused; `rejection` says why (CompleteUpload repeats it)
//   removed   – its chatbot or its visitor session is gone; the sweeper deletes row and blob
// Anything not active an hour after creation is deleted by the sweeper (sweep.ts, repo-sweep.ts).
import type { Kysely, Selectable } from 'kysely';
import type { Database, FileTable } from '../db/tables.ts';
import type { Detected } from './sniff.ts';

type Db = Kysely<Database>;

export type FileStatus = 'pending' | 'uploading' | 'uploaded' | 'active' | 'rejected' | 'removed';

/** A file's row as the feature reads it (COLUMNS). */
export type StoredFile = Pick<Selectable<FileTable>, (typeof COLUMNS)[number]>;

const COLUMNS = [
  'id',
  'workspace_id',
  'file_name',
  'kind',
  'mime',
  'size',
  'status',
  'storage_key',
  'chatbot_id',
  'rejection',
  'session_id',
] as const satisfies readonly (keyof FileTable)[];

/** An uploaded, validated image of this workspace (a chatbot's avatar or bubble icon), or undefined. */
export async function findActiveImage(
  db: Db,
  workspaceId: number,
  fileId: number,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('files')
    .select('id')
    .where('id', '=', fileId)
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', 'image')
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export interface NewFile {
  workspaceId: number;
  fileName: string;
  storageKey: string;
  status: 'pending' | 'uploading';
  tokenHash: string | null;
  expiresAt: Date | null;
  now: Date;
  /** A visitor's upload: the session it belongs to and that session's chatbot. */
  visitor?: { sessionId: number; chatbotId: number };
}

export async function insertFile(db: Db, f: NewFile): Promise<number> {
  const row = await db
    .insertInto('files')
    .values({
      workspace_id: f.workspaceId,
      file_name: f.fileName,
      kind: null,
      mime: null,
      size: 0,
      status: f.status,
      storage_key: f.storageKey,
      token_hash: f.tokenHash,
      expires_at: f.expiresAt?.toISOString() ?? null,
      chatbot_id: f.visitor?.chatbotId ?? null,
      created_at: f.now.toISOString(),
      rejection: null,
      session_id: f.visitor?.sessionId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims a pending upload for its PUT, in one conditional UPDATE: the token must match,
 * be unexpired and unused. The token is cleared, so a second or concurrent PUT finds
 * nothing. Not scoped by workspace: the token is the credential.
 */
export async function claimUpload(db: Db, id: number, tokenHash: string, now: Date): Promise<StoredFile | undefined> {
  return db
    .updateTable('files')
    .set({ status: 'uploading', token_hash: null })
    .where('id', '=', id)
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now.toISOString())
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Records the checked bytes of an upload; false when the row is gone (swept meanwhile). */
export async function markStored(
  db: Db,
  id: number,
  detected: Detected,
  size: number,
  status: 'uploaded' | 'active',
): Promise<boolean> {
  const r = await db
    .updateTable('files')
    .set({ status, kind: detected.kind, mime: detected.mime, size })
    .where('id', '=', id)
    .where('status', '=', 'uploading')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function findFile(db: Db, workspaceId: number, id: number): Promise<StoredFile | undefined> {
  return db
    .selectFrom('files')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/** uploaded → active; false when the file was not in the uploaded state. */
export async function activateFile(db: Db, workspaceId: number, id: number): Promise<boolean> {
  const r = await db
    .updateTable('files')
    .set({ status: 'active', expires_at: null })
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'uploaded')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** uploading → rejected, keeping why; false when the row is no longer uploading. */
export async function markRejected(db: Db, id: number, rejection: string): Promise<boolean> {
  const r = await db
    .updateTable('files')
    .set({ status: 'rejected', rejection })
    .where('id', '=', id)
    .where('status', '=', 'uploading')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a row only while it still has the status the caller saw (never an active file by mistake). */
export async function deleteFileRow(db: Db, id: number, status: string): Promise<boolean> {
  const r = await db.deleteFrom('files').where('id', '=', id).where('status', '=', status).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** An active image by ID alone, for public serving (the caller checks that it is public). */
export async function findActiveImageById(db: Db, id: number): Promise<StoredFile | undefined> {
  return db
    .selectFrom('files')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('kind', '=', 'image')
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/**
 * Records that a chatbot uses an active file (as its picture or icon, or in a question),
 * so that removing the chatbot removes the file. A file already used by another chatbot
 * keeps its first owner. False when the file is not an active file of the workspace.
 */
export async function claimFileForChatbot(
  db: Db,
  workspaceId: number,
  fileId: number,
  chatbotId: number,
): Promise<boolean> {
  const r = await db
    .updateTable('files')
    .set({ chatbot_id: chatbotId })
    .where('id', '=', fileId)
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'active')
    .where('chatbot_id', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return true;
  const owned = await db
    .selectFrom('files')
    .select('id')
    .where('id', '=', fileId)
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return owned !== undefined;
}

export async function filesOfChatbot(db: Db, workspaceId: number, chatbotId: number) {
  return db
    .selectFrom('files')
    .select(['id', 'kind'])
    .where('workspace_id', '=', workspaceId)
    .where('chatbot_id', '=', chatbotId)
    .execute();
}

export async function setFileOwner(db: Db, workspaceId: number, ids: number[], chatbotId: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('files')
    .set({ chatbot_id: chatbotId })
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Files named by a question, of this workspace only, and of this visitor session only when
 * a visitor asks: id → kind ('image'|'audio'|'video'|null).
 */
export async function activeFileKinds(
  db: Kysely<Database>,
  workspaceId: number,
  ids: number[],
  visitorSessionId: number | null = null,
) {
  if (ids.length === 0) return new Map<number, string | null>();
  let q = db
    .selectFrom('files')
    .select(['id', 'kind'])
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'active')
    .where('id', 'in', ids);
  if (visitorSessionId !== null) q = q.where('session_id', '=', visitorSessionId);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.id, r.kind]));
}

/** The active files among `ids` of the workspace, with what a media question needs to read them. */
export async function activeQuestionFiles(db: Kysely<Database>, workspaceId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('files')
    .select(['id', 'kind', 'mime', 'file_name', 'size', 'storage_key'])
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'active')
    .where('id', 'in', ids)
    .execute();
}
