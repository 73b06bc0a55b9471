// The two endpoints that take a file's bytes: the pre-upload URL's PUT (a raw body, its own
// content-type parser) and /chat/File/Upload (multipart/form-data, one file part). Both check
// the bytes as they arrive (sniff.ts, upload-bounds.ts) and leave nothing behind when refused.
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/tables.ts';
import { Invalid, UnsupportedType } from '../errors.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import { UPLOAD_TIMEOUT_MS } from '../http/request-limits.ts';
import { errorExample } from '../http/schema.ts';
import type { App } from '../http/types.ts';
import { fileRecord } from './record.ts';
import { BinaryBody, FileRecord, MultipartBody, UploadParams, UploadQuery } from './schemas.ts';
import { type FilesContext, receiveUpload, uploadFile, uploadVisitorFile, type VisitorUpload } from './service.ts';
import { MAX_UPLOAD, SUPPORTED_TYPES } from './sniff.ts';
import { int32OrZero, isParserFailure, MULTIPART_OVERHEAD, malformedMultipart } from './upload-bounds.ts';

export interface UploadDeps {
  config: Config;
  /** A widget visitor's upload: its session's chatbot and quotas (chat/visitor-upload.ts). */
  visitorUpload: (
    db: Kysely<Database>,
    config: Pick<Config, 'abuse' | 'uploads'>,
    visitor: { workspaceId: number; sessionId: number; address: string },
    now: Date,
  ) => Promise<VisitorUpload>;
}

const errors = { '4xx': ErrorEnvelope };

const CHECKS =
  `The type is decided from the bytes, never the name: images ${SUPPORTED_TYPES.split(', ').slice(0, 4).join(', ')} ` +
  '(animated GIFs refused) up to 20 MB, WAV audio up to 25 MB, videos MP4, MKV, AVI, FLV, MPEG up to 100 MB ' +
  '(MB = 1,048,576 bytes). 415 names the type seen, 413 the limit, checked while the bytes arrive; ' +
  'a refused upload leaves nothing behind.';

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

/** Registered by registerFileRoutes, with its deps and its context per request. */
export function registerUploadRoutes(app: App, deps: UploadDeps, ctx: () => FilesContext): void {
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
                .visitorUpload(c.db, deps.config, { ...principal, address: req.ip }, c.now)
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
