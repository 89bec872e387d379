// Why a shop's read or a fulfilment or parcel state sent to it failed, by a code the screens say in the bench's
// language (shared/api/shopFailures.ts) and what it speaks of (the missing scopes, why nobody answered, the status).
// Beside the error text, which stays the shop's own words for the details; rows from before keep only their text.
import type { Migration } from '../migration';

const TABLES = ['shop_connections', 'shop_fulfilments', 'parcel_notices'] as const;

export const migration0024: Migration = {
  version: 24,
  name: 'shop-error-codes',
  up(db) {
    for (const table of TABLES) {
      db.exec(`ALTER TABLE ${table} ADD COLUMN last_error_code TEXT NOT NULL DEFAULT ''`);
      db.exec(`ALTER TABLE ${table} ADD COLUMN last_error_detail TEXT NOT NULL DEFAULT ''`);
    }
  },
};
