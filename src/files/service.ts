// The upload flow (DESIGN §3.6): a single-use URL, the PUT that streams and checks the
// bytes, CompleteUpload that activates them; and the one-call multipart upload. Bad
// bytes never stay: on any failure the partial blob and the row are deleted.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { finished, type Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { DomainError, type ErrorKind, Forbidden, Invalid, NotFound } from '../errors.ts';
import { isChatbotImage } from './chatbot-files.ts';
import { UploadInspector } from './inspect.ts';
import {
  activateFile,
  claimUpload,
  deleteFileRow,
  findActiveImageById,
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
}

/** How long a pre-upload URL stays valid. */
export const UPLOAD_URL_TTL_MS = 5 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function cleanName(fileName: string): string {
  const name = fileName.trim();
  if (name === '') throw new Invalid('fileName', 'must not be empty');
  return name;
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
    fileName: cleanName(fileName),
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
): Promise<StoredFile> {
  const status = 'active';
  const inspector = new UploadInspector();
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
  const name = fileName.trim() || 'upload';
  const id = await insertFile(ctx.db, {
    workspaceId,
    fileName: name,
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

/** An active file of the workspace with its bytes, for the workspace's own download. */
export async function openFile(ctx: FilesContext, workspaceId: number, id: number) {
  const file = await findFile(ctx.db, workspaceId, id);
  if (file?.status !== 'active') throw new NotFound(`file ${id}`);
  return { file, body: await ctx.storage.get(file.storage_key) };
}

/** An image some chatbot shows as its picture or icon, for anyone; every other file is 404. */
export async function openPublicImage(ctx: FilesContext, id: number) {
  const file = await findActiveImageById(ctx.db, id);
  if (!file || !(await isChatbotImage(ctx.db, file))) throw new NotFound(`file ${id}`);
  return { file, body: await ctx.storage.get(file.storage_key) };
}
