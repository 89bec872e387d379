// A courier's payments of the cash on delivery it collected, typed at the bench or imported from its remittance list,
// and the parcels each one pays (a parcel may be paid in parts). An imported file is known by its hash, once per user,
// so the same file imported twice pays nothing twice. Money in integer cents.
import type { Migration } from '../migration';

export const migration0022: Migration = {
  version: 22,
  name: 'cod-payments',
  up(db) {
    db.exec(`
      CREATE TABLE cod_payments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        courier INTEGER NOT NULL,
        paid_on TEXT NOT NULL,
        amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
        reference TEXT NOT NULL DEFAULT '',
        source TEXT NOT NULL CHECK (source <> ''),
        file_hash TEXT,
        created_at INTEGER NOT NULL,
        UNIQUE (user_id, file_hash)
      );
      CREATE TABLE cod_payment_items (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        payment_id INTEGER NOT NULL REFERENCES cod_payments(id) ON DELETE CASCADE,
        shipment_id INTEGER NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
        UNIQUE (payment_id, shipment_id)
      );
      CREATE INDEX cod_payment_items_by_shipment ON cod_payment_items(shipment_id);
    `);
  },
};
