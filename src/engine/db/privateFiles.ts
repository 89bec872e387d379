// Recipients' names, addresses and phones live in the data folder: the folder is the user's alone (0700) and so is
// every file kept in it (0600), also when an older version left them readable by every local user.
import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

const PRIVATE_FOLDER_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/** SQLite's own files beside a database: journal and WAL take the database file's mode, so they follow it. */
const SQLITE_FILE = /\.sqlite(-wal|-shm|-journal)?$/;

export function ensurePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  chmodSync(dir, PRIVATE_FOLDER_MODE);
}

function tighten(file: string): void {
  // lstat: a symlink is left alone (chmod would follow it to a file that is not ours).
  if (existsSync(file) && lstatSync(file).isFile()) chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Only when missing: opening and closing a file this process already has open through SQLite would drop SQLite's
 * POSIX locks on it (they belong to the process, and any close releases them).
 */
function createIfMissing(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * Creates the database file 0600 before SQLite opens it (SQLite would make it 0644 and give its WAL and shared-memory
 * files the same mode) and tightens what an older start left wider.
 */
export function preparePrivateDatabase(file: string): void {
  ensurePrivateFolder(dirname(file));
  createIfMissing(file);
  for (const suffix of ['', '-wal', '-shm', '-journal']) tighten(file + suffix);
}

/** Written whole or not at all (temporary file, then rename), 0600 from the first byte. */
export function writePrivateFile(file: string, text: string): void {
  ensurePrivateFolder(dirname(file));
  const temp = `${file}.tmp`;
  writeFileSync(temp, text, { mode: PRIVATE_FILE_MODE });
  // A leftover temporary file from a crash keeps its old mode through writeFileSync.
  chmodSync(temp, PRIVATE_FILE_MODE);
  renameSync(temp, file);
}

/**
 * The data folder at start: 0700, and our own files in it 0600 (SQLite files and the names given). Other files are
 * not ours to change: `--data` may point at a folder that also holds the user's own files.
 */
export function tightenDataFolder(dir: string, ownFiles: readonly string[]): void {
  ensurePrivateFolder(dir);
  const own = new Set(ownFiles.flatMap((name) => [name, `${name}.tmp`]));
  for (const name of readdirSync(dir)) if (SQLITE_FILE.test(name) || own.has(name)) tighten(join(dir, name));
}
