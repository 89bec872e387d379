// The station's sync state: each shipment's remote id and sync state, the outbox of changes the remote must learn
// about (written in the same transaction as the change), and a small settings table (the station's prefix).
import type { Migration } from '../migration';

export const migration0002: Migration = {
  version: 2,
  name: 'outbox-and-sync',
  up(db) {
    db.exec(`
      ALTER TABLE shipments ADD COLUMN remote_id INTEGER;
      ALTER TABLE shipments ADD COLUMN sync_state TEXT NOT NULL DEFAULT 'none'
        CHECK (sync_state IN ('none', 'pending', 'synced', 'attention', 'gone'));
      ALTER TABLE shipments ADD COLUMN sync_error TEXT NOT NULL DEFAULT '';
      ALTER TABLE shipments ADD COLUMN refreshed_at INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX shipments_by_sync_state ON shipments(sync_state, refreshed_at) WHERE sync_state != 'none';
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        shipment_id INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('create', 'amend', 'delete', 'confirm')),
        payload TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'parked')),
        attempts INTEGER NOT NULL DEFAULT 0,
        maybe_sent INTEGER NOT NULL DEFAULT 0 CHECK (maybe_sent IN (0, 1)),
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        done_at INTEGER
      );
      CREATE INDEX outbox_open ON outbox(state, id) WHERE state != 'done';
      CREATE INDEX outbox_by_shipment ON outbox(shipment_id, id);
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `);
  },
};
