// File endpoints (files/README.md). The JSON operations live under /chat/ with the other
// operations; the PUT target and the public image URLs live under /files/ and take no
// workspace credential (the upload token, resp. the chatbot's use of the image, is the
// permission). The two endpoints that take a file's bytes are in upload-routes.ts.
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/tables.ts';
import { NotFound } from '../errors.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import { errorExample } from '../http/schema.ts';
import type { App } from '../http/types.ts';
import { openFile, openPublicImage } from './read.ts';
import { fileRecord } from './record.ts';
import type { StoredFile } from './repo.ts';
import { FileIdBody, FileRecord, PreUploadBody, PreUploadData, ServeParams } from './schemas.ts';
import { completeUpload, createUploadUrl, deleteFile, type FilesContext } from './service.ts';
import type { FileStorage } from './storage.ts';
import { MAX_FILE_ID } from './upload-bounds.ts';
import { registerUploadRoutes, type UploadDeps } from './upload-routes.ts';

export interface FileDeps extends UploadDeps {
  db: { kysely: Kysely<Database> };
  clock: () => Date;
  storage: FileStorage;
  /** Whether a chatbot shows the image as its picture or icon (chatbots/images.ts). */
  isChatbotImage: (db: Kysely<Database>, file: StoredFile) => Promise<boolean>;
}

const errors = { '4xx': ErrorEnvelope };

function sendBytes(reply: FastifyReply, file: StoredFile, body: Readable) {
  return reply
    .header('content-type', file.mime ?? 'application/octet-stream')
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

export function registerFileRoutes(app: App, deps: FileDeps): void {
  const ctx = (): FilesContext => ({
    db: deps.db.kysely,
    storage: deps.storage,
    now: deps.clock(),
    isChatbotImage: (file) => deps.isChatbotImage(deps.db.kysely, file),
  });

  app.post(
    '/chat/User/GetPreUploadUrl',
    {
      schema: {
        tags: ['files'],
        summary: 'A single-use URL to PUT a file to (valid 5 minutes)',
        description:
          'Step 1: creates a pending file. Step 2: PUT the raw bytes to PreUploadUrl (no credential: ' +
          'the token in the URL is one); a PUT that succeeds makes the file usable at once. Step 3, optional: ' +
          'CompleteUpload confirms it (or repeats why the PUT was refused). Files never uploaded are deleted ' +
          'after an hour.',
        body: PreUploadBody,
        response: { 200: envelopeOf(PreUploadData), ...errors },
      },
    },
    async (req) => {
      const { id, token, expiresAt } = await createUploadUrl(ctx(), workspaceOf(req), req.body.fileName);
      return ok({
        FileStoreId: String(id),
        PreUploadUrl: `${deps.config.publicUrl}/files/upload/${id}?token=${token}`,
        ExpiresAt: expiresAt.toISOString(),
      });
    },
  );

  app.post(
    '/chat/User/CompleteUpload',
    {
      schema: {
        tags: ['files'],
        summary: 'Confirm an upload (after its PUT); idempotent',
        description:
          'A file whose PUT succeeded is already active: this answers its record, as often as asked. After a ' +
          'refused PUT it answers that refusal again (413 too large, 415 unsupported type, with the reason). ' +
          "400 when no bytes were PUT yet; 404 for an unknown file or another workspace's.",
        body: FileIdBody,
        response: { 200: envelopeOf(FileRecord), ...errors },
      },
    },
    async (req) => ok(fileRecord(await completeUpload(ctx(), workspaceOf(req), req.body.FileStoreId))),
  );

  app.post(
    '/chat/File/Delete',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['files'],
        summary: 'Delete a file: its record and its bytes',
        description:
          "With the workspace's key, any of its files; with a widget visitor's key, only the files that visitor " +
          "uploaded. 404 for an unknown file or someone else's; 409 while it is still being uploaded, or while " +
          'a chatbot shows it as its ChatProfilePicture or ChatIcon (change that with Edit first). Questions that ' +
          'named the file keep its ID; downloading it answers 404.',
        body: FileIdBody,
        response: { 200: envelopeOf(Type.Null()), ...errors },
      },
    },
    async (req) => {
      const p = req.principal;
      await deleteFile(ctx(), workspaceOf(req), req.body.FileStoreId, p?.kind === 'visitor' ? p.sessionId : null);
      return ok(null);
    },
  );

  app.post(
    '/chat/File/Download',
    {
      schema: {
        tags: ['files'],
        summary: "Download one of the workspace's active files (raw bytes, its Content-Type)",
        body: FileIdBody,
        response: { '4xx': ErrorEnvelope },
      },
    },
    async (req, reply) => {
      const { file, body } = await openFile(ctx(), workspaceOf(req), req.body.FileStoreId);
      return sendBytes(reply, file, body).header('cache-control', 'private, no-store');
    },
  );

  app.get(
    '/files/:id/:name',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['files'],
        summary: "A chatbot's profile picture or icon, for the widget",
        ...errorExample(
          404,
          'the demo chatbot shows no picture. Upload an image and name its ID as ChatProfilePicture in Edit first.',
          'Public, no credential: served only while some chatbot uses the image as ChatProfilePicture or ' +
            'ChatIcon; every other file answers 404 here. The name part is free (for readable URLs). ' +
            'Files never change under an ID, so the response is cacheable for a day and immutable.',
        ),
        security: [],
        params: ServeParams,
      },
    },
    async (req, reply) => {
      const id = Number(req.params.id);
      if (id > MAX_FILE_ID) throw new NotFound(`file ${req.params.id}`);
      const { file, body } = await openPublicImage(ctx(), id);
      const etag = `"parlor-file-${file.id}"`;
      reply.header('cache-control', 'public, max-age=86400, immutable').header('etag', etag);
      if (req.headers['if-none-match'] === etag) {
        body.destroy();
        return reply.code(304).send();
      }
      return sendBytes(reply, file, body);
    },
  );
  registerUploadRoutes(app, deps, ctx);
}
