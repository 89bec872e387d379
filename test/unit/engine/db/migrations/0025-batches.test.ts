// Migration 25 (batches) on a file written by version 24: products keep their rows with no shelf, a batch's orders
// are unique by position and by order, go with their batch, and a weight estimated is a weight.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0025-batches', () => {
  it('gives products an empty shelf and keeps a batch whole, its orders once each, gone with it', () => {
    const db = databaseAt(24);
    try {
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'a')").run();
      db.prepare(
        `INSERT INTO products (user_id, sku_key, sku, description, hs_code, origin, unit_weight, updated_at)
         VALUES (1, 'A', 'a', 'Mug', '691200', 'IT', 0.3, 0)`,
      ).run();
      migrate(db, 25);
      expect(currentVersion(db)).toBe(25);
      db.pragma('foreign_keys = ON');
      expect(db.prepare("SELECT location FROM products WHERE sku_key = 'A'").get()).toEqual({ location: '' });
      const order = db.prepare(
        `INSERT INTO orders (user_id, client_id, order_ref, scan_key, data, created_at)
         VALUES (1, 1001, ?, ?, '{}', 0)`,
      );
      const [o1, o2] = [1, 2].map((n) => Number(order.run(`R${n}`, `R${n}`).lastInsertRowid));
      const batch = Number(
        db
          .prepare(
            `INSERT INTO batches (user_id, state, pick_order, created_at, updated_at)
             VALUES (1, 'making', 'location', 0, 0)`,
          )
          .run().lastInsertRowid,
      );
      const add = db.prepare('INSERT INTO batch_orders (batch_id, order_id, position) VALUES (?, ?, ?)');
      add.run(batch, o1, 1);
      expect(() => add.run(batch, o1, 2)).toThrow(/UNIQUE|PRIMARY/);
      expect(() => add.run(batch, o2, 1)).toThrow(/UNIQUE/);
      add.run(batch, o2, 2);
      expect(() => db.prepare('UPDATE batch_orders SET estimated_kg = 0').run()).toThrow(/CHECK/);
      expect(() => db.prepare("UPDATE batches SET state = 'lost'").run()).toThrow(/CHECK/);
      db.prepare('DELETE FROM batches WHERE id = ?').run(batch);
      expect(db.prepare('SELECT count(*) AS n FROM batch_orders').get()).toEqual({ n: 0 });
      expect(db.prepare('SELECT counter_before FROM print_jobs').all()).toEqual([]);
    } finally {
      db.close();
    }
  });
});
