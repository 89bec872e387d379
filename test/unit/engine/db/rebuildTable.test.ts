// The table rebuild new migrations use (SQLite cannot change a CHECK or a column in place), on a real SQLite file
// opened as the engine opens it (foreign keys on) and inside a migration's transaction.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rebuildTable, type TableRebuild } from '../../../../src/engine/db/rebuildTable';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

afterAll(removeTempDirs);

/** A print queue like print_jobs: a CHECK on its kind, a reprint referring to its job, indexes and a trigger. */
const JOBS = (self: string, kinds: string) => `
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  printer TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN (${kinds})),
  content BLOB NOT NULL,
  reprint_of INTEGER REFERENCES ${self}(id)`;

let db: Database.Database | undefined;
afterEach(() => db?.close());

function queue(): Database.Database {
  const opened = new Database(join(tempDir('rebuild-table-'), 'station.sqlite'));
  opened.pragma('journal_mode = WAL');
  opened.pragma('foreign_keys = ON');
  opened.exec(`
    CREATE TABLE jobs (${JOBS('jobs', "'label', 'slip'")});
    CREATE INDEX jobs_queue ON jobs(printer, id);
    CREATE UNIQUE INDEX jobs_label_once ON jobs(printer, content) WHERE kind = 'label' AND reprint_of IS NULL;
    CREATE TABLE printed (job INTEGER NOT NULL);
    CREATE TRIGGER jobs_printed AFTER INSERT ON jobs BEGIN INSERT INTO printed (job) VALUES (new.id); END;
    INSERT INTO jobs (id, printer, kind, content, reprint_of) VALUES (5, 'banco', 'label', x'5E5841', NULL);
    INSERT INTO jobs (id, printer, kind, content, reprint_of) VALUES (2, 'banco', 'slip', x'1B40', NULL);
  `);
  // A row referring to a later one: the copy must not depend on the order it reads rows in.
  opened.exec('UPDATE jobs SET reprint_of = 5 WHERE id = 2');
  db = opened;
  return opened;
}

const schemaOf = (of: Database.Database, type: string) =>
  of.prepare('SELECT name, sql FROM sqlite_master WHERE type = ? ORDER BY name').all(type);

describe('rebuilding a table in a migration', () => {
  it('keeps every row, index, trigger and its reference to itself, with the new CHECK', () => {
    const jobs = queue();
    const rows = jobs.prepare('SELECT * FROM jobs ORDER BY id').all();
    const indexes = schemaOf(jobs, 'index');
    const triggers = schemaOf(jobs, 'trigger');
    jobs.transaction(() => rebuildTable(jobs, 'jobs', { columns: (self) => JOBS(self, "'label', 'slip', 'cn23'") }))();

    expect(jobs.prepare('SELECT * FROM jobs ORDER BY id').all()).toEqual(rows);
    expect(schemaOf(jobs, 'index')).toEqual(indexes);
    expect(schemaOf(jobs, 'trigger')).toEqual(triggers);
    expect(jobs.pragma('foreign_key_list(jobs)')).toMatchObject([{ table: 'jobs', from: 'reprint_of', to: 'id' }]);
    expect(jobs.pragma('foreign_keys', { simple: true })).toBe(1);

    jobs.prepare("INSERT INTO jobs (printer, kind, content) VALUES ('banco', 'cn23', x'25504446')").run();
    expect(() =>
      jobs.prepare("INSERT INTO jobs (printer, kind, content) VALUES ('banco', 'label', x'5E5841')").run(),
    ).toThrow(/UNIQUE/);
    expect(() =>
      jobs.prepare("INSERT INTO jobs (printer, kind, content, reprint_of) VALUES ('b', 'slip', x'00', 99)").run(),
    ).toThrow(/FOREIGN KEY/);
    expect(jobs.prepare('SELECT job FROM printed').all()).toEqual([{ job: 5 }, { job: 2 }, { job: 6 }]);
  });

  it('fills a new column from the old row, drops a column the new table lacks and the index on it', () => {
    const jobs = queue();
    const rebuild: TableRebuild = {
      columns: (self) => `id INTEGER PRIMARY KEY, printer TEXT NOT NULL, kind TEXT NOT NULL,
        reprint_of INTEGER REFERENCES ${self}(id), size INTEGER NOT NULL, note TEXT NOT NULL DEFAULT ''`,
      from: { size: 'length(content)' },
    };
    expect(() => rebuildTable(jobs, 'jobs', rebuild)).toThrow(/jobs_label_once cannot be made again/);
    rebuildTable(jobs, 'jobs', { ...rebuild, drop: ['jobs_label_once'] });
    expect(schemaOf(jobs, 'index')).toMatchObject([{ name: 'jobs_queue' }]);
    expect(jobs.prepare('SELECT id, kind, size, note, reprint_of FROM jobs ORDER BY id').all()).toEqual([
      { id: 2, kind: 'slip', size: 2, note: '', reprint_of: 5 },
      { id: 5, kind: 'label', size: 3, note: '', reprint_of: null },
    ]);
  });

  it('refuses, changing nothing, a table that another table’s rows refer to', () => {
    const jobs = queue();
    jobs.exec('CREATE TABLE copies (job INTEGER REFERENCES jobs(id)); INSERT INTO copies VALUES (5);');
    const before = jobs.prepare("SELECT sql FROM sqlite_master WHERE name = 'jobs'").get();
    expect(() =>
      jobs.transaction(() => rebuildTable(jobs, 'jobs', { columns: (self) => JOBS(self, "'label'") }))(),
    ).toThrow(/rows of copies refer to jobs/);
    expect(jobs.prepare("SELECT sql FROM sqlite_master WHERE name = 'jobs'").get()).toEqual(before);
    expect(jobs.prepare('SELECT count(*) AS n FROM jobs').get()).toEqual({ n: 2 });
  });

  it('refuses rows the new definition refuses, and the transaction leaves the table as it was', () => {
    const jobs = queue();
    expect(() => rebuildTable(jobs, 'jobs', { columns: (self) => JOBS(self, "'label'") })).toThrow(/CHECK/);
    expect(jobs.prepare('SELECT kind FROM jobs ORDER BY id').all()).toEqual([{ kind: 'slip' }, { kind: 'label' }]);
    expect(jobs.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'jobs_rebuilt'").get()).toEqual({ n: 0 });
  });
});
