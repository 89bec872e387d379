// Opens the engine's SQLite file with the settings every connection needs, and migrates it.
// WAL lets readers run beside the writer; synchronous=NORMAL is durable across process crashes (not power loss
// mid-checkpoint), which is the trade-off SQLite documents for WAL and what a bench needs.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrate';

export type Db = Database.Database;

/** How long a statement waits for another connection's write lock before failing with SQLITE_BUSY. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5_000;

export interface OpenOptions {
  /**
   * better-sqlite3 waits for a lock synchronously, so this is also how long the whole process stops answering. The
   * headless service keeps the default; the station uses a short one (a locked file costs a request a short wait and
   * an error, and its background loops back off and try again).
   */
  busyTimeoutMs?: number;
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${Math.max(0, Math.round(options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS))}`);
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
