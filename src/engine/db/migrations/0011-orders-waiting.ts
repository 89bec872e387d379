// Orders waiting to be shipped: one row per order of a client, its reference unique per client so a file
// imported twice adds nothing; the form's values and the order's lines as JSON, as checked at import. Print jobs gain
// the packing slip (kind 'slip', format 'ESCPOS' for receipt printers): SQLite cannot change a CHECK constraint in
// place, so print_jobs is rebuilt with every column, row and index it had. The copy refers to itself (reprint_of) by
// its own name, which the rename turns into print_jobs; referring to the old table would break at its drop.
import type { Migration } from '../migration';

export const migration0011: Migration = {
  version: 11,
  name: 'orders-waiting',
  up(db) {
    db.exec(`
      CREATE TABLE orders (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        client_id INTEGER NOT NULL,
        order_ref TEXT NOT NULL,
        scan_key TEXT NOT NULL,
        data TEXT NOT NULL,
        lines TEXT NOT NULL DEFAULT '[]',
        source TEXT NOT NULL DEFAULT '',
        state TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'shipped')),
        shipment_id INTEGER,
        created_at INTEGER NOT NULL,
        shipped_at INTEGER,
        UNIQUE (user_id, client_id, order_ref)
      );
      CREATE INDEX orders_by_state ON orders(user_id, state, id);
      CREATE INDEX orders_by_scan_key ON orders(user_id, scan_key);
      CREATE INDEX orders_by_shipment ON orders(shipment_id) WHERE shipment_id IS NOT NULL;

      CREATE TABLE print_jobs_v11 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        printer_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('label', 'manifest', 'test', 'slip')),
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
        reprint_of INTEGER REFERENCES print_jobs_v11(id),
        reprint_reason TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        printed_at INTEGER,
        claimed_by TEXT,
        auto_resends INTEGER NOT NULL DEFAULT 0
      );
      INSERT INTO print_jobs_v11 (id, printer_id, kind, shipment_id, n_collo, manifest_id, format, content, state,
        reason, attempts, batch_id, reprint_of, reprint_reason, created_at, updated_at, printed_at, claimed_by,
        auto_resends)
      SELECT id, printer_id, kind, shipment_id, n_collo, manifest_id, format, content, state, reason,
        attempts, batch_id, reprint_of, reprint_reason, created_at, updated_at, printed_at, claimed_by, auto_resends
      FROM print_jobs;

      DROP TABLE print_jobs;
      ALTER TABLE print_jobs_v11 RENAME TO print_jobs;
      CREATE INDEX print_jobs_queue ON print_jobs(printer_id, state, id);
      CREATE UNIQUE INDEX print_jobs_label_once ON print_jobs(printer_id, shipment_id, n_collo)
        WHERE kind = 'label' AND reprint_of IS NULL;
      CREATE UNIQUE INDEX print_jobs_slip_once ON print_jobs(printer_id, shipment_id)
        WHERE kind = 'slip' AND reprint_of IS NULL;
    `);
  },
};
