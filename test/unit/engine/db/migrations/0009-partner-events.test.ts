// Migrations 9 (partner events) and 10 (invoiced clients) on a file written by version 8: the shipments already there
// keep everything and owe no event; an event id is unique; an attempt goes with its event; a reseller's client list
// is per user, and the shipments' invoiced client is read where it always was (the shipment's data).
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, currentVersion } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migrations 0009-partner-events and 0010-invoiced-clients', () => {
  it('add empty partner and reseller tables and leave the shipments as they were', () => {
    const db = databaseAt(8);
    try {
      insertOldShipment(db, { ddt_alpha: 'OLD-9' });
      const before = db.prepare('SELECT * FROM shipments').all();
      migrate(db, 10);
      expect(currentVersion(db)).toBe(10);
      expect(db.prepare('SELECT * FROM shipments').all()).toEqual(before);
      expect(db.prepare('SELECT count(*) AS n FROM partner_events').get()).toEqual({ n: 0 });
      expect(db.prepare('SELECT count(*) AS n FROM invoiced_clients').get()).toEqual({ n: 0 });

      const event = db.prepare(
        `INSERT INTO partner_events (event_id, user_id, client_id, shipment_id, order_id, type, body, created_at)
         VALUES ('evt_1', 1, 1001, 1, 'ORD', 'shipment.waybill', '{}', 1)`,
      );
      const row = Number(event.run().lastInsertRowid);
      expect(() => event.run()).toThrow(/UNIQUE/);
      db.prepare('INSERT INTO partner_attempts (event_row, at, status, duration_ms) VALUES (?, 2, 503, 5)').run(row);
      db.prepare('DELETE FROM partner_events WHERE id = ?').run(row);
      expect(db.prepare('SELECT count(*) AS n FROM partner_attempts').get()).toEqual({ n: 0 });

      const user = (db.prepare('SELECT user_id FROM shipments').get() as { user_id: number }).user_id;
      const client = db.prepare('INSERT INTO invoiced_clients (user_id, id, name) VALUES (?, 501, ?)');
      client.run(user, 'Rossi Srl');
      expect(() => client.run(user, 'Rossi di nuovo')).toThrow(/UNIQUE/);
      const plan = db
        .prepare("EXPLAIN QUERY PLAN SELECT id FROM shipments WHERE json_extract(data, '$.invoiced_client_id') = 501")
        .all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toContain('shipments_by_invoiced_client');
    } finally {
      db.close();
    }
  });
});
