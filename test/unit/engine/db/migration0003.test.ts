// Migration 3 (print jobs) on a file written by version 2: shipments stay as they were and the spooler's queue
// starts empty, refusing a state it does not know.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../src/engine/db/migrate';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0003-print-jobs', () => {
  it('keeps version-2 shipments and adds an empty print queue', () => {
    const db = new Database(join(tempDir(), 'm3.sqlite'));
    try {
      migrate(db, 2);
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'h')").run();
      db.prepare(
        `INSERT INTO shipments (user_id, client_id, ddt_num, ddt_alpha, corriere, servizio, colli, peso,
        volume, state, label_formats, data, created_at, date_upd)
        VALUES (1, 1001, 7, 'A-7', 70, 1, 1, 2, 0.01, 'ok', 'ZPL', '{}', 'x', 'x')`,
      ).run();

      migrate(db, 3);
      expect(currentVersion(db)).toBe(3);
      expect(db.prepare('SELECT ddt_alpha, sync_state FROM shipments').get()).toEqual({
        ddt_alpha: 'A-7',
        sync_state: 'none',
      });
      expect(db.prepare('SELECT count(*) AS n FROM print_jobs').get()).toEqual({ n: 0 });
      const insert = db.prepare(`INSERT INTO print_jobs (printer_id, kind, format, content, state, created_at,
        updated_at) VALUES ('p', 'label', 'ZPL', x'00', ?, 0, 0)`);
      expect(() => insert.run('pending')).not.toThrow();
      expect(() => insert.run('bogus')).toThrow(/CHECK constraint/);
    } finally {
      db.close();
    }
  });
});
