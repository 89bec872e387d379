// Migration 30 (the order queue) on a file written by version 29: a client's reference is one order, and deleting
// the shipment an order became leaves the order waiting again, in the deleting transaction.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0030-order-queue', () => {
  it('keeps one order per client and reference, and unlinks an order from its deleted shipment', () => {
    const db = databaseAt(29);
    try {
      const shipmentId = insertOldShipment(db);
      migrate(db, 30);
      expect(currentVersion(db)).toBe(30);
      const put = db.prepare(
        `INSERT INTO order_queue
           (client_id, order_ref, data, data_ordine, created_at, shipment_id, platform, shipped_at)
         VALUES (?, ?, '{}', 'd', 'c', ?, ?, ?)`,
      );
      put.run(1001, 'ORD-1', shipmentId, 'Banco 1', '2026-11-29 10:00:00');
      put.run(1002, 'ORD-1', null, '', '');
      expect(() => put.run(1001, 'ORD-1', null, '', '')).toThrow(/UNIQUE/);
      db.prepare('DELETE FROM shipments WHERE id = ?').run(shipmentId);
      expect(
        db.prepare('SELECT client_id, shipment_id, platform, shipped_at FROM order_queue ORDER BY id').all(),
      ).toEqual([
        { client_id: 1001, shipment_id: null, platform: '', shipped_at: '' },
        { client_id: 1002, shipment_id: null, platform: '', shipped_at: '' },
      ]);
    } finally {
      db.close();
    }
  });
});
