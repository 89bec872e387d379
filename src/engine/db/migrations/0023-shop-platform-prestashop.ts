// Shops may be PrestaShop shops too. SQLite cannot change a CHECK in place, so shop_connections is rebuilt with every
// column, row and index it had; other tables' rows refer to it (which order came from which shop, the fulfilments
// owed, the parcel notices), so the migration runs with foreign keys off (migrate.ts) and they keep their rows.
import type { Migration } from '../migration';
import { rebuildTable } from '../rebuildTable';

export const migration0023: Migration = {
  version: 23,
  name: 'shop-platform-prestashop',
  rebuildsReferenced: true,
  up(db) {
    rebuildTable(db, 'shop_connections', {
      columns: () => `
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL,
        client_id INTEGER NOT NULL,
        platform TEXT NOT NULL CHECK (platform IN ('shopify', 'woocommerce', 'prestashop')),
        address TEXT NOT NULL,
        name TEXT NOT NULL DEFAULT '',
        notify_customer INTEGER NOT NULL DEFAULT 1,
        watermark TEXT NOT NULL DEFAULT '',
        last_poll_at INTEGER,
        last_error TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        UNIQUE (user_id, platform, address)`,
    });
  },
};
