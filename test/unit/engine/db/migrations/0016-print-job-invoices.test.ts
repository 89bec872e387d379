// Migration 16 (customs invoices on the document printer) on a file written by version 15: the print jobs already
// there keep every field, a job may now be an invoice copy, and each numbered copy of a shipment's invoice is queued
// once per printer, as a parcel's label is.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

const INSERT =
  'INSERT OR IGNORE INTO print_jobs (printer_id, kind, shipment_id, n_collo, format, content, created_at, ' +
  'updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, 1)';

describe('migration 0016-print-job-invoices', () => {
  it('keeps the jobs there, and takes invoice copies once each', () => {
    const db = databaseAt(15);
    try {
      db.prepare(INSERT).run('banco', 'label', 7, 1, 'ZPL', Buffer.from('^XA^XZ'));
      expect(() =>
        db.prepare(INSERT.replace(' OR IGNORE', '')).run('ufficio', 'invoice', 7, 1, 'PDF', Buffer.from('%PDF')),
      ).toThrow(/CHECK/);
      migrate(db, 16);
      expect(currentVersion(db)).toBe(16);
      expect(db.prepare('SELECT printer_id, kind, shipment_id, n_collo, format FROM print_jobs').all()).toEqual([
        { printer_id: 'banco', kind: 'label', shipment_id: 7, n_collo: 1, format: 'ZPL' },
      ]);
      const copy = (n: number | null) => db.prepare(INSERT).run('ufficio', 'invoice', 7, n, 'PDF', Buffer.from('%PDF'));
      expect([copy(1).changes, copy(2).changes, copy(1).changes]).toEqual([1, 1, 0]);
      // A copy asked for by hand has no number, and prints every time.
      expect([copy(null).changes, copy(null).changes]).toEqual([1, 1]);
      expect(db.prepare(INSERT).run('banco', 'label', 7, 1, 'ZPL', Buffer.from('^XA^XZ')).changes).toBe(0);
    } finally {
      db.close();
    }
  });
});
