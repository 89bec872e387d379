// The print spooler's durable queue: one row per job with the exact bytes to send, its state and the reason when held
// or failed. A label is auto-queued at most once per printer (unique index); reprints are new rows that say why.
/* eslint-disable max-len -- a released migration: its SQL stays as it was released (ARCHITECTURE.md §4). */
import type { Migration } from '../migration';

export const migration0003: Migration = {
  version: 3,
  name: 'print-jobs',
  up(db) {
    db.exec(`
      CREATE TABLE print_jobs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        printer_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('label', 'manifest', 'test')),
        shipment_id INTEGER,
        n_collo INTEGER,
        manifest_id INTEGER,
        format TEXT NOT NULL CHECK (format IN ('ZPL', 'PDF')),
        content BLOB NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'printed', 'held', 'failed', 'cancelled')),
        reason TEXT NOT NULL DEFAULT '',
        attempts INTEGER NOT NULL DEFAULT 0,
        batch_id TEXT,
        reprint_of INTEGER REFERENCES print_jobs(id),
        reprint_reason TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        printed_at INTEGER
      );
      CREATE INDEX print_jobs_queue ON print_jobs(printer_id, state, id);
      CREATE UNIQUE INDEX print_jobs_label_once ON print_jobs(printer_id, shipment_id, n_collo)
        WHERE kind = 'label' AND reprint_of IS NULL;
    `);
  },
};
