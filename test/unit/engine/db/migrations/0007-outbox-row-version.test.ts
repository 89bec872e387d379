// Migration 7 (outbox row version) on a file written by version 6: rows already queued read as version 1, the only
// version there was, and keep their payload and place in the queue.
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, currentVersion } from '../../../../../src/engine/db/migrate';
import { readPayload } from '../../../../../src/engine/outbox/rows';
import { databaseAt, insertOldShipment } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0007-outbox-row-version', () => {
  it('gives rows queued by version 6 the version 1, and they still read', () => {
    const db = databaseAt(6);
    try {
      const changes = { ddt_alpha: 'ST-7', corriere: 0, servizio: 0, state: 'processing', sync_state: 'pending' };
      insertOldShipment(db, changes);
      const payload = JSON.stringify({ client_id: 1001, ddt_alpha: 'ST-7', ddt_num: 7, rcpt_name: 'Rossi' });
      db.prepare("INSERT INTO outbox (shipment_id, kind, payload, created_at) VALUES (1, 'create', ?, 5)").run(payload);

      migrate(db, 7);
      expect(currentVersion(db)).toBe(7);
      const row = db.prepare('SELECT id, kind, payload, version, state FROM outbox').get() as {
        kind: string;
        payload: string;
        version: number;
        state: string;
      };
      expect(row).toMatchObject({ id: 1, kind: 'create', payload, version: 1, state: 'pending' });
      expect(readPayload(row)).toEqual({ ok: true, payload: JSON.parse(payload) });
    } finally {
      db.close();
    }
  });
});
