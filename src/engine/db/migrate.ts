// Numbered migrations: each runs in its own transaction that also sets user_version, so a crash leaves the file at
// a whole version. Released migrations are never edited, only added to (ARCHITECTURE.md §4).
import type Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations';

export type { Migration } from './migration';

export function currentVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Migrates up to `target` (default: the newest). Refuses a file written by a newer version of the program. */
export function migrate(db: Database.Database, target = MIGRATIONS.length): void {
  const from = currentVersion(db);
  if (from > MIGRATIONS.length) {
    throw new Error(`database version ${from} is newer than this program (${MIGRATIONS.length}); update the program`);
  }
  for (const migration of MIGRATIONS) {
    if (migration.version <= from || migration.version > target) continue;
    const keysOff = migration.rebuildsReferenced === true && db.pragma('foreign_keys', { simple: true }) === 1;
    if (keysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        migration.up(db);
        if (keysOff) refuseBrokenKeys(db, migration.version);
        db.pragma(`user_version = ${migration.version}`);
      }).immediate();
    } finally {
      if (keysOff) db.pragma('foreign_keys = ON');
    }
  }
}

/** A migration run with foreign keys off must leave every row's keys whole, as they would have been checked. */
function refuseBrokenKeys(db: Database.Database, version: number): void {
  const broken = db.pragma('foreign_key_check');
  if (Array.isArray(broken) && broken.length > 0)
    throw new Error(`migration ${version}: ${broken.length} row(s) refer to rows that do not exist`);
}
