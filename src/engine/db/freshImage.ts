// A new database file written whole from the image of one migrated from zero, instead of migrated from zero itself:
// the 37 migrations are 37 transactions and commits on the file (about 40 ms of CPU a new file, 25 ms in memory), and
// every new station, service, bench and test file paid them. The image is made once per process by the same
// migrations on an in-memory database (so it is what they make, byte for byte, never a second schema kept by hand),
// and a new file gets its pages at once. An existing file, even an empty one, is migrated as before.
import Database from 'better-sqlite3';
import { closeSync, fsyncSync, linkSync, openSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrate';
import { ensurePrivateFolder } from './privateFiles';

let image: Buffer | undefined;

/** The pages of a database migrated from zero, made on first use and kept for the process. */
export function migratedImage(): Buffer {
  if (!image) {
    const db = new Database(':memory:');
    try {
      // As openDatabase migrates a file: with the foreign keys on (a migration that rebuilds a referenced table
      // turns them off and checks every row's keys itself).
      db.pragma('foreign_keys = ON');
      migrate(db);
      image = db.serialize();
    } finally {
      db.close();
    }
  }
  return image;
}

/**
 * Writes the migrated image as `file` when no file is there: into a temporary file (0600, synced), then linked in
 * place, which fails if the file appeared meanwhile, so a file another process made is never replaced and a crash
 * leaves a whole database or none. Returns whether it wrote one.
 */
export function writeFreshDatabase(file: string): boolean {
  ensurePrivateFolder(dirname(file));
  const temp = `${file}.fresh-${process.pid}`;
  const pages = migratedImage();
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, pages);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}
