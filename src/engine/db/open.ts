// Opens the engine's SQLite file with the settings every connection needs, and migrates it.
// WAL lets readers run beside the writer. synchronous=NORMAL is durable across process crashes but a power cut can
// lose the last commits; FULL syncs the WAL at every commit, as exactly-once marks need (the caller chooses).
import Database from 'better-sqlite3';
import { migrate } from './migrate';
import { preparePrivateDatabase } from './privateFiles';

export type Db = Database.Database;

export interface OpenOptions {
  synchronous?: 'FULL' | 'NORMAL';
  /** SQLite's max_page_count for this connection: a cap on the file's size (a full disk, for tests). */
  maxPages?: number;
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') preparePrivateDatabase(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  try {
    migrate(db);
    if (options.maxPages !== undefined) db.pragma(`max_page_count = ${Math.max(1, Math.floor(options.maxPages))}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
