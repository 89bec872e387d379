// Shipping rules: each user's ordered list, kept whole as the versioned JSON the Settings page edits and exports (a
// list is read and written as one: its order is its meaning). Orders keep what the rules chose for them at import,
// and why ('' when they were imported before there were rules, or none matched and nothing was said).
import type { Migration } from '../migration';

export const migration0028: Migration = {
  version: 28,
  name: 'shipping-rules',
  up(db) {
    db.exec(`
      CREATE TABLE shipping_rules (
        user_id INTEGER PRIMARY KEY REFERENCES users(id),
        doc TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
      ALTER TABLE orders ADD COLUMN rule_outcome TEXT NOT NULL DEFAULT ''`);
  },
};
