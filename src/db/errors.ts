// Recognises database errors the services turn into typed domain errors.

interface DriverError {
  code?: unknown;
  errcode?: unknown;
  message?: unknown;
}

/** A unique constraint was violated (SQLite SQLITE_CONSTRAINT_UNIQUE, PostgreSQL 23505). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as DriverError;
  return e.code === '23505' || e.errcode === 2067 || e.errcode === 1555;
}

/** The database could not be reached (connection refused, reset, timed out). */
export function isUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as DriverError).code;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'ETIMEDOUT' ||
    code === '57P01' || // admin_shutdown
    code === '57P03' || // cannot_connect_now
    code === '53300' // too_many_connections
  );
}
