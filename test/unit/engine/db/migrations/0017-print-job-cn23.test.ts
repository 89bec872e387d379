// Migration 17 (the postal CN23 on the document printer) on a file written by version 16: the print jobs already there
// keep every field, a job may now be a CN23 copy, and each numbered copy is queued once per printer, apart from the
// invoice's copies of the same numbers.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

const INSERT =
  'INSERT OR IGNORE INTO print_jobs (printer_id, kind, shipment_id, n_collo, format, content, created_at, ' +
  'updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, 1)';

describe('migration 0017-print-job-cn23', () => {
  it('keeps the jobs there, and takes CN23 copies once each beside the invoice’s', () => {
    const db = databaseAt(16);
    try {
      const pdf = Buffer.from('%PDF');
      db.prepare(INSERT).run('banco', 'label', 7, 1, 'ZPL', Buffer.from('^XA^XZ'));
      db.prepare(INSERT).run('ufficio', 'invoice', 7, 1, 'PDF', pdf);
      expect(() => db.prepare(INSERT.replace(' OR IGNORE', '')).run('ufficio', 'cn23', 7, 1, 'PDF', pdf)).toThrow(
        /CHECK/,
      );
      migrate(db, 17);
      expect(currentVersion(db)).toBe(17);
      expect(db.prepare('SELECT printer_id, kind, shipment_id, n_collo, format FROM print_jobs').all()).toEqual([
        { printer_id: 'banco', kind: 'label', shipment_id: 7, n_collo: 1, format: 'ZPL' },
        { printer_id: 'ufficio', kind: 'invoice', shipment_id: 7, n_collo: 1, format: 'PDF' },
      ]);
      const copy = (kind: string, n: number | null) => db.prepare(INSERT).run('ufficio', kind, 7, n, 'PDF', pdf);
      expect([copy('cn23', 1).changes, copy('cn23', 2).changes, copy('cn23', 1).changes]).toEqual([1, 1, 0]);
      // A copy asked for by hand has no number, and prints every time; the invoice's copies stay once each.
      expect([copy('cn23', null).changes, copy('cn23', null).changes]).toEqual([1, 1]);
      expect([copy('invoice', 1).changes, copy('invoice', 2).changes]).toEqual([0, 1]);
      expect(db.prepare(INSERT).run('banco', 'label', 7, 1, 'ZPL', Buffer.from('^XA^XZ')).changes).toBe(0);
    } finally {
      db.close();
    }
  });
});
