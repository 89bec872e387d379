import { existsSync, fdatasync, fstatSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/engine/db/open';
import { walFlush, withoutDiskWait, type SyncFile } from '../../../src/engine/db/walFlush';
import { removeTempDir, tempDir } from '../../helpers/tmp';

/** The real fdatasync, with each call's file and the moment it ran told to the test; `hold` keeps it from ending. */
function countingSync() {
  const calls: { inode: number; releasedAt?: number }[] = [];
  let held: (() => void)[] | undefined;
  const sync: SyncFile = (fd, done) => {
    const call: { inode: number; releasedAt?: number } = { inode: fstatSync(fd).ino };
    calls.push(call);
    const finish = () =>
      fdatasync(fd, (error) => {
        call.releasedAt = calls.length;
        done(error);
      });
    if (held) held.push(finish);
    else finish();
  };
  return {
    sync,
    calls,
    hold() {
      held = [];
    },
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const finish of waiting) finish();
    },
  };
}

describe('flushing the WAL off the thread', () => {
  let dir: string;
  let db: Db | undefined;
  afterEach(() => {
    db?.close();
    db = undefined;
    removeTempDir(dir);
  });

  function open(): { file: string; db: Db } {
    dir = tempDir('wal-flush-');
    const file = join(dir, 'flush.sqlite');
    db = openDatabase(file, { synchronous: 'NORMAL' });
    db.exec('CREATE TABLE t (v TEXT)');
    return { file, db };
  }

  it('syncs the WAL file itself after a commit', async () => {
    const { file, db } = open();
    const counting = countingSync();
    const wal = walFlush(file, counting.sync);
    db.prepare('INSERT INTO t VALUES (?)').run('a');
    await wal.flush();
    expect(counting.calls).toHaveLength(1);
    expect(counting.calls[0]?.inode).toBe(statSync(`${file}-wal`).ino);
    wal.close();
  });

  it('has nothing to sync, and creates no file, before anything was written', async () => {
    dir = tempDir('wal-flush-');
    const file = join(dir, 'never-opened.sqlite');
    const counting = countingSync();
    const wal = walFlush(file, counting.sync);
    await wal.flush();
    expect(counting.calls).toHaveLength(0);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('lets changes that finish together share one sync, never answering one with a sync begun before it', async () => {
    const { file, db } = open();
    const counting = countingSync();
    const wal = walFlush(file, counting.sync);
    const insert = db.prepare('INSERT INTO t VALUES (?)');
    counting.hold();
    insert.run('first');
    let firstDone = false;
    const first = wal.flush().then(() => {
      firstDone = true;
    });
    // Twenty changes committed while the first sync is on the disk: none of them is covered by it.
    let laterDone = 0;
    const later = Array.from({ length: 20 }, (_, i) => {
      insert.run(`later ${i}`);
      return wal.flush().then(() => {
        laterDone += 1;
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(counting.calls).toHaveLength(1);
    expect(firstDone).toBe(false);
    expect(laterDone).toBe(0);
    counting.release();
    await first;
    await Promise.all(later);
    // One more sync for all twenty, started only after the first one ended.
    expect(counting.calls).toHaveLength(2);
    expect(counting.calls[1]?.releasedAt).toBe(2);
    wal.close();
  });

  it('closes its file only after the sync in flight has ended', async () => {
    const { file, db } = open();
    const counting = countingSync();
    const wal = walFlush(file, counting.sync);
    db.prepare('INSERT INTO t VALUES (?)').run('a');
    counting.hold();
    const flushed = wal.flush();
    wal.close();
    counting.release();
    await expect(flushed).resolves.toBeUndefined();
    await expect(wal.flush()).resolves.toBeUndefined();
    expect(counting.calls).toHaveLength(1);
  });

  it('commits one write of many without waiting for the disk, every other write on it still waiting', async () => {
    dir = tempDir('wal-flush-');
    const file = join(dir, 'full.sqlite');
    const full = openDatabase(file, { synchronous: 'FULL' });
    db = full;
    full.exec('CREATE TABLE t (v TEXT)');
    const synchronous = () => Number(full.pragma('synchronous', { simple: true }));
    const during = withoutDiskWait(full, () => {
      full.transaction(() => full.prepare('INSERT INTO t VALUES (?)').run('a'))();
      return synchronous();
    });
    expect(during).toBe(1);
    expect(synchronous()).toBe(2);
    // One flush afterwards puts it on disk: the WAL holds it, and the sync covers the WAL file.
    const counting = countingSync();
    const wal = walFlush(file, counting.sync);
    await wal.flush();
    expect(counting.calls).toHaveLength(1);
    expect(full.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
    wal.close();
  });

  it('leaves the setting alone inside a transaction already open, and after a write that fails', () => {
    dir = tempDir('wal-flush-');
    const full = openDatabase(join(dir, 'full.sqlite'), { synchronous: 'FULL' });
    db = full;
    const synchronous = () => Number(full.pragma('synchronous', { simple: true }));
    expect(full.transaction(() => withoutDiskWait(full, synchronous))()).toBe(2);
    expect(() =>
      withoutDiskWait(full, () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(synchronous()).toBe(2);
  });
});
