// Migration 7 (outbox row version) on a file written by version 6: rows already queued read as version 1, the only
// version there was, and keep their payload and place in the queue.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, currentVersion } from '../../../../src/engine/db/migrate';
import { readPayload } from '../../../../src/engine/outbox/rows';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0007-outbox-row-version', () => {
  it('gives rows queued by version 6 the version 1, and they still read', () => {
    const db = new Database(join(tempDir(), 'm7.sqlite'));
    try {
      migrate(db, 6);
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'h')").run();
      db.prepare(
        `INSERT INTO shipments (user_id, client_id, ddt_num, ddt_alpha, corriere, servizio, colli, peso, volume,
        state, label_formats, data, created_at, date_upd, sync_state)
        VALUES (1, 1001, 7, 'ST-7', 0, 0, 1, 2, 0.01, 'processing', 'ZPL', '{}', 'x', 'x', 'pending')`,
      ).run();
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
