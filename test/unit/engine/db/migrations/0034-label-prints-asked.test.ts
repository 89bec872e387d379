// Migration 34 (label prints asked) on a file written by version 33: a print asked is kept once per shipment and goes
// with its shipment, and a shipment's label jobs are found by shipment alone.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0034-label-prints-asked', () => {
  it('keeps one ask per shipment, dropped with the shipment, and indexes label jobs by shipment', () => {
    const db = databaseAt(33);
    try {
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'a')").run();
      db.prepare('INSERT INTO clients (client_id, user_id) VALUES (1, 1)').run();
      db.prepare(
        `INSERT INTO shipments (id, user_id, client_id, ddt_num, ddt_alpha, corriere, servizio, colli, peso, volume,
           state, label_formats, data, created_at, date_upd)
         VALUES (7, 1, 1, 1, 'R-1', 70, 4, 1, 1, 0, 'processing', 'ZPL', '{}', '2026-11-29 10:00:00',
           '2026-11-29 10:00:00')`,
      ).run();
      migrate(db, 34);
      expect(currentVersion(db)).toBe(34);
      const ask = db.prepare('INSERT OR IGNORE INTO label_prints_asked (shipment_id, asked_at) VALUES (7, ?)');
      ask.run(1);
      expect(ask.run(2).changes).toBe(0);
      const plan = db
        .prepare("EXPLAIN QUERY PLAN SELECT 1 FROM print_jobs WHERE shipment_id = 7 AND kind = 'label'")
        .all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toContain('print_jobs_by_shipment');
      db.prepare('DELETE FROM shipments WHERE id = 7').run();
      expect(db.prepare('SELECT COUNT(*) AS n FROM label_prints_asked').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
