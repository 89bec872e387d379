// Labels a person asked to print once they exist (a connected bench's return, printed when the remote answers): kept
// here, not in the station's memory, so the print survives a restart between the ask and the remote's answer. And a
// shipment's label jobs found by shipment alone: at start the station looks for labels never queued on any printer.
import type { Migration } from '../migration';

export const migration0034: Migration = {
  version: 34,
  name: 'label-prints-asked',
  up(db) {
    db.exec(`
      CREATE TABLE label_prints_asked (
        shipment_id INTEGER PRIMARY KEY REFERENCES shipments(id) ON DELETE CASCADE,
        asked_at INTEGER NOT NULL
      );
      CREATE INDEX print_jobs_by_shipment ON print_jobs(shipment_id) WHERE kind = 'label'`);
  },
};
