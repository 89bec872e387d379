// The tracking events owed to partner systems: one row per event, written in the transaction of the change
// that causes it (waybill, confirmation, deletion), with its body fixed then, so every attempt sends the same bytes
// under the same event id. No foreign key to the shipment: a deletion's event outlives the shipment it reports.
// Each attempt is logged (status, time, the answer's first characters) for the bench's delivery log.
import type { Migration } from '../migration';

export const migration0009: Migration = {
  version: 9,
  name: 'partner-events',
  up(db) {
    db.exec(`
      CREATE TABLE partner_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL,
        client_id INTEGER NOT NULL,
        shipment_id INTEGER NOT NULL,
        order_id TEXT NOT NULL,
        type TEXT NOT NULL,
        body TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        delivered_at INTEGER
      );
      CREATE INDEX partner_events_due ON partner_events(state, next_attempt_at);
      CREATE INDEX partner_events_by_shipment ON partner_events(shipment_id, id);
      CREATE INDEX partner_events_by_client ON partner_events(client_id, id);
      CREATE TABLE partner_attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        event_row INTEGER NOT NULL REFERENCES partner_events(id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        status INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        answer TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX partner_attempts_by_event ON partner_attempts(event_row, id);
    `);
  },
};
