// Migration 4 (shipment search) on a file written by version 3: shipments already stored are found by reference,
// recipient and city at once, and later writes keep the index right.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

const found = (db: Database.Database, term: string) =>
  (db.prepare('SELECT rowid FROM shipment_search WHERE text MATCH ?').all(`"${term}"`) as { rowid: number }[]).map(
    (r) => r.rowid,
  );

describe('migration 0004-shipment-search', () => {
  it('indexes the shipments of version 3 and follows later amendments', () => {
    const db = databaseAt(3);
    try {
      const data = JSON.stringify({ rcpt_name: 'Bianchi Srl', rcpt_city: 'Pietrasanta' });
      insertOldShipment(db, { ddt_alpha: 'ORD-4711', data });

      migrate(db, 4);
      expect(currentVersion(db)).toBe(4);
      expect(found(db, 'ORD-4711')).toEqual([1]);
      expect(found(db, 'bianchi')).toEqual([1]);
      expect(found(db, 'pietrasanta')).toEqual([1]);

      db.prepare('UPDATE shipments SET data = ? WHERE id = 1').run(JSON.stringify({ rcpt_name: 'Verdi' }));
      expect(found(db, 'bianchi')).toEqual([]);
      expect(found(db, 'verdi')).toEqual([1]);
    } finally {
      db.close();
    }
  });
});
