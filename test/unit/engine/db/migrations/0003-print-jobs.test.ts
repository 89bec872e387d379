// Migration 3 (print jobs) on a file written by version 2: shipments stay as they were and the spooler's queue
// starts empty, refusing a state it does not know.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0003-print-jobs', () => {
  it('keeps version-2 shipments and adds an empty print queue', () => {
    const db = databaseAt(2);
    try {
      insertOldShipment(db);

      migrate(db, 3);
      expect(currentVersion(db)).toBe(3);
      expect(db.prepare('SELECT ddt_alpha, sync_state FROM shipments').get()).toEqual({
        ddt_alpha: 'A-7',
        sync_state: 'none',
      });
      expect(db.prepare('SELECT count(*) AS n FROM print_jobs').get()).toEqual({ n: 0 });
      const insert = db.prepare(`INSERT INTO print_jobs (printer_id, kind, format, content, state, created_at,
        updated_at) VALUES ('p', 'label', 'ZPL', x'00', ?, 0, 0)`);
      expect(() => insert.run('pending')).not.toThrow();
      expect(() => insert.run('bogus')).toThrow(/CHECK constraint/);
    } finally {
      db.close();
    }
  });
});
