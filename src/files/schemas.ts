// Request and response schemas of the file endpoints (one schema: validation, type, OpenAPI).
import { Type } from 'typebox';
import { SINGLE_LINE, WithExample } from '../http/schema.ts';

const MAX_ID = 2_147_483_647;

export const PreUploadBody = WithExample(
  Type.Object({
    fileName: Type.String({
      minLength: 1,
      maxLength: 255,
      ...SINGLE_LINE,
      description: 'Kept as the file name; the type comes from the bytes.',
    }),
  }),
  { fileName: 'front-porch.jpg' },
);

export const PreUploadData = Type.Object({
  FileStoreId: Type.String({ examples: ['123'] }),
  PreUploadUrl: Type.String({ description: 'PUT the raw bytes here within 5 minutes; usable once.' }),
  ExpiresAt: Type.String({ description: 'When PreUploadUrl stops working (ISO 8601).' }),
});

/**
 * The examples name file 1: the first file a new server stores, once /chat/File/Upload has
 * stored one (the examples of the file operations run after that one's).
 */
const EXAMPLE_FILE = 1;

export const FileIdBody = WithExample(
  Type.Object({
    FileStoreId: Type.Integer({
      minimum: 1,
      maximum: MAX_ID,
      description: 'An integer, or its string ("123"). The example, 1, is the first file a new server stores.',
    }),
  }),
  { FileStoreId: EXAMPLE_FILE },
);

export const FileRecord = Type.Object({
  FileStoreId: Type.String({ examples: ['123'] }),
  FileName: Type.String(),
  Kind: Type.String({ enum: ['image', 'audio', 'video'] }),
  Mime: Type.String({ examples: ['image/png'] }),
  Size: Type.Integer({ description: 'Bytes.' }),
  Status: Type.String({ enum: ['uploaded', 'active'], description: 'uploaded: waiting for CompleteUpload.' }),
});

const fileId = (description: string) =>
  Type.String({ pattern: '^[0-9]{1,10}$', description, examples: [String(EXAMPLE_FILE)] });

export const UploadParams = Type.Object({ id: fileId("GetPreUploadUrl's FileStoreId") });
export const UploadQuery = Type.Object({
  token: Type.String({
    minLength: 1,
    maxLength: 200,
    description: "The token in GetPreUploadUrl's PreUploadUrl",
    examples: ['TOKEN_FROM_PRE_UPLOAD_URL'],
  }),
});
export const ServeParams = Type.Object({
  id: fileId("The file ID (the chatbot's ChatProfilePicture or ChatIcon)"),
  name: Type.String({ description: 'Any name', examples: ['picture'] }),
});

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
