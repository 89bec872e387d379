// Shops connected to the bench (a Shopify store, a WooCommerce site): the connection (no secret: the station's key
// store keeps the token or keys), which shop order became which waiting order, and the fulfilments owed to the shop.
// A fulfilment row is written in the transaction that stores the shipment's waybill (or deletes the shipment), so the
// shop hears of every waybill exactly when it exists; every attempt to tell it is kept for the shop's log.
import type { Migration } from '../migration';

export const migration0018: Migration = {
  version: 18,
  name: 'shop-connections',
  up(db) {
    db.exec(`
      CREATE TABLE shop_connections (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL,
        client_id INTEGER NOT NULL,
        platform TEXT NOT NULL CHECK (platform IN ('shopify', 'woocommerce')),
        address TEXT NOT NULL,
        name TEXT NOT NULL DEFAULT '',
        notify_customer INTEGER NOT NULL DEFAULT 1,
        watermark TEXT NOT NULL DEFAULT '',
        last_poll_at INTEGER,
        last_error TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        UNIQUE (user_id, platform, address)
      );
      CREATE TABLE shop_orders (
        connection_id INTEGER NOT NULL REFERENCES shop_connections(id) ON DELETE CASCADE,
        shop_order_id TEXT NOT NULL,
        client_id INTEGER NOT NULL,
        order_ref TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (connection_id, shop_order_id)
      );
      CREATE INDEX shop_orders_by_ref ON shop_orders(client_id, order_ref);
      CREATE TABLE shop_fulfilments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        connection_id INTEGER NOT NULL REFERENCES shop_connections(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        shipment_id INTEGER NOT NULL,
        shop_order_id TEXT NOT NULL,
        order_ref TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('fulfil', 'cancel')),
        body TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT NOT NULL DEFAULT '',
        remote_id TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        sent_at INTEGER
      );
      CREATE INDEX shop_fulfilments_due ON shop_fulfilments(state, next_attempt_at);
      CREATE INDEX shop_fulfilments_by_shipment ON shop_fulfilments(shipment_id, id);
      CREATE TABLE shop_attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        fulfilment_id INTEGER NOT NULL REFERENCES shop_fulfilments(id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        status INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        answer TEXT NOT NULL
      );
      CREATE INDEX shop_attempts_by_fulfilment ON shop_attempts(fulfilment_id, id);
    `);
  },
};
