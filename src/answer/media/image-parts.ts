// Images for vision models (DESIGN §3.5): each image file becomes an AI SDK image part
// with its sniffed media type; the OpenAI-compatible provider sends it as a data URL.
import type { ImagePart } from 'ai';
import type { QuestionFile } from '../engine.ts';

/** The bytes of a file; images (≤ 20 MB) and WAV (≤ 25 MB) by the upload rules. */
export async function fileBytes(file: QuestionFile): Promise<Buffer<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.open()) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function imagePartOf(bytes: Uint8Array, mediaType: string): ImagePart {
  return { type: 'image', image: bytes, mediaType };
}

export async function imagePart(file: QuestionFile): Promise<ImagePart> {
  return imagePartOf(await fileBytes(file), file.mime);
}
