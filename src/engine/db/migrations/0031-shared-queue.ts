// A bench on a shared order queue (a hub's Orders): which of its own orders it has posted there, the claims
// (OrderToShipment) it has asked for and not yet resolved, and which bench shipped an order when the hub said so.
import type { Migration } from '../migration';

export const migration0031: Migration = {
  version: 31,
  name: 'shared-queue',
  up(db) {
    db.exec(`
      ALTER TABLE orders ADD COLUMN claimed_by TEXT NOT NULL DEFAULT '';
      CREATE TABLE queue_posts (
        order_id INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        remote_id INTEGER,
        posted_at INTEGER NOT NULL
      );
      CREATE TABLE queue_claims (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        client_id INTEGER NOT NULL,
        order_ref TEXT NOT NULL,
        packages INTEGER NOT NULL,
        weight REAL NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'done', 'dropped')),
        shipment_id INTEGER REFERENCES shipments(id) ON DELETE SET NULL,
        created_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX queue_claims_open ON queue_claims(user_id, client_id, order_ref) WHERE state = 'pending'`);
  },
};
