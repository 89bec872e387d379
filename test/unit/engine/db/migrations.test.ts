// Opening and migrating the engine's SQLite file (STYLE.md example 5): a fresh file reaches the newest version with
// the settings every connection needs, a second run changes nothing, a newer file is refused, and a schema guard
// fails when a migration drops or changes a column the program relies on.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../src/engine/db/migrate';
import { MIGRATIONS } from '../../../../src/engine/db/migrations';
import { openDatabase, type Db } from '../../../../src/engine/db/open';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

interface Column {
  name: string;
  type: string;
  notnull: 0 | 1;
}

/**
 * Every column the program reads, as the newest migration leaves it. A migration may add tables and columns (add
 * them here so they are guarded too); dropping, retyping or loosening one of these fails the guard.
 */
const EXPECTED_COLUMNS: Record<string, Column[]> = {
  users: [
    { name: 'id', type: 'INTEGER', notnull: 0 },
    { name: 'key_hash', type: 'TEXT', notnull: 1 },
    { name: 'label', type: 'TEXT', notnull: 1 },
  ],
  clients: [
    { name: 'client_id', type: 'INTEGER', notnull: 0 },
    { name: 'user_id', type: 'INTEGER', notnull: 1 },
  ],
  manifests: [
    { name: 'id', type: 'INTEGER', notnull: 0 },
    { name: 'user_id', type: 'INTEGER', notnull: 1 },
    { name: 'created_at', type: 'TEXT', notnull: 1 },
    { name: 'client_ids', type: 'TEXT', notnull: 1 },
    { name: 'pdf', type: 'BLOB', notnull: 0 },
  ],
  shipments: [
    { name: 'id', type: 'INTEGER', notnull: 0 },
    { name: 'user_id', type: 'INTEGER', notnull: 1 },
    { name: 'client_id', type: 'INTEGER', notnull: 1 },
    { name: 'ddt_num', type: 'INTEGER', notnull: 1 },
    { name: 'ddt_alpha', type: 'TEXT', notnull: 1 },
    { name: 'corriere', type: 'INTEGER', notnull: 1 },
    { name: 'servizio', type: 'INTEGER', notnull: 1 },
    { name: 'colli', type: 'INTEGER', notnull: 1 },
    { name: 'peso', type: 'REAL', notnull: 1 },
    { name: 'volume', type: 'REAL', notnull: 1 },
    { name: 'state', type: 'TEXT', notnull: 1 },
    { name: 'error', type: 'TEXT', notnull: 1 },
    { name: 'confermato', type: 'INTEGER', notnull: 1 },
    { name: 'num_spedizione', type: 'TEXT', notnull: 1 },
    { name: 'barcode', type: 'TEXT', notnull: 1 },
    { name: 'tracking_link', type: 'TEXT', notnull: 1 },
    { name: 'label_formats', type: 'TEXT', notnull: 1 },
    { name: 'data', type: 'TEXT', notnull: 1 },
    { name: 'created_at', type: 'TEXT', notnull: 1 },
    { name: 'date_upd', type: 'TEXT', notnull: 1 },
    { name: 'confirmed_at', type: 'TEXT', notnull: 0 },
    { name: 'manifest_id', type: 'INTEGER', notnull: 0 },
    { name: 'amended_at', type: 'TEXT', notnull: 1 },
  ],
  parcels: [
    { name: 'shipment_id', type: 'INTEGER', notnull: 1 },
    { name: 'n_collo', type: 'INTEGER', notnull: 1 },
    { name: 'peso', type: 'REAL', notnull: 1 },
    { name: 'volume', type: 'REAL', notnull: 1 },
    { name: 'larghezza', type: 'REAL', notnull: 1 },
    { name: 'lunghezza', type: 'REAL', notnull: 1 },
    { name: 'altezza', type: 'REAL', notnull: 1 },
    { name: 'barcode', type: 'TEXT', notnull: 1 },
  ],
  labels: [
    { name: 'shipment_id', type: 'INTEGER', notnull: 1 },
    { name: 'format', type: 'TEXT', notnull: 1 },
    { name: 'n_collo', type: 'INTEGER', notnull: 1 },
    { name: 'content', type: 'BLOB', notnull: 1 },
  ],
  print_jobs: [
    { name: 'id', type: 'INTEGER', notnull: 0 },
    { name: 'printer_id', type: 'TEXT', notnull: 1 },
    { name: 'state', type: 'TEXT', notnull: 1 },
    { name: 'attempts', type: 'INTEGER', notnull: 1 },
    { name: 'claimed_by', type: 'TEXT', notnull: 0 },
    { name: 'auto_resends', type: 'INTEGER', notnull: 1 },
  ],
  counters: [
    { name: 'name', type: 'TEXT', notnull: 0 },
    { name: 'value', type: 'INTEGER', notnull: 1 },
  ],
  orders: [
    { name: 'id', type: 'INTEGER', notnull: 0 },
    { name: 'user_id', type: 'INTEGER', notnull: 1 },
    { name: 'client_id', type: 'INTEGER', notnull: 1 },
    { name: 'order_ref', type: 'TEXT', notnull: 1 },
    { name: 'scan_key', type: 'TEXT', notnull: 1 },
    { name: 'data', type: 'TEXT', notnull: 1 },
    { name: 'lines', type: 'TEXT', notnull: 1 },
    { name: 'source', type: 'TEXT', notnull: 1 },
    { name: 'shipment_id', type: 'INTEGER', notnull: 0 },
    { name: 'created_at', type: 'INTEGER', notnull: 1 },
    { name: 'rule_outcome', type: 'TEXT', notnull: 1 },
  ],
  weighings: [
    { name: 'shipment_id', type: 'INTEGER', notnull: 1 },
    { name: 'parcel', type: 'INTEGER', notnull: 1 },
    { name: 'kg', type: 'REAL', notnull: 1 },
    { name: 'at', type: 'INTEGER', notnull: 1 },
    { name: 'raw', type: 'TEXT', notnull: 1 },
  ],
  products: [
    { name: 'user_id', type: 'INTEGER', notnull: 1 },
    { name: 'sku_key', type: 'TEXT', notnull: 1 },
    { name: 'sku', type: 'TEXT', notnull: 1 },
    { name: 'description', type: 'TEXT', notnull: 1 },
    { name: 'hs_code', type: 'TEXT', notnull: 1 },
    { name: 'origin', type: 'TEXT', notnull: 1 },
    { name: 'unit_weight', type: 'REAL', notnull: 1 },
    { name: 'unit_value', type: 'REAL', notnull: 1 },
    { name: 'currency', type: 'TEXT', notnull: 1 },
    { name: 'updated_at', type: 'INTEGER', notnull: 1 },
  ],
  box_presets: [
    { name: 'user_id', type: 'INTEGER', notnull: 1 },
    { name: 'name_key', type: 'TEXT', notnull: 1 },
    { name: 'name', type: 'TEXT', notnull: 1 },
    { name: 'key', type: 'TEXT', notnull: 1 },
    { name: 'length', type: 'REAL', notnull: 1 },
    { name: 'width', type: 'REAL', notnull: 1 },
    { name: 'height', type: 'REAL', notnull: 1 },
    { name: 'tare', type: 'REAL', notnull: 1 },
    { name: 'max_weight', type: 'REAL', notnull: 1 },
    { name: 'updated_at', type: 'INTEGER', notnull: 1 },
  ],
  shipping_rules: [
    { name: 'user_id', type: 'INTEGER', notnull: 0 },
    { name: 'doc', type: 'TEXT', notnull: 1 },
    { name: 'updated_at', type: 'INTEGER', notnull: 1 },
  ],
};

const EXPECTED_INDEXES = [
  'shipments_by_client_ddt_alpha',
  'shipments_by_client_ddt_num',
  'shipments_by_client_departing',
  'shipments_by_state',
  'orders_by_user',
  'orders_by_scan_key',
  'weighings_by_shipment',
  'box_presets_by_key',
];

let dir: string;
let file: string;
const open: Db[] = [];

function openTracked(path = file): Db {
  const db = openDatabase(path);
  open.push(db);
  return db;
}

function names(db: Db, type: 'table' | 'index'): string[] {
  return (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all(type) as { name: string }[]
  ).map((row) => row.name);
}

function columnsOf(db: Db, table: string): Column[] {
  return (db.prepare(`PRAGMA table_info(${table})`).all() as Column[]).map(({ name, type, notnull }) => ({
    name,
    type,
    notnull,
  }));
}

function schemaText(db: Db): string[] {
  return (
    db.prepare('SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name').all() as { sql: string }[]
  ).map((r) => r.sql);
}

beforeEach(() => {
  dir = tempDir('station-migrations-');
  file = join(dir, 'nested', 'station.sqlite');
});

afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  removeTempDirs();
});

describe('opening the engine database', () => {
  it('numbers the migrations 1, 2, 3… in the order they run', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('creates and migrates a fresh file to the newest version', () => {
    const db = openTracked();
    expect(currentVersion(db)).toBe(MIGRATIONS.length);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  });

  it('creates every table and index the engine uses', () => {
    const db = openTracked();
    expect(names(db, 'table')).toEqual(expect.arrayContaining(Object.keys(EXPECTED_COLUMNS)));
    expect(names(db, 'index')).toEqual(expect.arrayContaining(EXPECTED_INDEXES));
  });

  it('turns foreign keys on, so a client cannot point at a missing user', () => {
    const db = openTracked();
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() => db.prepare('INSERT INTO clients (client_id, user_id) VALUES (1001, 42)').run()).toThrow(
      /FOREIGN KEY constraint failed/,
    );
  });

  it('uses write-ahead logging', () => {
    const db = openTracked();
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('changes nothing when the file is opened and migrated again, and keeps its data', () => {
    const first = openTracked();
    first.prepare("INSERT INTO users (id, key_hash, label) VALUES (1, 'hash', 'banco 1')").run();
    const schema = schemaText(first);
    migrate(first);
    expect(schemaText(first)).toEqual(schema);
    first.close();

    const again = openTracked();
    expect(currentVersion(again)).toBe(MIGRATIONS.length);
    expect(schemaText(again)).toEqual(schema);
    expect(again.prepare('SELECT label FROM users WHERE id = 1').get()).toEqual({ label: 'banco 1' });
  });

  it('refuses a file written by a newer version of the program, and leaves it as it was', () => {
    const newer = MIGRATIONS.length + 1;
    const raw = new Database(join(dir, 'newer.sqlite'));
    raw.pragma(`user_version = ${newer}`);
    raw.close();

    expect(() => openTracked(join(dir, 'newer.sqlite'))).toThrow(
      `database version ${newer} is newer than this program (${MIGRATIONS.length}); update the program`,
    );
    const check = new Database(join(dir, 'newer.sqlite'), { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(newer);
    expect(check.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get()).toEqual({ n: 0 });
    check.close();
  });
});

describe('schema guard', () => {
  for (const [table, expected] of Object.entries(EXPECTED_COLUMNS)) {
    it(`keeps every column of ${table} with its type and NOT NULL`, () => {
      const db = openTracked();
      const wanted = new Set(expected.map((c) => c.name));
      const actual = columnsOf(db, table);
      expect(actual.filter((c) => wanted.has(c.name))).toEqual(expected);
    });
  }
});
