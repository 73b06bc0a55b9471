// Images for vision models (docs/api.md "Answers"): each image file becomes an image part of the
// chat message, a data URL with its sniffed media type.
import type { QuestionFile } from '../engine.ts';
import type { ImageContentPart } from '../openai/wire.ts';

/** The bytes of a file; images (≤ 20 MB) and WAV (≤ 25 MB) by the upload rules. */
export async function fileBytes(file: QuestionFile): Promise<Buffer<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.open()) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function imagePartOf(bytes: Uint8Array, mediaType: string): ImageContentPart {
  const base64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  return { type: 'image_url', image_url: { url: `data:${mediaType};base64,${base64}` } };
}

export async function imagePart(file: QuestionFile): Promise<ImageContentPart> {
  return imagePartOf(await fileBytes(file), file.mime);
}
