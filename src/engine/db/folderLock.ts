// One process per data folder: two stations on one folder printed every held label twice. The lock is SQLite's own
// file lock (fcntl, LockFileEx) on `data-folder.lock`, held as an open write transaction for the process's life: the
// kernel grants it atomically to one of two processes starting together and drops it when the holder dies (kill -9
// included), so no stale lock has to be detected or taken over and no pid has to be trusted to mean the same process.
// Who holds it is written beside it, only for the message a second start shows.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatDateTime } from '../ports';
import { ensurePrivateFolder, preparePrivateDatabase, tightenDataFolder, writePrivateFile } from './privateFiles';

export type FolderRole = 'postazione' | 'servizio';

const LOCK_FILE = 'data-folder.lock';
const HOLDER_FILE = 'data-folder.lock.json';

export interface FolderLock {
  readonly dir: string;
  /** Lets the next process in; the lock also goes with the process. */
  release(): void;
}

interface Holder {
  pid: number;
  role: FolderRole;
  started: string;
  token: string;
}

/** A second start on a folder in use: the text names the holder, for the operator. */
export class FolderInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: Omit<Holder, 'token'> | undefined,
  ) {
    const station = holder?.role === 'postazione';
    super(
      holder
        ? `Cartella dati già in uso (${dir}): la usa ${station ? 'la postazione' : 'il servizio'} ` +
            `con pid ${holder.pid}, ${station ? 'avviata' : 'avviato'} il ${holder.started}. ` +
            'Chiudi quel processo prima di avviarne un altro sulla stessa cartella.'
        : `Cartella dati già in uso (${dir}) da un altro processo. ` +
            'Chiudilo prima di avviarne un altro sulla stessa cartella.',
    );
    this.name = 'FolderInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    const { pid, role, started, token } = parsed;
    const known = role === 'postazione' || role === 'servizio';
    if (typeof pid !== 'number' || !known || typeof started !== 'string') return undefined;
    return { pid, role, started, token: String(token ?? '') };
  } catch {
    return undefined;
  }
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Takes the folder for this process or throws FolderInUseError. The holder's note is written just after the lock is
 * taken, so a start racing that instant may read the previous (dead) holder's note: it reads again a few times.
 */
export async function lockDataFolder(
  folder: string,
  role: FolderRole,
  now: () => Date = () => new Date(),
): Promise<FolderLock> {
  const dir = resolve(folder);
  ensurePrivateFolder(dir);
  tightenDataFolder(dir, [LOCK_FILE, HOLDER_FILE]);
  const lockFile = join(dir, LOCK_FILE);
  const holderFile = join(dir, HOLDER_FILE);
  // The .sqlite pattern does not cover the lock's name: create it 0600 the same way.
  preparePrivateDatabase(lockFile);
  const db = new Database(lockFile, { timeout: 0 });
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const holder = readHolder(holderFile);
      if (holder && isAlive(holder.pid)) {
        throw new FolderInUseError(dir, { pid: holder.pid, role: holder.role, started: holder.started });
      }
      await pause(25);
    }
    throw new FolderInUseError(dir, undefined);
  }
  const token = randomBytes(8).toString('hex');
  try {
    const holder: Holder = { pid: process.pid, role, started: formatDateTime(now()), token };
    writePrivateFile(holderFile, `${JSON.stringify(holder)}\n`);
  } catch (error) {
    db.close();
    throw error;
  }
  let held = true;
  return {
    dir,
    release() {
      if (!held) return;
      held = false;
      // The note goes first, while the lock still keeps others out; only our own note is removed.
      if (readHolder(holderFile)?.token === token) rmSync(holderFile, { force: true });
      db.close();
    },
  };
}
