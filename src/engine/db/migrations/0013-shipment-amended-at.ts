// When a shipment was last amended (PATCH): its label is not made again (spec, States), so the bench's detail says
// the printed label still shows the data of before. A column of its own, not date_upd, which every state change and
// every answer from the remote moves; empty for a shipment never amended (all of them before this version).
import type { Migration } from '../migration';

export const migration0013: Migration = {
  version: 13,
  name: 'shipment-amended-at',
  up(db) {
    db.exec(`ALTER TABLE shipments ADD COLUMN amended_at TEXT NOT NULL DEFAULT ''`);
  },
};
