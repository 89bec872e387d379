// What the operator did about a departed parcel that needed a person ("Da gestire"): the state it answered (null for a
// parcel never heard of since its confirmation), the action from a fixed list, a short note, when and by whom. An
// action closes the parcel's item until a new state is seen; the rows stay as the parcel's story.
import type { Migration } from '../migration';

export const migration0021: Migration = {
  version: 21,
  name: 'parcel-actions',
  up(db) {
    db.exec(`
      CREATE TABLE parcel_actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        shipment_id INTEGER NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        state_id INTEGER REFERENCES parcel_states(id) ON DELETE CASCADE,
        kind TEXT NOT NULL
          CHECK (kind IN ('called', 'redelivery_asked', 'new_address_given', 'return_accepted', 'other')),
        note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 500),
        acted_at INTEGER NOT NULL,
        user_id INTEGER NOT NULL REFERENCES users(id)
      );
      CREATE INDEX parcel_actions_by_shipment ON parcel_actions(shipment_id, id);
    `);
  },
};
