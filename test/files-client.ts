// Upload calls for the file tests: the pre-upload flow, the multipart upload, and what an
// upload left behind (rows and blobs of a workspace).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Envelope } from '../src/http/envelope.ts';
import type { App } from '../src/http/types.ts';
import { call, type TestApp } from './harness.ts';
import { multipartBody } from './sample-files.ts';

export interface FileData {
  FileStoreId: string;
  FileName: string;
  Kind: string;
  Mime: string;
  Size: number;
  Status: string;
}

export interface Reply<T> {
  status: number;
  body: Envelope<T>;
}

export async function preUpload(app: App, auth: Record<string, string>, fileName = 'photo.png') {
  return call<{ FileStoreId: string; PreUploadUrl: string; ExpiresAt: string }>(
    app,
    '/chat/User/GetPreUploadUrl',
    { fileName },
    auth,
  );
}

/** PUTs bytes to a PreUploadUrl (its path and query, in-process). */
export async function putBytes(app: App, url: string, payload: Buffer | Readable): Promise<Reply<FileData>> {
  const u = new URL(url);
  const res = await app.inject({
    method: 'PUT',
    url: u.pathname + u.search,
    payload,
    headers: { 'content-type': 'application/octet-stream' },
  });
  return { status: res.statusCode, body: res.json() as Envelope<FileData> };
}

export async function uploadMultipart(
  app: App,
  auth: Record<string, string>,
  fileName: string,
  payload: Buffer | { body: Readable; contentType: string },
): Promise<Reply<FileData>> {
  const form = Buffer.isBuffer(payload) ? multipartBody(fileName, payload) : payload;
  const res = await app.inject({
    method: 'POST',
    url: '/chat/File/Upload',
    payload: form.body,
    headers: { ...auth, 'content-type': form.contentType },
  });
  return { status: res.statusCode, body: res.json() as Envelope<FileData> };
}

/** GetPreUploadUrl → PUT → CompleteUpload; returns the active file. */
export async function uploadViaUrl(app: App, auth: Record<string, string>, fileName: string, bytes: Buffer) {
  const { PreUploadUrl, FileStoreId } = await preUpload(app, auth, fileName);
  const put = await putBytes(app, PreUploadUrl, bytes);
  if (put.status !== 200) throw new Error(`PUT failed: ${put.status} ${JSON.stringify(put.body)}`);
  return call<FileData>(app, '/chat/User/CompleteUpload', { FileStoreId }, auth);
}

/** Blobs (and partial blobs) stored for a workspace. */
export function blobsOf(t: TestApp, workspaceId: number): string[] {
  const dir = join(t.config.dataDir, 'files', String(workspaceId));
  return existsSync(dir) ? readdirSync(dir) : [];
}

export async function rowsOf(t: TestApp, workspaceId: number) {
  return t.db.kysely.selectFrom('files').selectAll().where('workspace_id', '=', workspaceId).execute();
}

/** Each file row's status and rejection: a refused PUT leaves only a 'rejected' row, no bytes. */
export async function rejectionsOf(t: TestApp, workspaceId: number) {
  const rows = await rowsOf(t, workspaceId);
  return rows.map((r) => ({ status: r.status, rejection: r.rejection ? JSON.parse(r.rejection).message : null }));
}
