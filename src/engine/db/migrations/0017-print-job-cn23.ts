// Print jobs gain the postal CN23 (kind 'cn23': a PDF on the bench's document printer beside the invoice copies, one
// job per copy, n_collo numbering the copy so each prints once). Its own kind, not an 'invoice' copy: the queue names
// the paper it holds, and its copies are numbered apart from the invoice's. SQLite cannot change a CHECK constraint in
// place, so print_jobs is rebuilt as migration 16 did, with every column, row and index it had.
import type { Migration } from '../migration';

export const migration0017: Migration = {
  version: 17,
  name: 'print-job-cn23',
  up(db) {
    db.exec(`
      CREATE TABLE print_jobs_v17 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        printer_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('label', 'manifest', 'test', 'slip', 'invoice', 'cn23')),
        shipment_id INTEGER,
        n_collo INTEGER,
        manifest_id INTEGER,
        format TEXT NOT NULL CHECK (format IN ('ZPL', 'PDF', 'ESCPOS')),
        content BLOB NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending'
          CHECK (state IN ('pending', 'sending', 'printed', 'held', 'failed', 'cancelled')),
        reason TEXT NOT NULL DEFAULT '',
        attempts INTEGER NOT NULL DEFAULT 0,
        batch_id TEXT,
        reprint_of INTEGER REFERENCES print_jobs_v17(id),
        reprint_reason TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        printed_at INTEGER,
        claimed_by TEXT,
        auto_resends INTEGER NOT NULL DEFAULT 0
      );
      INSERT INTO print_jobs_v17 (id, printer_id, kind, shipment_id, n_collo, manifest_id, format, content, state,
        reason, attempts, batch_id, reprint_of, reprint_reason, created_at, updated_at, printed_at, claimed_by,
        auto_resends)
      SELECT id, printer_id, kind, shipment_id, n_collo, manifest_id, format, content, state, reason,
        attempts, batch_id, reprint_of, reprint_reason, created_at, updated_at, printed_at, claimed_by, auto_resends
      FROM print_jobs;

      DROP TABLE print_jobs;
      ALTER TABLE print_jobs_v17 RENAME TO print_jobs;
      CREATE INDEX print_jobs_queue ON print_jobs(printer_id, state, id);
      CREATE UNIQUE INDEX print_jobs_label_once ON print_jobs(printer_id, shipment_id, n_collo)
        WHERE kind = 'label' AND reprint_of IS NULL;
      CREATE UNIQUE INDEX print_jobs_slip_once ON print_jobs(printer_id, shipment_id)
        WHERE kind = 'slip' AND reprint_of IS NULL;
      CREATE UNIQUE INDEX print_jobs_invoice_once ON print_jobs(printer_id, shipment_id, n_collo)
        WHERE kind = 'invoice' AND reprint_of IS NULL;
      CREATE UNIQUE INDEX print_jobs_cn23_once ON print_jobs(printer_id, shipment_id, n_collo)
        WHERE kind = 'cn23' AND reprint_of IS NULL;
    `);
  },
};
