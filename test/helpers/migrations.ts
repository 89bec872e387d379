// For the migration tests: a real SQLite file at a chosen schema version, and an old shipment row written the way
// that version's engine wrote one (user 1, client 1001, ddt_num 7, one ZPL parcel), with the columns a test cares
// about changed.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { migrate } from '../../src/engine/db/migrate';
import { tempDir } from './tmp';

/** A new database file migrated up to `version` (0: an empty file). Close it in the test's finally. */
export function databaseAt(version: number): Database.Database {
  const db = new Database(join(tempDir('migration-test-'), `v${version}.sqlite`));
  if (version > 0) migrate(db, version);
  return db;
}

const SHIPMENT_ROW = {
  user_id: 1,
  client_id: 1001,
  ddt_num: 7,
  ddt_alpha: 'A-7',
  corriere: 70,
  servizio: 1,
  colli: 1,
  peso: 2,
  volume: 0.01,
  state: 'ok',
  label_formats: 'ZPL',
  data: '{}',
  created_at: 'x',
  date_upd: 'x',
};

/** User 1 (if missing) and one shipment row with these columns changed; returns the shipment's id. */
export function insertOldShipment(db: Database.Database, changes: Record<string, string | number> = {}): number {
  db.prepare("INSERT OR IGNORE INTO users (id, key_hash) VALUES (1, 'h')").run();
  const row = { ...SHIPMENT_ROW, ...changes };
  const columns = Object.keys(row);
  const insert = db.prepare(
    `INSERT INTO shipments (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  );
  return Number(insert.run(row).lastInsertRowid);
}
