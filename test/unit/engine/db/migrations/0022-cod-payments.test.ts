// Migration 22 (a courier's COD payments and the parcels each pays) on a file written by version 21: amounts in
// positive cents, one file per user, a payment's items gone with it and with their shipment.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0022-cod-payments', () => {
  it('keeps positive cents, each file once per user, and removes items with their payment or shipment', () => {
    const db = databaseAt(21);
    try {
      migrate(db, 22);
      expect(currentVersion(db)).toBe(22);
      db.pragma('foreign_keys = ON');
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'a')").run();
      db.prepare('INSERT INTO clients (client_id, user_id) VALUES (1001, 1)').run();
      const shipment = (ddt: number) => insertOldShipment(db, { ddt_num: ddt });
      const [first, second] = [shipment(1), shipment(2)];
      const pay = db.prepare(
        `INSERT INTO cod_payments (user_id, courier, paid_on, amount_cents, source, file_hash, created_at)
         VALUES (1, 70, '2026-11-30', ?, ?, ?, 0)`,
      );
      const payment = Number(pay.run(3000, 'distinta.csv', 'h1').lastInsertRowid);
      expect(() => pay.run(3000, 'distinta.csv', 'h1')).toThrow(/UNIQUE/);
      expect(() => pay.run(0, 'typed', null)).toThrow(/CHECK/);
      // Typed payments have no file: any number of them.
      pay.run(100, 'typed', null);
      pay.run(100, 'typed', null);
      const item = db.prepare('INSERT INTO cod_payment_items (payment_id, shipment_id, amount_cents) VALUES (?, ?, ?)');
      item.run(payment, first, 1000);
      item.run(payment, second, 2000);
      expect(() => item.run(payment, first, 5)).toThrow(/UNIQUE/);
      expect(() => item.run(payment, first, -5)).toThrow(/CHECK|UNIQUE/);
      db.prepare('DELETE FROM shipments WHERE id = ?').run(first);
      expect((db.prepare('SELECT count(*) AS n FROM cod_payment_items').get() as { n: number }).n).toBe(1);
      db.prepare('DELETE FROM cod_payments WHERE id = ?').run(payment);
      expect((db.prepare('SELECT count(*) AS n FROM cod_payment_items').get() as { n: number }).n).toBe(0);
    } finally {
      db.close();
    }
  });
});
