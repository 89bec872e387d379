// Migration 23 (PrestaShop among the shop platforms) on a file written by version 22 with a shop connected: the
// connection, the orders it brought and the fulfilments owed keep their rows, and a PrestaShop shop can be kept.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

const count = (db: ReturnType<typeof databaseAt>, table: string) =>
  (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('migration 0023-shop-platform-prestashop', () => {
  it('keeps a connected shop with its orders and fulfilments, and takes a PrestaShop shop', () => {
    const db = databaseAt(22);
    try {
      db.pragma('foreign_keys = ON');
      const connect = db.prepare(
        `INSERT INTO shop_connections (user_id, client_id, platform, address, created_at) VALUES (1, 1001, ?, ?, 0)`,
      );
      const shop = Number(connect.run('woocommerce', 'negozio.it').lastInsertRowid);
      expect(() => connect.run('prestashop', 'bottega.it')).toThrow(/CHECK/);
      db.prepare(
        `INSERT INTO shop_orders (connection_id, shop_order_id, client_id, order_ref, updated_at)
         VALUES (?, '7', 1001, 'A7', 'x')`,
      ).run(shop);
      db.prepare(
        `INSERT INTO shop_fulfilments (connection_id, user_id, shipment_id, shop_order_id, order_ref, kind, body,
         created_at) VALUES (?, 1, 1, '7', 'A7', 'fulfil', '{}', 0)`,
      ).run(shop);

      migrate(db, 23);
      expect(currentVersion(db)).toBe(23);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect([count(db, 'shop_connections'), count(db, 'shop_orders'), count(db, 'shop_fulfilments')]).toEqual([
        1, 1, 1,
      ]);
      connect.run('prestashop', 'bottega.it');
      expect(() => connect.run('magento', 'altro.it')).toThrow(/CHECK/);
      // The keys still hold: a connection removed takes its orders and fulfilments with it.
      db.prepare('DELETE FROM shop_connections WHERE id = ?').run(shop);
      expect([count(db, 'shop_orders'), count(db, 'shop_fulfilments')]).toEqual([0, 0]);
    } finally {
      db.close();
    }
  });
});
