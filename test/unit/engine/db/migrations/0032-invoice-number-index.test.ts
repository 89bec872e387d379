// Migration 32 (shipments by client and invoice number) on a file written by version 31: the shipments kept are
// untouched, and the hub's look-up of an invoice number's holder reads the index instead of every shipment.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0032-invoice-number-index', () => {
  it("keeps the shipments and finds an invoice number's holder through the index", () => {
    const db = databaseAt(31);
    try {
      const held = insertOldShipment(db, { data: '{"invoice_number":"FT-2026-B2-0001"}' });
      insertOldShipment(db, { ddt_num: 8, ddt_alpha: 'A-8' });
      migrate(db, 32);
      expect(currentVersion(db)).toBe(32);
      expect(db.prepare('SELECT count(*) AS n FROM shipments').get()).toEqual({ n: 2 });
      const lookup = `SELECT id FROM shipments WHERE client_id = 1001 AND state <> 'failed'
        AND json_extract(data, '$.invoice_number') = 'FT-2026-B2-0001'
        AND coalesce(json_extract(data, '$.flag_reso'), 0) <> 1 ORDER BY id LIMIT 1`;
      expect(db.prepare(lookup).get()).toEqual({ id: held });
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${lookup}`).all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join('\n')).toContain('USING INDEX shipments_by_client_invoice');
    } finally {
      db.close();
    }
  });
});
