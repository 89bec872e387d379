// Migration 19 (a departed parcel's states and when it is asked about next) on a file written by version 18: one
// schedule per shipment, a final flag that is 0 or 1, and a shipment's states gone with it.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0019-parcel-tracking', () => {
  it('keeps one schedule per shipment and removes its states with it', () => {
    const db = databaseAt(18);
    try {
      migrate(db, 19);
      expect(currentVersion(db)).toBe(19);
      db.pragma('foreign_keys = ON');
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'a')").run();
      db.prepare('INSERT INTO clients (client_id, user_id) VALUES (1001, 1)').run();
      const shipment = insertOldShipment(db);
      const follow = db.prepare('INSERT INTO parcel_follow (shipment_id, next_at, final) VALUES (?, 1, ?)');
      follow.run(shipment, 0);
      expect(() => follow.run(shipment, 0)).toThrow(/UNIQUE|PRIMARY/);
      db.prepare('DELETE FROM parcel_follow').run();
      expect(() => follow.run(shipment, 2)).toThrow(/CHECK/);
      db.prepare(
        'INSERT INTO parcel_states (shipment_id, code, words, kind, seen_at) ' +
          "VALUES (?, 19, 'CONSEGNATO', 'delivered', 1)",
      ).run(shipment);
      db.prepare('DELETE FROM shipments WHERE id = ?').run(shipment);
      expect((db.prepare('SELECT count(*) AS n FROM parcel_states').get() as { n: number }).n).toBe(0);
    } finally {
      db.close();
    }
  });
});
