// Migration 2 (outbox and sync) on a file written by version 1: existing shipments become standalone ones
// (sync_state 'none', no remote id), and the outbox and settings tables start empty.
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, currentVersion } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0002-outbox-and-sync', () => {
  it('keeps version-1 shipments as standalone ones and adds an empty outbox', () => {
    const db = databaseAt(1);
    try {
      expect(currentVersion(db)).toBe(1);
      insertOldShipment(db, { ddt_alpha: 'OLD-7' });

      migrate(db, 2);
      expect(currentVersion(db)).toBe(2);
      expect(
        db
          .prepare("SELECT remote_id, sync_state, sync_error, refreshed_at FROM shipments WHERE ddt_alpha = 'OLD-7'")
          .get(),
      ).toEqual({
        remote_id: null,
        sync_state: 'none',
        sync_error: '',
        refreshed_at: 0,
      });
      expect(db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 });
      expect(db.prepare('SELECT count(*) AS n FROM settings').get()).toEqual({ n: 0 });
      expect(() => db.prepare("UPDATE shipments SET sync_state = 'bogus'").run()).toThrow(/CHECK constraint/);
    } finally {
      db.close();
    }
  });
});
