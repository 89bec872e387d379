// Migration 21 (what the operator did about a parcel needing a person) on a file written by version 20: an action from
// the fixed list with a note of at most 500 characters, answering one of the parcel's states, gone with its shipment.
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0021-parcel-actions', () => {
  it('keeps an action of the fixed list with a short note, and removes it with its shipment', () => {
    const db = databaseAt(20);
    try {
      migrate(db, 21);
      expect(currentVersion(db)).toBe(21);
      db.pragma('foreign_keys = ON');
      const shipment = insertOldShipment(db);
      const state = Number(
        db
          .prepare(
            'INSERT INTO parcel_states (shipment_id, code, words, kind, seen_at) ' +
              "VALUES (?, 22, 'IN GIACENZA', 'held', 1)",
          )
          .run(shipment).lastInsertRowid,
      );
      const act = db.prepare(
        'INSERT INTO parcel_actions (shipment_id, state_id, kind, note, acted_at, user_id) VALUES (?, ?, ?, ?, 2, 1)',
      );
      act.run(shipment, state, 'called', 'x'.repeat(500));
      act.run(shipment, null, 'other', '');
      expect(() => act.run(shipment, state, 'shouted', '')).toThrow(/CHECK/);
      expect(() => act.run(shipment, state, 'other', 'x'.repeat(501))).toThrow(/CHECK/);
      expect(() => act.run(shipment + 1, state, 'other', '')).toThrow(/FOREIGN KEY/);
      db.prepare('DELETE FROM shipments WHERE id = ?').run(shipment);
      expect((db.prepare('SELECT count(*) AS n FROM parcel_actions').get() as { n: number }).n).toBe(0);
    } finally {
      db.close();
    }
  });
});
