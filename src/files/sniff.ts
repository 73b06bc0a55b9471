// What an upload is, decided from its first bytes, never from its name (files/README.md).
// file-type is loaded on the first upload, not at startup (an idle server does not need it).
import { Invalid, TooLarge, UnsupportedType } from '../errors.ts';

/** A document is a knowledge source (knowledge/): its text answers visitors. */
export type FileKind = 'image' | 'audio' | 'video' | 'document';

export interface Detected {
  kind: FileKind;
  mime: string;
}

/** file-type reads at most this many bytes to decide. */
export const SNIFF_BYTES = 4100;

const MB = 1024 * 1024;

/** Size limits by kind; MB means 1,048,576 bytes. */
export const LIMITS: Record<FileKind, number> = { image: 20 * MB, audio: 25 * MB, video: 100 * MB, document: 20 * MB };
/** Enforced until the kind is known. */
export const MAX_UPLOAD = Math.max(...Object.values(LIMITS));

const KIND_NAMES: Record<FileKind, string> = {
  image: 'images',
  audio: 'audio files',
  video: 'videos',
  document: 'documents',
};

// file-type's MIME → the kind and the MIME Parlor stores and serves.
const ACCEPTED: Record<string, Detected> = {
  'image/png': { kind: 'image', mime: 'image/png' },
  'image/jpeg': { kind: 'image', mime: 'image/jpeg' },
  'image/webp': { kind: 'image', mime: 'image/webp' },
  'image/gif': { kind: 'image', mime: 'image/gif' },
  'audio/wav': { kind: 'audio', mime: 'audio/wav' },
  'video/mp4': { kind: 'video', mime: 'video/mp4' },
  'video/matroska': { kind: 'video', mime: 'video/x-matroska' },
  'video/vnd.avi': { kind: 'video', mime: 'video/x-msvideo' },
  'video/x-flv': { kind: 'video', mime: 'video/x-flv' },
  // MPEG program and elementary streams (MPEG-1/2).
  'video/mpeg': { kind: 'video', mime: 'video/mpeg' },
  'video/MP1S': { kind: 'video', mime: 'video/mpeg' },
  'video/MP2P': { kind: 'video', mime: 'video/mpeg' },
  'application/pdf': { kind: 'document', mime: 'application/pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    kind: 'document',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
};

export const SUPPORTED_TYPES =
  'PNG, JPEG, WEBP, GIF, WAV, MP4, MKV, AVI, FLV, MPEG; documents: PDF, DOCX, UTF-8 text, Markdown, HTML, CSV';

export function tooLarge(kind: FileKind | null): TooLarge {
  if (!kind) return new TooLarge(`file: uploads may be at most ${MAX_UPLOAD / MB} MB`);
  return new TooLarge(`file: ${KIND_NAMES[kind]} may be at most ${LIMITS[kind] / MB} MB`);
}

export function unsupported(seen: string): UnsupportedType {
  return new UnsupportedType(`file: ${seen} is not a supported type (${SUPPORTED_TYPES})`);
}

/** A name for bytes file-type does not know, for the 415 message. */
function guessUnknown(head: Uint8Array): string {
  for (const b of head) {
    const whitespace = b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d;
    if ((b < 0x20 && !whitespace) || b === 0x7f) return 'application/octet-stream';
  }
  try {
    // stream: a multi-byte character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'text/plain';
  } catch {
    return 'application/octet-stream';
  }
}

/** A page's opening (after a BOM, blanks and comments): a doctype or an <html>/<head>/<body> tag. */
function looksLikeHtml(head: Uint8Array): boolean {
  const start = new TextDecoder()
    .decode(head.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body)[\s>]/i.test(start);
}

/**
 * A WAV file must carry a sane `fmt ` chunk among its first bytes: RIFF/WAVE alone can
 * be followed by anything, and audio transcription needs the format.
 */
export function hasWavFormat(head: Uint8Array): boolean {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const tag = (at: number) => String.fromCharCode(...head.subarray(at, at + 4));
  if (head.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return false;
  let at = 12;
  while (at + 8 <= head.length) {
    const size = view.getUint32(at + 4, true);
    if (tag(at) === 'fmt ') {
      if (size < 16 || at + 24 > head.length) return false;
      const format = view.getUint16(at + 8, true);
      const channels = view.getUint16(at + 10, true);
      const rate = view.getUint32(at + 12, true);
      const bits = view.getUint16(at + 22, true);
      return format !== 0 && channels >= 1 && channels <= 32 && rate >= 1 && rate <= 768_000 && bits >= 1;
    }
    at += 8 + size + (size % 2); // chunks are padded to an even size
  }
  return false;
}

/** The kind and MIME of an upload from its first bytes (up to SNIFF_BYTES); throws 400/415. */
export async function sniff(head: Uint8Array): Promise<Detected> {
  if (head.length === 0) throw new Invalid('file', 'must not be empty');
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(head);
  if (!found) {
    // Text has no magic number: UTF-8 without control bytes is a text document (plain text,
    // Markdown or CSV, read as they are), HTML when it begins like a page.
    const seen = guessUnknown(head);
    if (seen !== 'text/plain') throw unsupported(seen);
    return { kind: 'document', mime: looksLikeHtml(head) ? 'text/html' : 'text/plain' };
  }
  const accepted = ACCEPTED[found.mime];
  if (!accepted) throw unsupported(found.mime);
  if (accepted.kind === 'audio' && !hasWavFormat(head)) {
    throw new UnsupportedType('file: audio/wav without a valid fmt chunk is not a supported WAV file');
  }
  return accepted;
}
