// Migration 20 (what the shop and the recipient are told of a parcel's states) on a file written by version 19: a
// state is told once per shipment and channel, and a shipment's notices go with it.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0020-parcel-notices', () => {
  it('keeps one notice per shipment, channel and state, and removes them with the shipment', () => {
    const db = databaseAt(19);
    try {
      migrate(db, 20);
      expect(currentVersion(db)).toBe(20);
      db.pragma('foreign_keys = ON');
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'a')").run();
      db.prepare('INSERT INTO clients (client_id, user_id) VALUES (1001, 1)').run();
      const shipment = insertOldShipment(db);
      const notice = db.prepare(
        `INSERT OR IGNORE INTO parcel_notices (shipment_id, channel, event, body, created_at)
         VALUES (?, ?, ?, '{}', 1)`,
      );
      expect(notice.run(shipment, 'shop', 'delivered').changes).toBe(1);
      expect(notice.run(shipment, 'shop', 'delivered').changes).toBe(0);
      expect(notice.run(shipment, 'mail', 'delivered').changes).toBe(1);
      const plain = db.prepare(
        "INSERT INTO parcel_notices (shipment_id, channel, event, body, created_at) VALUES (?, 'sms', 'held', '{}', 1)",
      );
      expect(() => plain.run(shipment)).toThrow(/CHECK/);
      db.prepare('DELETE FROM shipments WHERE id = ?').run(shipment);
      expect((db.prepare('SELECT count(*) AS n FROM parcel_notices').get() as { n: number }).n).toBe(0);
    } finally {
      db.close();
    }
  });
});
