// Items checked by scan: a product's EAN/GTIN and the shop's own barcode beside its SKU, each code held by one SKU
// of a user only (product_codes' key refuses a second, so a scan never has to guess between two items), and each
// shipment's packing proof: the item scans made at the bench, wrong ones too, and the override with its reason.
import type { Migration } from '../migration';

export const migration0027: Migration = {
  version: 27,
  name: 'item-codes-and-packing',
  up(db) {
    db.exec(`
      ALTER TABLE products ADD COLUMN ean TEXT NOT NULL DEFAULT '';
      ALTER TABLE products ADD COLUMN barcode TEXT NOT NULL DEFAULT '';
      CREATE TABLE product_codes (
        user_id INTEGER NOT NULL,
        code_key TEXT NOT NULL,
        sku_key TEXT NOT NULL,
        PRIMARY KEY (user_id, code_key),
        FOREIGN KEY (user_id, sku_key) REFERENCES products(user_id, sku_key) ON DELETE CASCADE
      );
      CREATE INDEX product_codes_by_sku ON product_codes(user_id, sku_key);

      CREATE TABLE packing_scans (
        shipment_id INTEGER NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        code TEXT NOT NULL,
        sku TEXT NOT NULL DEFAULT '',
        outcome TEXT NOT NULL CHECK (outcome IN ('counted', 'wrong', 'tooMany', 'shared'))
      );
      CREATE INDEX packing_scans_by_shipment ON packing_scans(shipment_id, at);
      CREATE TABLE packing_overrides (
        shipment_id INTEGER PRIMARY KEY REFERENCES shipments(id) ON DELETE CASCADE,
        reason TEXT NOT NULL,
        at INTEGER NOT NULL
      );
    `);
  },
};
