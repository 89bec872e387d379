// The bench's box presets: each user's named boxes (inner sizes, tare, most weight) and the one-character key that
// picks one at the scan. name_key is the name trimmed and upper-cased, so "scatola m" finds "Scatola M"; a key is
// unique per user where one is given ('' none, which many boxes may share).
import type { Migration } from '../migration';

export const migration0026: Migration = {
  version: 26,
  name: 'box-presets',
  up(db) {
    db.exec(`
      CREATE TABLE box_presets (
        user_id INTEGER NOT NULL REFERENCES users(id),
        name_key TEXT NOT NULL,
        name TEXT NOT NULL,
        key TEXT NOT NULL DEFAULT '',
        length REAL NOT NULL,
        width REAL NOT NULL,
        height REAL NOT NULL,
        tare REAL NOT NULL DEFAULT 0,
        max_weight REAL NOT NULL DEFAULT 0,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, name_key)
      );
      CREATE UNIQUE INDEX box_presets_by_key ON box_presets (user_id, key) WHERE key <> ''`);
  },
};
