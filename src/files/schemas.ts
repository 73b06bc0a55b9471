// Request and response schemas of the file endpoints (one schema: validation, type, OpenAPI).
import { Type } from 'typebox';
import { SINGLE_LINE } from '../http/schema.ts';

const MAX_ID = 2_147_483_647;

export const PreUploadBody = Type.Object({
  fileName: Type.String({
    minLength: 1,
    maxLength: 255,
    ...SINGLE_LINE,
    description: 'Kept as the file name; the type comes from the bytes.',
  }),
});

export const PreUploadData = Type.Object({
  FileStoreId: Type.String({ examples: ['123'] }),
  PreUploadUrl: Type.String({ description: 'PUT the raw bytes here within 5 minutes; usable once.' }),
  ExpiresAt: Type.String({ description: 'When PreUploadUrl stops working (ISO 8601).' }),
});

export const FileIdBody = Type.Object({
  FileStoreId: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'An integer, or its string ("123").' }),
});

export const FileRecord = Type.Object({
  FileStoreId: Type.String({ examples: ['123'] }),
  FileName: Type.String(),
  Kind: Type.String({ enum: ['image', 'audio', 'video'] }),
  Mime: Type.String({ examples: ['image/png'] }),
  Size: Type.Integer({ description: 'Bytes.' }),
  Status: Type.String({ enum: ['uploaded', 'active'], description: 'uploaded: waiting for CompleteUpload.' }),
});

export const UploadParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,10}$' }) });
export const UploadQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export const ServeParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,10}$' }), name: Type.String() });

// The two bodies below document bytes the routes read as streams. They carry no `type`,
// so validation (which would see a stream, or nothing) always passes; OpenAPI shows them.

/** The raw bytes of a PUT. */
export const BinaryBody = Type.Unsafe<unknown>({
  contentMediaType: 'application/octet-stream',
  description: 'The file.',
});

/** A multipart/form-data body with one file part. */
export const MultipartBody = Type.Unsafe<unknown>({
  properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
  required: ['file'],
});
