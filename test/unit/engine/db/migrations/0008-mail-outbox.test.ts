// Migration 8 (mail outbox) on a file written by version 7: shipments already there keep everything, none owes an
// e-mail, and the new table takes one row per shipment only (the same waybill e-mail never queued twice).
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, currentVersion } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0008-mail-outbox', () => {
  it('adds an empty mail queue with one row per shipment at most, and leaves the shipments as they were', () => {
    const db = databaseAt(7);
    try {
      insertOldShipment(db, { ddt_alpha: 'OLD-8' });
      const before = db.prepare('SELECT * FROM shipments').all();
      migrate(db, 8);
      expect(currentVersion(db)).toBe(8);
      expect(db.prepare('SELECT * FROM shipments').all()).toEqual(before);
      expect(db.prepare('SELECT count(*) AS n FROM mail_outbox').get()).toEqual({ n: 0 });
      const insert = db.prepare("INSERT INTO mail_outbox (shipment_id, message_id, created_at) VALUES (1, '<a@b>', 1)");
      insert.run();
      expect(() => insert.run()).toThrow(/UNIQUE/);
      expect(db.prepare('SELECT state, attempts, next_attempt_at, last_error FROM mail_outbox').get()).toEqual({
        state: 'pending',
        attempts: 0,
        next_attempt_at: 0,
        last_error: '',
      });
    } finally {
      db.close();
    }
  });
});
