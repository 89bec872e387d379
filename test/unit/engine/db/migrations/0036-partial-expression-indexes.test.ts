// Migration 36 (the invoiced client's and the invoice number's indexes kept for the shipments that have one) on a
// file written by version 35: the shipments kept are untouched, and the lists' filter by invoiced client and the
// look-up of an invoice number's holder, each with the index's own condition, still read their index.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import type { Db } from '../../../../../src/engine/db/open';
import { INVOICED_IDS } from '../../../../../src/engine/shipments/list';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

const planOf = (db: Db, sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join('\n');

describe('migration 0036-partial-expression-indexes', () => {
  it("keeps the shipments and finds an invoiced client's and an invoice number's shipments through the indexes", () => {
    const db = databaseAt(35);
    try {
      const held = insertOldShipment(db, { data: '{"invoice_number":"FT-2026-0007","invoiced_client_id":0}' });
      const invoiced = insertOldShipment(db, {
        ddt_num: 8,
        ddt_alpha: 'A-8',
        data: '{"invoice_number":"","invoiced_client_id":501}',
      });
      insertOldShipment(db, { ddt_num: 9, ddt_alpha: 'A-9', data: '{"invoice_number":"","invoiced_client_id":0}' });
      migrate(db, 36);
      expect(currentVersion(db)).toBe(36);
      expect(db.prepare('SELECT count(*) AS n FROM shipments').get()).toEqual({ n: 3 });
      const holder = `SELECT id FROM shipments WHERE client_id = 1001 AND state <> 'failed'
        AND json_extract(data, '$.invoice_number') = 'FT-2026-0007' AND json_extract(data, '$.invoice_number') <> ''
        AND coalesce(json_extract(data, '$.flag_reso'), 0) <> 1 ORDER BY id LIMIT 1`;
      expect(db.prepare(holder).get()).toEqual({ id: held });
      expect(planOf(db, holder)).toContain('USING INDEX shipments_by_client_invoice');
      const byInvoiced = `SELECT id FROM shipments WHERE json_extract(data, '$.invoiced_client_id') = 501
        AND json_extract(data, '$.invoiced_client_id') > 0`;
      expect(db.prepare(byInvoiced).all()).toEqual([{ id: invoiced }]);
      expect(planOf(db, byInvoiced)).toContain('INDEX shipments_by_invoiced_client');
      // The search by the invoiced client's name or id, asked at every keystroke, reads the index too.
      const search = INVOICED_IDS.replace('@userId', '1').replace('@invoicedLike', "'Ros%'").replace('@exact', "'Ros'");
      expect(planOf(db, search)).toContain('INDEX shipments_by_invoiced_client');
    } finally {
      db.close();
    }
  });
});
