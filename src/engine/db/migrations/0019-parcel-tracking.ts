// A departed parcel's states as the bench saw them (each change once, with when it was first seen and the courier's
// own words), and when the bench asks next about each confirmed shipment: at most once an hour, and never again once
// the parcel is delivered or back at the sender.
import type { Migration } from '../migration';

export const migration0019: Migration = {
  version: 19,
  name: 'parcel-tracking',
  up(db) {
    db.exec(`
      CREATE TABLE parcel_states (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        shipment_id INTEGER NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        code INTEGER NOT NULL,
        words TEXT NOT NULL,
        kind TEXT NOT NULL,
        seen_at INTEGER NOT NULL
      );
      CREATE INDEX parcel_states_by_shipment ON parcel_states(shipment_id, id);
      CREATE TABLE parcel_follow (
        shipment_id INTEGER PRIMARY KEY REFERENCES shipments(id) ON DELETE CASCADE,
        next_at INTEGER NOT NULL,
        checked_at INTEGER,
        final INTEGER NOT NULL DEFAULT 0 CHECK (final IN (0, 1)),
        last_error TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX parcel_follow_due ON parcel_follow(final, next_at);
      CREATE INDEX shipments_confirmed ON shipments(confermato, id);
    `);
  },
};
