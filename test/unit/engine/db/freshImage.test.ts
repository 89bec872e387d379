// A new database written whole from the migrated image (freshImage.ts): the same database as one migrated from zero
// on its file (every schema entry, every row the migrations seed, the version, the page size, whole and with every
// key), 0600 from its first byte, in-memory databases made from it independent of each other, and a file that is
// already there never replaced.
import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedImage, writeFreshDatabase } from '../../../../src/engine/db/freshImage';
import { migrate } from '../../../../src/engine/db/migrate';
import { MIGRATIONS } from '../../../../src/engine/db/migrations';
import { openDatabase, type Db } from '../../../../src/engine/db/open';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  removeTempDirs();
});
const track = (db: Db): Db => {
  open.push(db);
  return db;
};

/** Everything a database holds that the program can see: its schema, its rows, its version and page size. */
function contents(db: Db) {
  const schema = db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_autoindex%' ORDER BY name",
    )
    .all() as { type: string; name: string; sql: string | null }[];
  const rows: Record<string, unknown[]> = {};
  for (const { type, name } of schema) {
    if (type !== 'table') continue;
    const all = db
      .prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`)
      .raw()
      .all() as unknown[][];
    rows[name] = all
      .map((row) => JSON.stringify(row, (_, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v)))
      .sort();
  }
  return {
    schema,
    rows,
    version: db.pragma('user_version', { simple: true }),
    pageSize: db.pragma('page_size', { simple: true }),
    autoVacuum: db.pragma('auto_vacuum', { simple: true }),
    encoding: db.pragma('encoding', { simple: true }),
  };
}

/** A file migrated from zero the way every new file was before the image: 37 transactions on the file itself. */
function migratedOnFile(file: string): Db {
  writeFileSync(file, '', { mode: 0o600 });
  const db = track(new Database(file));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

describe('a new database from the migrated image', () => {
  it('is the database the migrations make on a file, whole, at the newest version', () => {
    const dir = tempDir('fresh-image-');
    const fresh = track(openDatabase(join(dir, 'fresh.sqlite')));
    const migrated = migratedOnFile(join(dir, 'migrated.sqlite'));
    const made = contents(fresh);
    expect(made.version).toBe(MIGRATIONS.length);
    expect(made.schema.length).toBeGreaterThan(30);
    expect(made).toEqual(contents(migrated));
    expect(fresh.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(fresh.pragma('foreign_key_check')).toEqual([]);
    expect(fresh.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(fresh.pragma('foreign_keys', { simple: true })).toBe(1);
    // Written and used as any database: a row in, read back after reopening.
    fresh.prepare("INSERT INTO users (id, key_hash, label) VALUES (1, 'hash', 'banco 1')").run();
    fresh.close();
    open.splice(open.indexOf(fresh), 1);
    const again = track(openDatabase(join(dir, 'fresh.sqlite')));
    expect(again.prepare('SELECT label FROM users WHERE id = 1').get()).toEqual({ label: 'banco 1' });
  });

  it('is the same in memory, and each in-memory database is its own', () => {
    const one = track(openDatabase(':memory:'));
    const two = track(openDatabase(':memory:'));
    const before = Buffer.from(migratedImage());
    expect(contents(one)).toEqual(contents(migratedOnFile(join(tempDir('fresh-image-'), 'migrated.sqlite'))));
    one.prepare("INSERT INTO users (id, key_hash, label) VALUES (1, 'hash', 'banco 1')").run();
    expect(two.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 0 });
    expect(migratedImage().equals(before)).toBe(true);
  });

  it('is written 0600 and leaves no temporary file beside it', () => {
    const dir = tempDir('fresh-image-');
    const file = join(dir, 'data', 'engine.sqlite');
    track(openDatabase(file));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(dir, 'data')).filter((name) => name.includes('.fresh-'))).toEqual([]);
  });

  it('never replaces a file that is there, even an empty one', () => {
    const dir = tempDir('fresh-image-');
    const kept = join(dir, 'kept.sqlite');
    const db = track(openDatabase(kept));
    db.prepare("INSERT INTO users (id, key_hash, label) VALUES (1, 'hash', 'banco 1')").run();
    db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = readFileSync(kept);
    expect(writeFreshDatabase(kept)).toBe(false);
    expect(readFileSync(kept).equals(bytes)).toBe(true);

    const empty = join(dir, 'empty.sqlite');
    writeFileSync(empty, '', { mode: 0o600 });
    expect(writeFreshDatabase(empty)).toBe(false);
    expect(statSync(empty).size).toBe(0);
    // An empty file is a database with nothing in it yet: migrated from zero on the file, as before the image.
    const migrated = track(openDatabase(empty));
    expect(migrated.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(readdirSync(dir).filter((name) => name.includes('.fresh-'))).toEqual([]);
    expect(existsSync(kept)).toBe(true);
  });
});
