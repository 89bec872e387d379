// WAL checkpoints on a thread of their own. SQLite's automatic checkpoint runs inside the commit that takes
// the WAL past 1,000 pages, on the thread that answers requests: with 260 kB of labels a create, one commit in 16
// stopped the event loop for about 30 ms (4 MB copied into the database file, then synced), and commits cost 2.4 ms
// on average instead of 0.65 ms (400 label-sized commits in process). Here the engine's connection never checkpoints;
// a worker thread with a connection of its own does, beside the writer.

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './open';

/** How often the thread looks at the WAL. */
const CHECKPOINT_INTERVAL_MS = 100;
/**
 * A PASSIVE checkpoint never blocks the writer, but under sustained writes some frames always arrive while it runs, so
 * SQLite never gets the moment to rewind the WAL to its start and the file keeps growing. Past this many frames
 * (64 MB at 4 kB pages) the thread asks for a RESTART: it waits for the writer lock (a commit takes a millisecond or
 * two), copies the few frames the last PASSIVE left, and rewinds the WAL, so the file stays within about this size.
 */
const RESTART_FRAMES = 16_384;

// Plain JavaScript run as the thread's entry (eval), so the same text works from source, in the tests and in the
// desktop bundle; better-sqlite3 is found at the path the engine itself loaded it from.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
const checkpoint = (mode) => db.pragma('wal_checkpoint(' + mode + ')')[0];
let told;
const timer = setInterval(() => {
  const passive = checkpoint('PASSIVE');
  if (passive.log >= workerData.restartFrames) checkpoint('RESTART');
  // Said only when it changed: an idle engine's thread wakes no one.
  if (passive.log !== told) parentPort.postMessage((told = passive.log));
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the thread (after a checkpoint in progress) and gives checkpoints back to the engine's connection. */
  stop(): void;
  /** The WAL's size in frames as the thread last saw it (diagnostics and tests). */
  lastLog(): number | undefined;
}

export interface CheckpointerOptions {
  busyTimeoutMs?: number;
  intervalMs?: number;
  restartFrames?: number;
}

/**
 * Starts checkpointing `file` on a thread, the connection `db` keeping none of its own. A thread that fails (the file
 * gone, an I/O error) hands checkpoints back to `db` as SQLite does them by default, so the WAL never grows unchecked.
 */
export function startCheckpointer(db: Db, file: string, options: CheckpointerOptions = {}): Checkpointer {
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: {
      module: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      busyTimeoutMs: options.busyTimeoutMs ?? 5_000,
      intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS,
      restartFrames: options.restartFrames ?? RESTART_FRAMES,
    },
  });
  // Never what keeps a process alive: a host that is done exits, and SQLite's next open replays what the WAL holds.
  worker.unref();
  let log: number | undefined;
  let running = true;
  const giveBack = () => {
    if (!running) return;
    running = false;
    if (db.open) db.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('message', (frames: number) => {
    log = frames;
  });
  worker.on('error', giveBack);
  worker.on('exit', giveBack);
  db.pragma('wal_autocheckpoint = 0');
  return {
    stop() {
      if (!running) return;
      running = false;
      worker.postMessage('stop');
    },
    lastLog: () => log,
  };
}
