// Migration 6 (print job claims) on a file written by version 5: a job left "sending" has no owner, so the next
// station start treats it as a leftover, and no job has been resent by itself yet.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { removeTempDirs, tempDir } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0006-print-job-claims', () => {
  it('keeps version-5 jobs with no owner and no automatic resends', () => {
    const db = new Database(join(tempDir(), 'm6.sqlite'));
    try {
      migrate(db, 5);
      db.prepare(
        `INSERT INTO print_jobs (printer_id, kind, format, content, state, created_at, updated_at)
        VALUES ('banco-1', 'test', 'ZPL', x'5E5841', 'sending', 1, 1)`,
      ).run();
      migrate(db, 6);
      expect(currentVersion(db)).toBe(6);
      expect(db.prepare('SELECT state, claimed_by, auto_resends FROM print_jobs').get()).toEqual({
        state: 'sending',
        claimed_by: null,
        auto_resends: 0,
      });
    } finally {
      db.close();
    }
  });
});
