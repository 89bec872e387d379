// Migration 26 (box presets) on a file written by version 25: the table is new and empty, a box is kept once per user
// and name, a key once per user (many boxes may have none), and another user may use the same name and key.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0026-box-presets', () => {
  it('adds an empty list of boxes keyed by user and name, each key once per user', () => {
    const db = databaseAt(25);
    try {
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'a'), (2, 'b')").run();
      migrate(db, 26);
      expect(currentVersion(db)).toBe(26);
      expect(db.prepare('SELECT COUNT(*) AS n FROM box_presets').get()).toEqual({ n: 0 });
      const insert = db.prepare(
        `INSERT INTO box_presets (user_id, name_key, name, key, length, width, height, updated_at)
         VALUES (?, ?, ?, ?, 30, 20, 10, 1)`,
      );
      insert.run(1, 'M', 'M', '2');
      insert.run(2, 'M', 'M', '2');
      expect(() => insert.run(1, 'M', 'm', '3')).toThrow(/UNIQUE/);
      expect(() => insert.run(1, 'L', 'L', '2')).toThrow(/UNIQUE/);
      insert.run(1, 'S', 'S', '');
      insert.run(1, 'XS', 'XS', '');
      expect(db.prepare("SELECT tare, max_weight FROM box_presets WHERE name_key = 'S'").get()).toEqual({
        tare: 0,
        max_weight: 0,
      });
    } finally {
      db.close();
    }
  });
});
