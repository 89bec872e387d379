// The order queue the service keeps for several benches: one row per order, its reference unique per client, its
// state read from the shipment it became as the bench's own orders' is (migration 12); the link to a deleted
// shipment is cleared by a trigger in the deleting transaction.
import type { Migration } from '../migration';

export const migration0030: Migration = {
  version: 30,
  name: 'order-queue',
  up(db) {
    db.exec(`
      CREATE TABLE order_queue (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        client_id INTEGER NOT NULL,
        order_ref TEXT NOT NULL,
        data TEXT NOT NULL,
        rows TEXT NOT NULL DEFAULT '[]',
        email TEXT NOT NULL DEFAULT '',
        corriere INTEGER NOT NULL DEFAULT 0,
        invoice_number TEXT NOT NULL DEFAULT '',
        data_ordine TEXT NOT NULL,
        cancelled INTEGER NOT NULL DEFAULT 0,
        shipment_id INTEGER,
        platform TEXT NOT NULL DEFAULT '',
        shipped_at TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        UNIQUE (client_id, order_ref)
      );
      CREATE INDEX order_queue_by_shipment ON order_queue(shipment_id);
      CREATE TRIGGER order_queue_unlink_deleted_shipment AFTER DELETE ON shipments BEGIN
        UPDATE order_queue SET shipment_id = NULL, platform = '', shipped_at = '' WHERE shipment_id = OLD.id;
      END;
    `);
  },
};
