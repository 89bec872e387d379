// Batches of orders shipped in one go from the orders list: the batch (its state and pick order) and its orders, each
// with its place in the pick order, what became of it and the weight it was estimated at. Products gain the shelf
// they are picked from (the pick order), and print jobs the printer's label counter read before a job was sent, so a
// job cut off by a killed station is settled from the counter at the next start instead of left to a person.
import type { Migration } from '../migration';

export const migration0025: Migration = {
  version: 25,
  name: 'batches',
  up(db) {
    db.exec(`
      ALTER TABLE products ADD COLUMN location TEXT NOT NULL DEFAULT '';
      ALTER TABLE print_jobs ADD COLUMN counter_before INTEGER;
      CREATE TABLE batches (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        state TEXT NOT NULL CHECK (state IN ('making', 'paused', 'printing', 'done', 'at_scan')),
        pick_order TEXT NOT NULL CHECK (pick_order IN ('location', 'order')),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE batch_orders (
        batch_id INTEGER NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
        order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'made', 'refused')),
        reason TEXT NOT NULL DEFAULT '',
        shipment_id INTEGER REFERENCES shipments(id) ON DELETE SET NULL,
        estimated_kg REAL CHECK (estimated_kg IS NULL OR estimated_kg > 0),
        PRIMARY KEY (batch_id, order_id),
        UNIQUE (batch_id, position)
      );
      CREATE INDEX batch_orders_order ON batch_orders(order_id);
      CREATE INDEX batch_orders_shipment ON batch_orders(shipment_id);
    `);
  },
};
