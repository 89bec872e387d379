// Which errors mean "the storage did not take the write" (disk full, I/O error, locked, read-only, cannot open) as
// opposed to a refusal or a bug: such a failure is temporary, so nothing is decided on it (never a courier refusal).
import Database from 'better-sqlite3';

const STORAGE_CODES = /^SQLITE_(FULL|IOERR|BUSY|LOCKED|READONLY|CANTOPEN|NOLFS|PROTOCOL|NOMEM)(_|$)/;

export function isStorageFailure(error: unknown): boolean {
  return error instanceof Database.SqliteError && STORAGE_CODES.test(error.code);
}
