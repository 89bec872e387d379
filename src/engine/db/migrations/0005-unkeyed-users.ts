// Key hashes were unsalted SHA-256, which anyone holding a copy of the file can test guesses against. This removes
// every one: rows keep their id and client ids and are marked unkeyed; at the next start the configured keys adopt
// them again by client id (HMAC with the installation's secret on the service, nothing at all on a station).
import type { Migration } from '../migration';

export const migration0005: Migration = {
  version: 5,
  name: 'unkeyed-users',
  up(db) {
    // Zero the freed bytes too, or the old hashes would stay readable in free pages of the file.
    const secureDelete = db.pragma('secure_delete', { simple: true }) as number;
    db.pragma('secure_delete = ON');
    try {
      db.exec("UPDATE users SET key_hash = 'unkeyed:' || id");
    } finally {
      db.pragma(`secure_delete = ${secureDelete}`);
    }
  },
};
