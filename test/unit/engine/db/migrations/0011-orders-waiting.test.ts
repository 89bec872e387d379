// Migration 11 (orders waiting) on a file written by version 10: the print queue keeps every job, its bytes, its
// claims and its "print once" rule, and now takes packing slips for receipt printers; an order's reference is unique
// per client, so the same file imported twice adds nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

const JOB = `INSERT INTO print_jobs (printer_id, kind, shipment_id, n_collo, format, content, state, created_at,
  updated_at, claimed_by, auto_resends, reprint_of, reprint_reason) VALUES (?, ?, ?, ?, ?, ?, ?, 1, 2, ?, ?, ?, ?)`;

describe('migration 0011-orders-waiting', () => {
  it('keeps every print job and its rules, and adds packing slips and orders', () => {
    const db = databaseAt(10);
    try {
      const shipment = insertOldShipment(db, { ddt_alpha: 'OLD-11' });
      const first = Number(
        db
          .prepare(JOB)
          .run('zebra', 'label', shipment, 1, 'ZPL', Buffer.from('^XA^XZ'), 'printed', 'run-1', 1, null, '')
          .lastInsertRowid,
      );
      db.prepare(JOB).run('zebra', 'label', shipment, 1, 'ZPL', Buffer.from('^XA^XZ'), 'held', null, 0, first, 'rotta');
      const before = db.prepare('SELECT * FROM print_jobs ORDER BY id').all();

      migrate(db, 11);
      expect(currentVersion(db)).toBe(11);
      expect(db.prepare('SELECT * FROM print_jobs ORDER BY id').all()).toEqual(before);
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const table = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'print_jobs'").get() as { sql: string };
      expect(table.sql).toContain('reprint_of INTEGER REFERENCES "print_jobs"(id)');
      // A label is still queued once per printer; a slip too; a reprint is a new row.
      expect(() =>
        db.prepare(JOB).run('zebra', 'label', shipment, 1, 'ZPL', Buffer.from('x'), 'pending', null, 0, null, ''),
      ).toThrow(/UNIQUE/);
      const slip = () =>
        db
          .prepare(JOB)
          .run('ricevute', 'slip', shipment, null, 'ESCPOS', Buffer.from('\x1b@'), 'pending', null, 0, null, '');
      slip();
      expect(slip).toThrow(/UNIQUE/);
      expect(() =>
        db.prepare(JOB).run('x', 'fax', shipment, null, 'PDF', Buffer.from('x'), 'pending', null, 0, null, ''),
      ).toThrow(/CHECK/);
      const plan = db
        .prepare("EXPLAIN QUERY PLAN SELECT id FROM print_jobs WHERE printer_id = 'zebra' AND state = 'pending'")
        .all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toContain('print_jobs_queue');

      const order = db.prepare(
        `INSERT INTO orders (user_id, client_id, order_ref, scan_key, data, created_at) VALUES (1, ?, ?, ?, '{}', 1)`,
      );
      order.run(1001, '#1001', '1001');
      order.run(1002, '#1001', '1001');
      expect(() => order.run(1001, '#1001', '1001')).toThrow(/UNIQUE/);
      expect(db.prepare('SELECT state, lines FROM orders WHERE client_id = 1001').get()).toEqual({
        state: 'waiting',
        lines: '[]',
      });
    } finally {
      db.close();
    }
  });
});
