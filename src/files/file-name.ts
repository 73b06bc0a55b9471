// An uploaded file's name, checked like every single-line text the API takes: kept as the
// name the file is downloaded and listed under, so it must be one printable line of a size a
// file system and a Content-Disposition header take. Names come from GetPreUploadUrl's
// fileName and from a multipart part's filename; the type never comes from them (sniff.ts).
import { Invalid } from '../errors.ts';

/** The longest name kept, as most file systems allow (255). */
export const FILE_NAME_MAX = 255;

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u;

/**
 * The name to keep: trimmed, `fallback` when empty (null: an empty name is refused). Throws
 * Invalid naming `field` for control characters, lone surrogates or more than 255 characters.
 */
export function checkedFileName(raw: string, field: string, fallback: string | null): string {
  const name = raw.trim();
  if (name === '') {
    if (fallback === null) throw new Invalid(field, 'must not be empty');
    return fallback;
  }
  if (LINE_BREAKING.test(name) || !name.isWellFormed()) {
    throw new Invalid(field, 'the file name must be a single line without control characters');
  }
  if (name.length > FILE_NAME_MAX) {
    throw new Invalid(field, `the file name must be at most ${FILE_NAME_MAX} characters, got ${name.length}`);
  }
  return name;
}
