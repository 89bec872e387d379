// Migration 27 (items checked by scan) on a file written by version 26: products kept before get empty item codes,
// an item code is held by one SKU of a user only, and a shipment's packing proof goes with the shipment.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0027-item-codes-and-packing', () => {
  it('gives kept products empty codes and lets one code name one SKU per user only', () => {
    const db = databaseAt(26);
    try {
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'a'), (2, 'b')").run();
      const product = db.prepare('INSERT INTO products (user_id, sku_key, sku, updated_at) VALUES (?, ?, ?, 1)');
      product.run(1, 'MUG', 'mug');
      product.run(1, 'CUP', 'cup');
      product.run(2, 'MUG', 'mug');
      migrate(db, 27);
      expect(currentVersion(db)).toBe(27);
      expect(db.prepare("SELECT ean, barcode FROM products WHERE sku_key = 'MUG' AND user_id = 1").get()).toEqual({
        ean: '',
        barcode: '',
      });
      const code = db.prepare('INSERT INTO product_codes (user_id, code_key, sku_key) VALUES (?, ?, ?)');
      code.run(1, '04006381333931', 'MUG');
      code.run(2, '04006381333931', 'MUG');
      expect(() => code.run(1, '04006381333931', 'CUP')).toThrow(/UNIQUE/);
      db.prepare("DELETE FROM products WHERE user_id = 1 AND sku_key = 'MUG'").run();
      expect(db.prepare('SELECT COUNT(*) AS n FROM product_codes WHERE user_id = 1').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('keeps item scans and an override with their shipment, and forgets them with it', () => {
    const db = databaseAt(26);
    try {
      migrate(db, 27);
      const columns = (table: string) =>
        (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
      expect(columns('packing_scans')).toEqual(['shipment_id', 'at', 'code', 'sku', 'outcome']);
      expect(columns('packing_overrides')).toEqual(['shipment_id', 'reason', 'at']);
      const fks = (table: string) =>
        (db.prepare(`PRAGMA foreign_key_list(${table})`).all() as { table: string; on_delete: string }[]).map(
          (f) => `${f.table} ${f.on_delete}`,
        );
      expect(fks('packing_scans')).toEqual(['shipments CASCADE']);
      expect(fks('packing_overrides')).toEqual(['shipments CASCADE']);
    } finally {
      db.close();
    }
  });
});
