// Migration 33 (hub shipments followed) on a file written by version 32: a fulfilment that named the hub's shipment
// negated names it in hub_shipment_id (and no shipment here), its parcel is followed from the next pass, one of a
// shipment here is unchanged, and each parcel's state is told to the shop once, whichever kind of parcel it is.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0033-hub-shipments-followed', () => {
  it('moves the negated hub ids into their own column and follows those parcels', () => {
    const db = databaseAt(32);
    try {
      const here = insertOldShipment(db);
      db.prepare(
        `INSERT INTO shop_connections (id, user_id, client_id, platform, address, created_at)
         VALUES (1, 1, 1001, 'woocommerce', 'https://shop', 1)`,
      ).run();
      const fulfil = db.prepare(
        `INSERT INTO shop_fulfilments (connection_id, user_id, shipment_id, shop_order_id, order_ref, kind, body,
           created_at, state) VALUES (1, 1, ?, ?, ?, 'fulfil', '{"number":"W1"}', 1, 'sent')`,
      );
      fulfil.run(here, '10', 'ORD-10');
      fulfil.run(-77, '11', 'ORD-11');
      db.prepare(
        `INSERT INTO shop_attempts (fulfilment_id, at, status, duration_ms, answer) VALUES (2, 1, 200, 5, 'ok')`,
      ).run();
      migrate(db, 33);
      expect(currentVersion(db)).toBe(33);
      expect(db.prepare('SELECT id, shipment_id, hub_shipment_id FROM shop_fulfilments ORDER BY id').all()).toEqual([
        { id: 1, shipment_id: here, hub_shipment_id: null },
        { id: 2, shipment_id: null, hub_shipment_id: 77 },
      ]);
      expect(db.prepare('SELECT fulfilment_id FROM shop_attempts').all()).toEqual([{ fulfilment_id: 2 }]);
      expect(db.prepare('SELECT fulfilment_id, next_at, final FROM hub_parcels').all()).toEqual([
        { fulfilment_id: 2, next_at: 0, final: 0 },
      ]);

      const notice = db.prepare(
        `INSERT INTO parcel_notices (shipment_id, hub_fulfilment_id, channel, event, connection_id, body, created_at)
         VALUES (?, ?, 'shop', 'delivered', 1, '{}', 1)`,
      );
      notice.run(here, null);
      notice.run(null, 2);
      expect(() => notice.run(null, 2)).toThrow(/UNIQUE/);
      expect(() => notice.run(null, null)).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});
