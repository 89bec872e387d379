// Migration 35 (shipments by client and creation time) on a file written by version 34: the shipments kept are
// untouched, and a day's shipments of a client are read through the index instead of every shipment of the client.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0035-shipments-by-day', () => {
  it("keeps the shipments and reads a client's day through the index", () => {
    const db = databaseAt(34);
    try {
      insertOldShipment(db, { created_at: '2026-11-28 17:00:00' });
      const today = insertOldShipment(db, { ddt_num: 8, ddt_alpha: 'A-8', created_at: '2026-11-29 09:00:00' });
      migrate(db, 35);
      expect(currentVersion(db)).toBe(35);
      expect(db.prepare('SELECT count(*) AS n FROM shipments').get()).toEqual({ n: 2 });
      const day = `SELECT id FROM shipments WHERE client_id = 1001
        AND created_at >= '2026-11-29' AND created_at < '2026-11-29 99' ORDER BY id`;
      expect(db.prepare(day).all()).toEqual([{ id: today }]);
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${day}`).all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join('\n')).toContain('USING COVERING INDEX shipments_by_client_created');
    } finally {
      db.close();
    }
  });
});
