// Opens the engine's SQLite file with the settings every connection needs, and migrates it.
// WAL lets readers run beside the writer. synchronous=NORMAL is durable across process crashes but a power cut can
// lose the last commits; FULL syncs the WAL at every commit, as exactly-once marks need (the caller chooses).
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { migratedImage, writeFreshDatabase } from './freshImage';
import { migrate } from './migrate';
import { preparePrivateDatabase } from './privateFiles';

export type Db = Database.Database;

/** How long a statement waits for another connection's write lock before failing with SQLITE_BUSY. */
const DEFAULT_BUSY_TIMEOUT_MS = 5_000;

export interface OpenOptions {
  /**
   * better-sqlite3 waits for a lock synchronously, so this is also how long the whole process stops answering. The
   * headless service keeps the default; the station uses a short one (a locked file costs a request a short wait and
   * an error, and its background loops back off and try again).
   */
  busyTimeoutMs?: number;
  synchronous?: 'FULL' | 'NORMAL';
  /** SQLite's max_page_count for this connection: a cap on the file's size (a full disk, for tests). */
  maxPages?: number;
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  // A new file, or a new database in memory, starts as the migrated image (freshImage.ts): migrate() then has nothing
  // left to do.
  const memory = file === ':memory:';
  if (!memory) {
    if (!existsSync(file)) writeFreshDatabase(file);
    preparePrivateDatabase(file);
  }
  const db = new Database(memory ? migratedImage() : file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${Math.max(0, Math.round(options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS))}`);
  try {
    migrate(db);
    if (options.maxPages !== undefined) db.pragma(`max_page_count = ${Math.max(1, Math.floor(options.maxPages))}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
