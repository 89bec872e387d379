// Migration 13 (when a shipment was amended) on a file written by version 12: every shipment already there reads as
// never amended, keeps its data and its last change time, and a new row needs no value for the column.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0013-shipment-amended-at', () => {
  it('adds an empty amendment time to the shipments already stored and to new ones', () => {
    const db = databaseAt(12);
    try {
      const old = insertOldShipment(db, {
        ddt_alpha: '#1',
        data: '{"note":"citofono"}',
        date_upd: '2025-03-14 09:00:00',
      });
      migrate(db, 13);
      expect(currentVersion(db)).toBe(13);
      expect(db.prepare('SELECT data, date_upd, amended_at FROM shipments WHERE id = ?').get(old)).toEqual({
        data: '{"note":"citofono"}',
        date_upd: '2025-03-14 09:00:00',
        amended_at: '',
      });
      const fresh = insertOldShipment(db, { ddt_alpha: '#2' });
      expect(db.prepare('SELECT amended_at FROM shipments WHERE id = ?').get(fresh)).toEqual({ amended_at: '' });
    } finally {
      db.close();
    }
  });
});
