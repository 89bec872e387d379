// Migration 24 (a shop failure's code beside its words) on a file written by version 23 with a shop whose last read
// failed, a fulfilment given up and a parcel state waiting: every row keeps its words, with no code (the screens then
// show the words as before), and a code can be kept from then on.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

const TABLES = ['shop_connections', 'shop_fulfilments', 'parcel_notices'] as const;

describe('migration 0024-shop-error-codes', () => {
  it('keeps each old failure’s words with no code, and takes a code beside new ones', () => {
    const db = databaseAt(23);
    try {
      const shop = Number(
        db
          .prepare(
            `INSERT INTO shop_connections (user_id, client_id, platform, address, last_error, created_at)
             VALUES (1, 1001, 'shopify', 'bottega.myshopify.com', 'HTTP 401: [API] Invalid API key', 0)`,
          )
          .run().lastInsertRowid,
      );
      const shipment = insertOldShipment(db);
      db.prepare(
        `INSERT INTO shop_fulfilments (connection_id, user_id, shipment_id, shop_order_id, order_ref, kind, body,
         state, last_error, created_at) VALUES (?, 1, ?, '7', 'A7', 'fulfil', '{}', 'failed', 'HTTP 422: no', 0)`,
      ).run(shop, shipment);
      db.prepare(
        `INSERT INTO parcel_notices (shipment_id, channel, event, connection_id, body, last_error, created_at)
         VALUES (?, 'shop', 'delivered', ?, '{}', 'fetch failed', 0)`,
      ).run(shipment, shop);

      migrate(db, 24);
      expect(currentVersion(db)).toBe(24);
      for (const table of TABLES) {
        const row = db.prepare(`SELECT last_error, last_error_code, last_error_detail FROM ${table}`).get();
        expect(row).toMatchObject({ last_error_code: '', last_error_detail: '' });
        expect((row as { last_error: string }).last_error).not.toBe('');
        db.prepare(`UPDATE ${table} SET last_error_code = 'shopScopes', last_error_detail = 'read_orders'`).run();
        expect(db.prepare(`SELECT last_error_code FROM ${table}`).get()).toEqual({ last_error_code: 'shopScopes' });
      }
    } finally {
      db.close();
    }
  });
});
