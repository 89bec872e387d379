import { statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer, type Checkpointer } from '../../../src/engine/db/checkpointer';
import { openDatabase, type Db } from '../../../src/engine/db/open';
import { STATION_BUSY_TIMEOUT_MS } from '../../../src/station/index';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

const PAGE = 4096;
/** A label-sized row: 64 pages of the WAL. */
const LABEL = Buffer.alloc(64 * PAGE - 512, 7);

/** Polls `check` every 20 ms for at most `ms`; the last answer either way. */
async function eventually(check: () => boolean, ms = 5_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) if (check()) return true;
  return check();
}

describe('WAL checkpoints on a thread of their own', () => {
  let db: Db | undefined;
  let checkpoints: Checkpointer | undefined;
  afterEach(() => {
    checkpoints?.stop();
    db?.close();
    removeTempDirs();
  });

  function open(busyTimeoutMs?: number) {
    const file = join(tempDir('checkpointer-'), 'data.sqlite');
    db = openDatabase(file, { busyTimeoutMs });
    db.exec('CREATE TABLE blobs (id INTEGER PRIMARY KEY, content BLOB NOT NULL)');
    return { db, file };
  }

  it('copies what commits leave in the WAL into the database, the committing connection never doing it', async () => {
    const { db, file } = open();
    checkpoints = startCheckpointer(db, file, { intervalMs: 20 });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const insert = db.prepare('INSERT INTO blobs (content) VALUES (?)');
    // 40 commits of 64 pages: 2,560 pages, well past SQLite's own 1,000-page checkpoint.
    for (let i = 0; i < 40; i += 1) insert.run(LABEL);
    expect(await eventually(() => statSync(file).size > 40 * LABEL.length)).toBe(true);
    expect(db.prepare('SELECT count(*) AS n FROM blobs').get()).toEqual({ n: 40 });
  });

  it('keeps the WAL within its bound while commits never stop, by rewinding it, no commit failing', async () => {
    // The station's short busy timeout: a commit that met the RESTART's writer lock for longer would throw here.
    const { db, file } = open(STATION_BUSY_TIMEOUT_MS);
    checkpoints = startCheckpointer(db, file, { intervalMs: 10, restartFrames: 256 });
    const insert = db.prepare('INSERT INTO blobs (content) VALUES (?)');
    let largest = 0;
    // A commit every 2 ms for 1.5 s (bounded: 750 commits), so the thread never finds the writer idle.
    for (let i = 0; i < 750; i += 1) {
      insert.run(LABEL);
      largest = Math.max(largest, statSync(`${file}-wal`).size);
      await sleep(2);
    }
    expect(db.prepare('SELECT count(*) AS n FROM blobs').get()).toEqual({ n: 750 });
    // Unbounded, the WAL would hold 750 × 64 pages (about 190 MB); rewound past 256 frames it stays far below.
    expect(largest).toBeLessThan(750 * 64 * PAGE * 0.25);
    expect(checkpoints.lastLog()).toBeDefined();
  });

  it('hands checkpoints back to the connection when the thread cannot work', async () => {
    const { db } = open();
    checkpoints = startCheckpointer(db, join(tempDir('checkpointer-gone-'), 'missing.sqlite'), { intervalMs: 20 });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    expect(await eventually(() => db.pragma('wal_autocheckpoint', { simple: true }) === 1000)).toBe(true);
  });
});
