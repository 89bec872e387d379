// Migration 12 (an order's state read from its shipment) on a file written by version 11: an order marked shipped
// by a shipment that was refused (0.6) waits again, one whose shipment was deleted waits again without the stale
// link, a shipped one keeps its shipment; deleting a shipment from now on unlinks its order in the same statement,
// and each shipment keeps the scale readings its parcels were weighed with, gone with it.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

const ORDER = `INSERT INTO orders (user_id, client_id, order_ref, scan_key, data, state, shipment_id, shipped_at,
  created_at) VALUES (1, 1001, ?, ?, '{}', ?, ?, ?, 1)`;

describe('migration 0012-order-state-from-shipment', () => {
  it('drops the stored order state, clears links to deleted shipments and keeps weighings per shipment', () => {
    const db = databaseAt(11);
    try {
      const shipped = insertOldShipment(db, { ddt_alpha: '#1' });
      const refused = insertOldShipment(db, { ddt_alpha: '#2', state: 'failed' });
      const deleted = insertOldShipment(db, { ddt_alpha: '#3' });
      db.prepare(ORDER).run('#1', '1', 'shipped', shipped, 5);
      db.prepare(ORDER).run('#2', '2', 'shipped', refused, 5);
      db.prepare(ORDER).run('#3', '3', 'shipped', deleted, 5);
      db.prepare(ORDER).run('#4', '4', 'waiting', null, null);
      db.prepare('DELETE FROM shipments WHERE id = ?').run(deleted);

      migrate(db, 12);
      expect(currentVersion(db)).toBe(12);
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const columns = (db.prepare('PRAGMA table_info(orders)').all() as { name: string }[]).map((c) => c.name);
      expect(columns).not.toContain('state');
      expect(columns).not.toContain('shipped_at');
      expect(db.prepare('SELECT order_ref, shipment_id FROM orders ORDER BY id').all()).toEqual([
        { order_ref: '#1', shipment_id: shipped },
        { order_ref: '#2', shipment_id: refused },
        { order_ref: '#3', shipment_id: null },
        { order_ref: '#4', shipment_id: null },
      ]);

      const weigh = db.prepare('INSERT INTO weighings (shipment_id, parcel, kg, at, raw) VALUES (?, ?, ?, ?, ?)');
      weigh.run(shipped, 1, 2.35, 1_700_000_000_000, 'ST,GS,+  2.35kg');
      weigh.run(refused, 1, 0.8, 1_700_000_000_001, '');
      expect(() => weigh.run(9999, 1, 1, 1, '')).toThrow(/FOREIGN KEY/);

      db.prepare('DELETE FROM shipments WHERE id = ?').run(shipped);
      expect(db.prepare("SELECT shipment_id FROM orders WHERE order_ref = '#1'").get()).toEqual({ shipment_id: null });
      expect(db.prepare('SELECT shipment_id, raw FROM weighings').all()).toEqual([{ shipment_id: refused, raw: '' }]);
    } finally {
      db.close();
    }
  });
});
