// A shop order shipped at another bench of a shared queue: its fulfilment names the hub's shipment in a column of its
// own (it was the hub's id negated in shipment_id), the bench with the shop follows that parcel (hub_parcels) and tells
// the shop its states (parcel_notices of that fulfilment), and an order whose hub shipment has no waybill yet is read
// again on a schedule (elsewhere_rereads), not every pass. Both tables rebuilt are referred to: foreign keys off.
import type { Migration } from '../migration';
import { rebuildTable } from '../rebuildTable';

const QUEUE_COLUMNS = `
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT NOT NULL DEFAULT '',
        remote_id TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        sent_at INTEGER,
        last_error_code TEXT NOT NULL DEFAULT '',
        last_error_detail TEXT NOT NULL DEFAULT ''`;

export const migration0033: Migration = {
  version: 33,
  name: 'hub-shipments-followed',
  rebuildsReferenced: true,
  up(db) {
    rebuildTable(db, 'shop_fulfilments', {
      columns: () => `
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        connection_id INTEGER NOT NULL REFERENCES shop_connections(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        shipment_id INTEGER,
        hub_shipment_id INTEGER,
        shop_order_id TEXT NOT NULL,
        order_ref TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('fulfil', 'cancel')),
        body TEXT NOT NULL,${QUEUE_COLUMNS},
        CHECK ((shipment_id IS NULL) <> (hub_shipment_id IS NULL))`,
      from: {
        shipment_id: 'CASE WHEN shipment_id < 0 THEN NULL ELSE shipment_id END',
        hub_shipment_id: 'CASE WHEN shipment_id < 0 THEN -shipment_id END',
      },
    });
    rebuildTable(db, 'parcel_notices', {
      columns: () => `
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        shipment_id INTEGER REFERENCES shipments(id) ON DELETE CASCADE,
        hub_fulfilment_id INTEGER REFERENCES shop_fulfilments(id) ON DELETE CASCADE,
        channel TEXT NOT NULL CHECK (channel IN ('shop', 'mail')),
        event TEXT NOT NULL,
        connection_id INTEGER REFERENCES shop_connections(id) ON DELETE CASCADE,
        body TEXT NOT NULL,${QUEUE_COLUMNS},
        CHECK ((shipment_id IS NULL) <> (hub_fulfilment_id IS NULL)),
        UNIQUE (shipment_id, channel, event),
        UNIQUE (hub_fulfilment_id, channel, event)`,
    });
    db.exec(`
      CREATE INDEX shop_fulfilments_by_hub ON shop_fulfilments(connection_id, hub_shipment_id)
        WHERE hub_shipment_id IS NOT NULL;
      CREATE TABLE hub_parcels (
        fulfilment_id INTEGER PRIMARY KEY REFERENCES shop_fulfilments(id) ON DELETE CASCADE,
        next_at INTEGER NOT NULL,
        checked_at INTEGER,
        final INTEGER NOT NULL DEFAULT 0 CHECK (final IN (0, 1)),
        last_error TEXT NOT NULL DEFAULT '',
        code INTEGER,
        words TEXT NOT NULL DEFAULT '',
        seen_at INTEGER
      );
      CREATE INDEX hub_parcels_due ON hub_parcels(final, next_at);
      INSERT INTO hub_parcels (fulfilment_id, next_at)
        SELECT id, 0 FROM shop_fulfilments WHERE hub_shipment_id IS NOT NULL AND kind = 'fulfil';
      CREATE TABLE elsewhere_rereads (
        order_id INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
        since INTEGER NOT NULL,
        next_at INTEGER NOT NULL
      );
    `);
  },
};
