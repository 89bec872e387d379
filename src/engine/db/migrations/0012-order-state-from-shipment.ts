// An order is shipped exactly while the shipment made from it holds up (orders/repo.ts derives it), so its
// stored state goes: a refused (0.6) or deleted shipment can no longer leave an order "shipped" without a label. The
// link to a deleted shipment is cleared by a trigger, in the deleting transaction. Each shipment keeps the scale
// readings its parcels were weighed with (couriers dispute weights).
import type { Migration } from '../migration';

export const migration0012: Migration = {
  version: 12,
  name: 'order-state-from-shipment',
  up(db) {
    db.exec(`
      UPDATE orders SET shipment_id = NULL
        WHERE shipment_id IS NOT NULL AND shipment_id NOT IN (SELECT id FROM shipments);
      DROP INDEX orders_by_state;
      ALTER TABLE orders DROP COLUMN state;
      ALTER TABLE orders DROP COLUMN shipped_at;
      CREATE INDEX orders_by_user ON orders(user_id, id);
      CREATE TRIGGER orders_unlink_deleted_shipment AFTER DELETE ON shipments BEGIN
        UPDATE orders SET shipment_id = NULL WHERE shipment_id = OLD.id;
      END;

      CREATE TABLE weighings (
        shipment_id INTEGER NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        parcel INTEGER NOT NULL,
        kg REAL NOT NULL,
        at INTEGER NOT NULL,
        raw TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX weighings_by_shipment ON weighings(shipment_id, parcel);
    `);
  },
};
