// Migration 1 (initial schema) on an empty file: the tables a service needs, with the rules that keep them whole.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0001-initial-schema', () => {
  it('makes an empty file a version-1 database whose shipments belong to users and clients', () => {
    const db = databaseAt(0);
    try {
      expect(currentVersion(db)).toBe(0);
      migrate(db, 1);
      expect(currentVersion(db)).toBe(1);
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
      expect(tables.map((t) => (t as { name: string }).name)).toEqual(
        expect.arrayContaining(['clients', 'counters', 'labels', 'manifests', 'parcels', 'shipments', 'users']),
      );
      insertOldShipment(db);
      expect(db.prepare('SELECT ddt_num, confermato, manifest_id FROM shipments').get()).toEqual({
        ddt_num: 7,
        confermato: 0,
        manifest_id: null,
      });
      expect(() => db.prepare("UPDATE shipments SET state = 'bogus'").run()).toThrow(/CHECK constraint/);
    } finally {
      db.close();
    }
  });
});
