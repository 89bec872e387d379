// Durable answers without stopping the thread: an engine opened with synchronous=NORMAL commits into the
// WAL without fsync, and a host that must not answer before a change is on disk (the service's 200 is a promise)
// awaits flush(), which fdatasyncs the WAL file on libuv's thread pool. What is in the WAL when the sync starts is on
// disk when it ends, exactly what synchronous=FULL gives each commit, but the event loop keeps answering meanwhile,
// and requests that finish together share one sync (group commit).
import { closeSync, existsSync, fdatasync, openSync } from 'node:fs';
import type { Db } from './open';

export interface WalFlush {
  /** Resolves once every commit made before the call is on disk. */
  flush(): Promise<void>;
  /** Closes the WAL file handle (after a sync in flight, if any). */
  close(): void;
}

/** How a file descriptor's data reaches the disk: fs.fdatasync (a test counts the calls through its own). */
export type SyncFile = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

export function walFlush(databaseFile: string, syncFile: SyncFile = fdatasync): WalFlush {
  const walFile = `${databaseFile}-wal`;
  let fd: number | undefined;
  let closed = false;
  /** The sync on the thread pool now: it may have started before the caller's commit. */
  let running: Promise<void> | undefined;
  /** The sync that starts when the running one ends: it covers every commit made before it starts. */
  let queued: Promise<void> | undefined;

  const handle = (): number | undefined => {
    // The WAL exists from the first write on and stays, same file, while the database is open (SQLite rewinds it
    // after a checkpoint, never replaces it). No WAL yet: nothing was written, nothing to sync.
    if (fd === undefined && !closed && existsSync(walFile)) fd = openSync(walFile, 'r+');
    return fd;
  };

  const start = (): Promise<void> => {
    const sync = new Promise<void>((resolve, reject) => {
      const file = handle();
      if (file === undefined) {
        resolve();
        return;
      }
      syncFile(file, (error) => (error ? reject(error) : resolve()));
    });
    running = sync;
    const settled = () => {
      if (running === sync) running = undefined;
      if (closed && !running && fd !== undefined) {
        closeSync(fd);
        fd = undefined;
      }
    };
    sync.then(settled, settled);
    return sync;
  };

  return {
    flush() {
      if (closed) return Promise.resolve();
      if (queued) return queued;
      if (!running) return start();
      // Whatever the running sync ends with (its callers hear of a failure), this one starts after it.
      queued = running
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return start();
        });
      return queued;
    },
    close() {
      closed = true;
      if (!running && fd !== undefined) {
        closeSync(fd);
        fd = undefined;
      }
    },
  };
}

/**
 * `write` committed without waiting for the disk on a connection opened with synchronous=FULL: NORMAL for its own
 * transaction, FULL again at once (no other statement runs in between, so other writers still wait for theirs). For a
 * writer that commits many times in a row and then awaits flush() once: each FULL commit waits for the disk, and the
 * one sync at the end puts every one of them there.
 */
export function withoutDiskWait<T>(db: Db, write: () => T): T {
  const was = Number(db.pragma('synchronous', { simple: true }));
  if (was <= 1 || db.inTransaction) return write();
  db.pragma('synchronous = NORMAL');
  try {
    return write();
  } finally {
    db.pragma(`synchronous = ${was}`);
  }
}
