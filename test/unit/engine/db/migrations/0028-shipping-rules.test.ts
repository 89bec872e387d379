// Migration 28 (shipping rules) on a file written by version 27: each user keeps one list of rules, and the orders
// already waiting keep their data with nothing said of rules ('').
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0028-shipping-rules', () => {
  it('adds one list of rules per user and leaves the orders waiting with no rule said', () => {
    const db = databaseAt(27);
    try {
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'a')").run();
      db.prepare(
        `INSERT INTO orders (user_id, client_id, order_ref, scan_key, data, lines, source, created_at)
         VALUES (1, 1, 'ORD-1', 'ORD-1', '{}', '[]', 'a.csv', 1)`,
      ).run();
      migrate(db, 28);
      expect(currentVersion(db)).toBe(28);
      expect(db.prepare('SELECT order_ref, rule_outcome FROM orders').all()).toEqual([
        { order_ref: 'ORD-1', rule_outcome: '' },
      ]);
      const put = db.prepare('INSERT INTO shipping_rules (user_id, doc, updated_at) VALUES (?, ?, 1)');
      put.run(1, '{"version":1,"rules":[]}');
      expect(() => put.run(1, '{}')).toThrow(/UNIQUE|PRIMARY/);
    } finally {
      db.close();
    }
  });
});
