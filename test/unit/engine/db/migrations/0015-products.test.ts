// Migration 15 (the bench's product list) on a file written by version 14: the table is new and empty, a product is
// kept once per user and SKU key, and the same SKU may be kept by another user.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0015-products', () => {
  it('adds an empty product list keyed by user and SKU', () => {
    const db = databaseAt(14);
    try {
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'a'), (2, 'b')").run();
      migrate(db, 15);
      expect(currentVersion(db)).toBe(15);
      expect(db.prepare('SELECT COUNT(*) AS n FROM products').get()).toEqual({ n: 0 });
      const insert = db.prepare(
        "INSERT INTO products (user_id, sku_key, sku, updated_at) VALUES (?, 'AB-12', 'ab-12', 1)",
      );
      insert.run(1);
      insert.run(2);
      expect(() => insert.run(1)).toThrow(/UNIQUE/);
      expect(db.prepare('SELECT hs_code, origin, unit_weight, currency FROM products WHERE user_id = 1').get()).toEqual(
        {
          hs_code: '',
          origin: '',
          unit_weight: 0,
          currency: '',
        },
      );
    } finally {
      db.close();
    }
  });
});
