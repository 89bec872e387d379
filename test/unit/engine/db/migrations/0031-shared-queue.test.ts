// Migration 31 (shared queue) on a file written by version 30: the orders kept say no bench claimed them (''), and a
// bench keeps one open claim per order.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0031-shared-queue', () => {
  it('leaves the orders unclaimed and keeps one open claim per order', () => {
    const db = databaseAt(30);
    try {
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'a')").run();
      db.prepare(
        `INSERT INTO orders (user_id, client_id, order_ref, scan_key, data, lines, source, created_at)
         VALUES (1, 1, 'ORD-1', 'ORD-1', '{}', '[]', 'a.csv', 1)`,
      ).run();
      migrate(db, 31);
      expect(currentVersion(db)).toBe(31);
      expect(db.prepare('SELECT order_ref, claimed_by FROM orders').all()).toEqual([
        { order_ref: 'ORD-1', claimed_by: '' },
      ]);
      const claim = db.prepare(
        `INSERT INTO queue_claims (user_id, client_id, order_ref, packages, weight, state, created_at)
         VALUES (1, 1, 'ORD-1', 1, 2, ?, 1)`,
      );
      claim.run('pending');
      expect(() => claim.run('pending')).toThrow(/UNIQUE/);
      claim.run('dropped');
    } finally {
      db.close();
    }
  });
});
