// Each outbox row says which version of its kind's schema wrote it (outbox/rows.ts), so a station reading a row
// written by a newer one parks it with the reason instead of guessing. Rows written before carry version 1.
import type { Migration } from '../migration';

export const migration0007: Migration = {
  version: 7,
  name: 'outbox-row-version',
  up(db) {
    db.exec('ALTER TABLE outbox ADD COLUMN version INTEGER NOT NULL DEFAULT 1;');
  },
};
