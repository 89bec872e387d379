// The bench's product list: the customs facts of each SKU a shop ships outside the EU (English description, HS code,
// origin, unit net weight, unit value), one row per user and SKU. sku_key is the SKU trimmed and upper-cased, so an
// order's "ab-12 " finds the product saved as "AB-12"; sku keeps it as the shop wrote it.
import type { Migration } from '../migration';

export const migration0015: Migration = {
  version: 15,
  name: 'products',
  up(db) {
    db.exec(`
      CREATE TABLE products (
        user_id INTEGER NOT NULL REFERENCES users(id),
        sku_key TEXT NOT NULL,
        sku TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        hs_code TEXT NOT NULL DEFAULT '',
        origin TEXT NOT NULL DEFAULT '',
        unit_weight REAL NOT NULL DEFAULT 0,
        unit_value REAL NOT NULL DEFAULT 0,
        currency TEXT NOT NULL DEFAULT '',
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, sku_key)
      )`);
  },
};
