// The upload flow (files/README.md): a single-use URL, the PUT that streams and checks the
// bytes, CompleteUpload that activates them; and the one-call multipart upload. Bad
// bytes never stay: on any failure the partial blob and the row are deleted.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { finished, type Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { Conflict, DomainError, type ErrorKind, Forbidden, Invalid, NotFound } from '../errors.ts';
import { checkedFileName } from './file-name.ts';
import { UploadInspector } from './inspect.ts';
import {
  activateFile,
  claimUpload,
  deleteFileRow,
  findFile,
  insertFile,
  markRejected,
  markStored,
  type StoredFile,
} from './repo.ts';
import type { FileStorage } from './storage.ts';

export interface FilesContext {
  db: Kysely<Database>;
  storage: FileStorage;
  now: Date;
  /** Whether a chatbot of the file's workspace shows the image (chatbots/images.ts, wired by app.ts). */
  isChatbotImage: (file: StoredFile) => Promise<boolean>;
}

/** How long a pre-upload URL stays valid. */
export const UPLOAD_URL_TTL_MS = 5 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a pending file and the single-use token of its upload URL. */
export async function createUploadUrl(
  ctx: FilesContext,
  workspaceId: number,
  fileName: string,
): Promise<{ id: number; token: string; expiresAt: Date }> {
  // The raw token is handed out once and stored only as its hash: the row is the proof.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now.getTime() + UPLOAD_URL_TTL_MS);
  const id = await insertFile(ctx.db, {
    workspaceId,
    fileName: checkedFileName(fileName, 'fileName', null),
    storageKey: `${workspaceId}/${randomUUID()}`,
    status: 'pending',
    tokenHash: hashToken(token),
    expiresAt,
    now: ctx.now,
  });
  return { id, token, expiresAt };
}

/**
 * Streams the bytes through the checks into storage. On failure the blob goes; the row goes
 * too, unless `keepRefusal`: then a refusal of the bytes (413/415/400) stays on the row, for
 * CompleteUpload to repeat.
 */
async function storeChecked(
  ctx: FilesContext,
  file: StoredFile,
  body: Readable,
  keepRefusal: boolean,
  allowed: ReadonlyMap<string, string> | null = null,
): Promise<StoredFile> {
  const status = 'active';
  const inspector = new UploadInspector(file.file_name, allowed);
  // A broken body fails the write. A failed check stops reading the body but does not
  // destroy it: the request must live on to carry the 413/415 answer (routes close the
  // connection after it rather than read the rest).
  body.pipe(inspector);
  // Storage may attach only after an await (mkdir); an early refusal must wait for it
  // (streams keep their error) rather than go unheard.
  inspector.on('error', () => {});
  finished(body, (err) => {
    if (err) inspector.destroy(err);
  });
  try {
    await ctx.storage.put(file.storage_key, inspector);
  } catch (err) {
    const refusal = err instanceof DomainError ? JSON.stringify({ kind: err.kind, message: err.message }) : null;
    if (!(keepRefusal && refusal && (await markRejected(ctx.db, file.id, refusal)))) {
      await deleteFileRow(ctx.db, file.id, 'uploading');
    }
    throw err;
  }
  const detected = inspector.detected;
  if (!detected || !(await markStored(ctx.db, file.id, detected, inspector.size, status))) {
    // The sweeper removed the row while the bytes were arriving (an upload over an hour).
    await ctx.storage.delete(file.storage_key);
    await deleteFileRow(ctx.db, file.id, 'uploading');
    throw new NotFound(`file ${file.id}`);
  }
  return { ...file, kind: detected.kind, mime: detected.mime, size: inspector.size, status };
}

/** The PUT to a pre-upload URL: 403 when the token is wrong, expired or used. */
export async function receiveUpload(ctx: FilesContext, id: number, token: string, body: Readable): Promise<StoredFile> {
  const file = await claimUpload(ctx.db, id, hashToken(token), ctx.now);
  if (!file) {
    body.resume(); // let the refused body drain rather than stall the connection
    throw new Forbidden('upload URL is invalid, expired or already used; ask GetPreUploadUrl for a new one');
  }
  // A file whose PUT succeeded is usable at once: platform clients finish with a completion
  // call whose path Parlor cannot know, so CompleteUpload is optional.
  return storeChecked(ctx, file, body, true);
}

const KINDS_OF_REFUSAL: readonly ErrorKind[] = ['invalid', 'too_large', 'unsupported_type'];

/** The error a rejected PUT answered, again. */
function refusalOf(rejection: string | null): DomainError {
  try {
    const r = JSON.parse(rejection ?? '') as { kind?: ErrorKind; message?: string };
    if (r.kind && KINDS_OF_REFUSAL.includes(r.kind) && r.message) return new DomainError(r.kind, r.message);
  } catch {
    // fall through
  }
  return new DomainError('unsupported_type', 'file: the uploaded bytes were refused');
}

/**
 * Idempotent: an active file answers as it is (uploaded → active for rows PUT before PUT
 * activated); a rejected PUT answers its refusal again; 400 when no bytes were PUT yet.
 */
export async function completeUpload(ctx: FilesContext, workspaceId: number, id: number): Promise<StoredFile> {
  const file = await findFile(ctx.db, workspaceId, id);
  if (!file || file.status === 'removed') throw new NotFound(`file ${id}`);
  if (file.status === 'active') return file;
  if (file.status === 'rejected') throw refusalOf(file.rejection);
  if (file.status === 'pending' || file.status === 'uploading') {
    throw new Invalid('FileStoreId', `file ${id} has no uploaded bytes yet; PUT them to its PreUploadUrl first`);
  }
  if (!(await activateFile(ctx.db, workspaceId, id))) throw new NotFound(`file ${id}`);
  return { ...file, status: 'active' };
}

/** The one-call upload (multipart): the file is active when this returns. */
export async function uploadFile(
  ctx: FilesContext,
  workspaceId: number,
  fileName: string,
  body: Readable,
): Promise<StoredFile> {
  const id = await insertFile(ctx.db, {
    workspaceId,
    fileName: checkedFileName(fileName, 'file', 'upload'),
    storageKey: `${workspaceId}/${randomUUID()}`,
    status: 'uploading',
    tokenHash: null,
    expiresAt: null,
    now: ctx.now,
  });
  const file = await findFile(ctx.db, workspaceId, id);
  if (!file) throw new NotFound(`file ${id}`);
  return storeChecked(ctx, file, body, false);
}

/** What a widget visitor's upload is checked against: the chatbot's settings and quotas. */
export interface VisitorUpload {
  sessionId: number;
  chatbotId: number;
  enableUploadImage: boolean;
  enablePushToTalk: boolean;
  /** Counts the upload against the quotas; throws LimitExceeded (429) past them. */
  countUpload(): Promise<void>;
  /** Counts a stored upload's bytes against the byte quotas (the next upload is refused past them). */
  countBytes(size: number): Promise<void>;
}

/**
 * A widget visitor's one-call upload: only when the chatbot takes files from visitors, only
 * the kinds it takes (checked on the first bytes), within the quotas. The file belongs to the
 * visitor's session: only that session may ask about it, and it goes when the session goes.
 */
export async function uploadVisitorFile(
  ctx: FilesContext,
  workspaceId: number,
  visitor: VisitorUpload,
  fileName: string,
  body: Readable,
): Promise<StoredFile> {
  const allowed = new Map<string, string>();
  if (visitor.enableUploadImage) allowed.set('image', 'images (EnableUploadImage)');
  if (visitor.enablePushToTalk) allowed.set('audio', 'WAV audio (EnablePushToTalk)');
  if (allowed.size === 0) {
    body.resume();
    throw new Forbidden('this chatbot takes no files from visitors (EnableUploadImage and EnablePushToTalk are off)');
  }
  let name: string;
  try {
    name = checkedFileName(fileName, 'file', 'upload');
    await visitor.countUpload();
  } catch (err) {
    body.resume();
    throw err;
  }
  const id = await insertFile(ctx.db, {
    workspaceId,
    fileName: name,
    storageKey: `${workspaceId}/${randomUUID()}`,
    status: 'uploading',
    tokenHash: null,
    expiresAt: null,
    now: ctx.now,
    visitor: { sessionId: visitor.sessionId, chatbotId: visitor.chatbotId },
  });
  const file = await findFile(ctx.db, workspaceId, id);
  if (!file) throw new NotFound(`file ${id}`);
  const stored = await storeChecked(ctx, file, body, false, allowed);
  await visitor.countBytes(stored.size);
  return stored;
}

/**
 * /chat/File/Delete: the row goes, then the bytes. A visitor deletes only its session's files;
 * a file a chatbot shows as its picture or icon must be replaced (Edit) first.
 */
export async function deleteFile(
  ctx: FilesContext,
  workspaceId: number,
  id: number,
  visitorSessionId: number | null,
): Promise<void> {
  const file = await findFile(ctx.db, workspaceId, id);
  const mine = visitorSessionId === null || file?.session_id === visitorSessionId;
  if (!file || !mine || file.status === 'removed') throw new NotFound(`file ${id}`);
  if (file.status === 'uploading') throw new Conflict(`file ${id} is still being uploaded; delete it when it is done`);
  if (file.kind === 'image' && (await ctx.isChatbotImage(file))) {
    throw new Conflict(`file ${id} is a chatbot's ChatProfilePicture or ChatIcon; change that with Edit first`);
  }
  if (!(await deleteFileRow(ctx.db, file.id, file.status))) throw new NotFound(`file ${id}`);
  await ctx.storage.delete(file.storage_key);
}
