// File endpoints (files/README.md). The JSON operations live under /chat/ with the other
// operations; the PUT target and the public image URLs live under /files/ and take no
// workspace credential (the upload token, resp. the chatbot's use of the image, is the
// permission).

import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { AbuseLimits, Config } from '../config.ts';
import type { Database } from '../db/tables.ts';
import { Invalid, NotFound, UnsupportedType } from '../errors.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import { UPLOAD_TIMEOUT_MS } from '../http/request-limits.ts';
import { errorExample } from '../http/schema.ts';
import type { App } from '../http/types.ts';
import { fileRecord } from './record.ts';
import type { StoredFile } from './repo.ts';
import {
  BinaryBody,
  FileIdBody,
  FileRecord,
  MultipartBody,
  PreUploadBody,
  PreUploadData,
  ServeParams,
  UploadParams,
  UploadQuery,
} from './schemas.ts';
import {
  completeUpload,
  createUploadUrl,
  deleteFile,
  type FilesContext,
  openFile,
  openPublicImage,
  receiveUpload,
  uploadFile,
  uploadVisitorFile,
  type VisitorUpload,
} from './service.ts';
import { MAX_UPLOAD, SUPPORTED_TYPES } from './sniff.ts';
import type { FileStorage } from './storage.ts';
import { int32OrZero, isParserFailure, MAX_FILE_ID, MULTIPART_OVERHEAD, malformedMultipart } from './upload-bounds.ts';

export interface FileDeps {
  db: { kysely: Kysely<Database> };
  config: Config;
  clock: () => Date;
  storage: FileStorage;
  /** A widget visitor's upload: its session's chatbot and quotas (chat/visitor-upload.ts). */
  visitorUpload: (
    db: Kysely<Database>,
    limits: AbuseLimits,
    visitor: { workspaceId: number; sessionId: number },
    now: Date,
  ) => Promise<VisitorUpload>;
  /** Whether a chatbot shows the image as its picture or icon (chatbots/images.ts). */
  isChatbotImage: (db: Kysely<Database>, file: StoredFile) => Promise<boolean>;
}

const errors = { '4xx': ErrorEnvelope };

const CHECKS =
  `The type is decided from the bytes, never the name: images ${SUPPORTED_TYPES.split(', ').slice(0, 4).join(', ')} ` +
  '(animated GIFs refused) up to 20 MB, WAV audio up to 25 MB, videos MP4, MKV, AVI, FLV, MPEG up to 100 MB ' +
  '(MB = 1,048,576 bytes). 415 names the type seen, 413 the limit, checked while the bytes arrive; ' +
  'a refused upload leaves nothing behind.';

function sendBytes(reply: FastifyReply, file: StoredFile, body: Readable) {
  return reply
    .header('content-type', file.mime ?? 'application/octet-stream')
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/**
 * A refused upload is answered before its body has arrived: the answer says
 * `Connection: close` so the server drops the rest instead of reading it.
 */
async function closingOnFailure<T>(req: FastifyRequest, reply: FastifyReply, upload: Promise<T>): Promise<T> {
  try {
    return await upload;
  } catch (err) {
    if (!req.raw.complete) reply.header('connection', 'close');
    throw err;
  }
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

  // The PUT body is the file itself: a scope of its own hands it over as the raw stream,
  // out of reach of the JSON parser and its 1 MiB limit.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.withTypeProvider<TypeBoxTypeProvider>().put(
      '/files/upload/:id',
      {
        // The largest kind's limit: the kind is known only from the bytes (checked as they arrive).
        config: { auth: 'none', maxBodyBytes: MAX_UPLOAD, bodyTimeoutMs: UPLOAD_TIMEOUT_MS },
        schema: {
          tags: ['files'],
          summary: 'Step 2 of the pre-upload flow: the raw bytes of the file',
          ...errorExample(
            403,
            'its token stands for the one in the PreUploadUrl that GetPreUploadUrl answers; PUT to that URL.',
            `${CHECKS} The URL works once: a second PUT, an expired URL or a wrong token answers 403 ` +
              '(ask GetPreUploadUrl again; a refused or broken upload also uses the URL up). ' +
              'Success leaves the file active: usable at once (CompleteUpload is optional).',
          ),
          consumes: ['application/octet-stream'],
          security: [],
          params: UploadParams,
          querystring: UploadQuery,
          body: BinaryBody,
          response: { 200: envelopeOf(FileRecord), ...errors },
        },
      },
      async (req, reply) => {
        const body = req.body instanceof Readable ? req.body : Readable.from([]);
        return ok(
          fileRecord(
            // An ID past int32 names no file: 0 (never an ID) gets the same 403 as an unknown one.
            await closingOnFailure(req, reply, receiveUpload(ctx(), int32OrZero(req.params.id), req.query.token, body)),
          ),
        );
      },
    );
  });

  app.register(async (scope) => {
    // Our own checks stop at the kind's limit; busboy's limit is only a backstop.
    await scope.register(multipart, {
      limits: { files: 1, fields: 10, parts: 20, fileSize: MAX_UPLOAD + MULTIPART_OVERHEAD },
    });
    scope.post(
      '/chat/File/Upload',
      {
        config: { auth: 'visitor', maxBodyBytes: MAX_UPLOAD + MULTIPART_OVERHEAD, bodyTimeoutMs: UPLOAD_TIMEOUT_MS },
        // The body is a stream the handler checks part by part; its schema only documents it.
        validatorCompiler: () => () => true,
        schema: {
          tags: ['files'],
          summary: 'Upload a file in one call (multipart/form-data, one file part)',
          description:
            `${CHECKS} The file is active when this answers. Also accepts a widget visitor key ` +
            '(chatrobot-sessionkey), for the widget’s image upload and push-to-talk.',
          consumes: ['multipart/form-data'],
          body: MultipartBody,
          response: { 200: envelopeOf(FileRecord), ...errors },
        },
      },
      async (req: FastifyRequest, reply: FastifyReply) => {
        if (!req.isMultipart())
          throw new UnsupportedType('Content-Type: must be multipart/form-data with one file part');
        const part = await req.file().catch((err: unknown) => {
          throw malformedMultipart(err);
        });
        if (!part) throw new Invalid('file', 'required: a multipart/form-data body with one file part');
        // The parser fails the file's stream when the body is cut short or malformed.
        let broken = false;
        part.file.once('error', () => {
          broken = true;
        });
        const principal = req.principal;
        const c = ctx();
        const upload =
          principal?.kind === 'visitor'
            ? deps
                .visitorUpload(c.db, deps.config.abuse, principal, c.now)
                .then((visitor) => uploadVisitorFile(c, principal.workspaceId, visitor, part.filename, part.file))
            : uploadFile(c, workspaceOf(req), part.filename, part.file);
        try {
          return ok(fileRecord(await closingOnFailure(req, reply, upload)));
        } catch (err) {
          throw broken || isParserFailure(err) ? malformedMultipart(err) : err;
        }
      },
    );
  });
}
