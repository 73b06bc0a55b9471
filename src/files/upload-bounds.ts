// Bounds of the upload routes' input that the schemas cannot state: IDs in URLs past int32,
// and multipart bodies the parser cannot read.
import { DomainError, Invalid } from '../errors.ts';

/** File IDs are int32 in both databases; PostgreSQL fails a query with a larger one. */
export const MAX_FILE_ID = 2_147_483_647;
/** Room for a multipart body's boundaries, part headers and small fields around the file. */
export const MULTIPART_OVERHEAD = 1024 * 1024;
export const int32OrZero = (digits: string) => (Number(digits) > MAX_FILE_ID ? 0 : Number(digits));

const MALFORMED = 'is not valid multipart/form-data (no boundary, a malformed part, or cut short)';

/**
 * The multipart parser's own failures (no boundary, a body cut short) are the client's: 400.
 * Our errors (413, 415) and the plugin's limits (they carry a 4xx status) keep theirs.
 */
export function malformedMultipart(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return err;
  return new Invalid('body', MALFORMED);
}

/**
 * The parser's (busboy's) own errors about the body, which can reach the file's reader before
 * its stream reports them: a body cut short, a malformed part.
 */
export function isParserFailure(err: unknown): boolean {
  const message = err instanceof Error ? err.message : '';
  return /^(Unexpected end of (multipart data|form)|Malformed part header|Part terminated early)/.test(message);
}
