// Migration 18 (shops connected to the bench) on a file written by version 17: a connection once per shop and user,
// a shop order linked once per connection, fulfilments of known kinds, and a connection's rows gone with it.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0018-shop-connections', () => {
  it('keeps one connection per shop, one link per shop order, and removes them with their connection', () => {
    const db = databaseAt(17);
    try {
      migrate(db, 18);
      expect(currentVersion(db)).toBe(18);
      db.pragma('foreign_keys = ON');
      const connect = db.prepare(
        'INSERT INTO shop_connections (user_id, client_id, platform, address, created_at) VALUES (1, 1001, ?, ?, 1)',
      );
      const id = Number(connect.run('shopify', 'bottega.myshopify.com').lastInsertRowid);
      expect(() => connect.run('shopify', 'bottega.myshopify.com')).toThrow(/UNIQUE/);
      expect(() => connect.run('magento', 'negozio.it')).toThrow(/CHECK/);
      const link = db.prepare(
        'INSERT INTO shop_orders (connection_id, shop_order_id, client_id, order_ref, updated_at) ' +
          "VALUES (?, ?, 1001, '#1001', 'x')",
      );
      link.run(id, 'gid://shopify/Order/1');
      expect(() => link.run(id, 'gid://shopify/Order/1')).toThrow(/UNIQUE|PRIMARY/);
      const fulfil = db.prepare(
        `INSERT INTO shop_fulfilments (connection_id, user_id, shipment_id, shop_order_id, order_ref, kind, body,
         created_at) VALUES (?, 1, 7, 'gid://shopify/Order/1', '#1001', ?, '{}', 1)`,
      );
      const row = Number(fulfil.run(id, 'fulfil').lastInsertRowid);
      expect(() => fulfil.run(id, 'ship')).toThrow(/CHECK/);
      db.prepare(
        "INSERT INTO shop_attempts (fulfilment_id, at, status, duration_ms, answer) VALUES (?, 1, 200, 5, 'ok')",
      ).run(row);
      db.prepare('DELETE FROM shop_connections WHERE id = ?').run(id);
      const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      expect([count('shop_orders'), count('shop_fulfilments'), count('shop_attempts')]).toEqual([0, 0, 0]);
    } finally {
      db.close();
    }
  });
});
