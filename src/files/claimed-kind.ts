// What an upload's name says it is. The bytes decide what a file is (sniff.ts); the name only
// has a say when it claims a media type the bytes do not bear out: `photo.png` holding text is a
// mistake or a disguise, and is refused rather than kept as a knowledge document. A name that
// says document, or nothing Parlor knows, claims nothing: text has no magic number, so a
// document is recognised by its bytes whatever it is called.
import { UnsupportedType } from '../errors.ts';
import type { Detected, FileKind } from './sniff.ts';

type MediaKind = Exclude<FileKind, 'document'>;

const EXTENSIONS: Record<MediaKind, readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'jpe', 'jfif', 'webp', 'gif', 'bmp', 'tif', 'tiff', 'heic', 'heif', 'avif', 'ico'],
  audio: ['wav', 'wave', 'mp3', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'flac', 'wma', 'aif', 'aiff', 'amr'],
  video: ['mp4', 'm4v', 'mov', 'mkv', 'avi', 'flv', 'mpeg', 'mpg', 'mpe', 'webm', 'wmv', '3gp', 'ts', 'mts', 'ogv'],
};

const CLAIMS = new Map<string, MediaKind>(
  (Object.entries(EXTENSIONS) as [MediaKind, readonly string[]][]).flatMap(([kind, exts]) =>
    exts.map((ext) => [ext, kind] as const),
  ),
);

const A_KIND: Record<MediaKind, string> = { image: 'an image', audio: 'audio', video: 'a video' };

/** The media kind a file name claims by its extension; null when it claims none. */
export function claimedKind(fileName: string): MediaKind | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = fileName
    .slice(dot + 1)
    .trim()
    .toLowerCase();
  return CLAIMS.get(extension) ?? null;
}

/** Throws 415 when the name claims a media kind the bytes are not, naming the type found. */
export function checkClaim(fileName: string, detected: Detected): void {
  const claimed = claimedKind(fileName);
  if (claimed === null || claimed === detected.kind) return;
  throw new UnsupportedType(
    `file: the name "${fileName}" says ${A_KIND[claimed]}, but its bytes are ${detected.mime}; upload the file itself, or name it for what it is`,
  );
}
