// What the shop and the recipient are told of a departed parcel's states: one row per shipment, channel ('shop': a
// Shopify fulfilment event or a WooCommerce order note; 'mail': the recipient's e-mail) and state kind, written in the
// transaction that keeps the new state (tracking/port.ts), so a state is told once, and never again when the parcel
// comes back to it. The body is fixed when the row is written: every attempt sends the same words.
import type { Migration } from '../migration';

export const migration0020: Migration = {
  version: 20,
  name: 'parcel-notices',
  up(db) {
    db.exec(`
      CREATE TABLE parcel_notices (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        shipment_id INTEGER NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        channel TEXT NOT NULL CHECK (channel IN ('shop', 'mail')),
        event TEXT NOT NULL,
        connection_id INTEGER REFERENCES shop_connections(id) ON DELETE CASCADE,
        body TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT NOT NULL DEFAULT '',
        remote_id TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        sent_at INTEGER,
        UNIQUE (shipment_id, channel, event)
      );
      CREATE INDEX parcel_notices_due ON parcel_notices(channel, state, next_attempt_at);
    `);
  },
};
