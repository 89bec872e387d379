// The labels a stopped run left unqueued, as the station reads them at every start: the window's good shipments with
// labels and no label job, found through the shipments' index by client and creation time, not by walking every
// shipment the bench ever made.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../../src/engine/index';
import { LABEL_PRINT_READS } from '../../../../src/engine/printing/labelPrints';
import { validShipment } from '../../../fixtures/shipments';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

afterAll(removeTempDirs);

const KEY = 'label-prints-key-0001';

describe('labels never queued', () => {
  it("finds the window's labels no printer was given, through the index by client and creation time", async () => {
    const file = join(tempDir(), 'bench.sqlite');
    let now = new Date('2026-11-28T16:00:00');
    const engine = createEngine({
      file,
      config: { users: [{ api_key: KEY, client_ids: [1001, 1002] }] },
      clock: { now: () => now },
    });
    try {
      const caller = engine.authenticate(KEY)!;
      const made = async () => {
        const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL' }));
        if (created.kind !== 'created') throw new Error(created.kind);
        return created.record.id;
      };
      await made();
      now = new Date('2026-11-29T09:00:00');
      const first = await made();
      now = new Date('2026-11-29T09:05:00');
      const second = await made();
      // Yesterday's label is not owed to this start: the window opens this morning.
      expect(engine.labelPrints.neverQueued(caller, new Date('2026-11-29T08:00:00').getTime())).toEqual([
        first,
        second,
      ]);
    } finally {
      engine.close();
    }
    const db = new Database(file, { readonly: true });
    try {
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${LABEL_PRINT_READS.neverQueued}`)
        .all({ since: '2026-11-29 08:00:00', userId: 1 }) as { detail: string }[];
      expect(plan.map((p) => p.detail).join('\n')).toContain(
        'USING INDEX shipments_by_client_created (client_id=? AND created_at>?)',
      );
    } finally {
      db.close();
    }
  });
});
