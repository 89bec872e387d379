// Order To Shipment from two processes on one database file, as two service processes serving one queue would: both
// go through the same sixty orders at once, and every order becomes exactly one shipment; the other process is told
// which. The claim is one UPDATE inside the shipment's own transaction, so no timing of the two can make a second.
// A crash between the shipment's two transactions leaves the order held by it: asked again, it is not labelled yet
// until the next start finishes it, and then it is answered with its labels, still one shipment.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index';
import { startQueueClaimer } from '../../peers/queueClaimer/index';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { queueOrder } from '../../fixtures/queueOrders';

afterAll(removeTempDirs);

const KEY = 'queue-claims-key-0123456789';
const REFS = Array.from({ length: 60 }, (_, i) => `Q-${i + 1}`);

describe('claims from two processes on one file', () => {
  it(
    'makes each order into exactly one shipment, and tells the other process whose it is',
    { timeout: 90_000 },
    async () => {
      const file = join(tempDir(), 'service.sqlite');
      const engine = createEngine({ file, config: { users: [{ api_key: KEY, client_ids: [1001] }] } });
      const caller = engine.authenticate(KEY);
      if (!caller) throw new Error('no caller');
      for (const ref of REFS) expect(engine.queue.create(caller, queueOrder({ order_ref: ref })).kind).toBe('created');
      engine.close();

      const benches = [
        await startQueueClaimer(file, KEY, 'Banco 1', REFS),
        await startQueueClaimer(file, KEY, 'Banco 2', REFS),
      ];
      for (const bench of benches) bench.go();
      const [first, second] = await Promise.all(benches.map((b) => b.answers));

      const db = new Database(file, { readonly: true });
      try {
        const shipments = db.prepare('SELECT ddt_alpha, COUNT(*) AS n FROM shipments GROUP BY ddt_alpha').all() as {
          ddt_alpha: string;
          n: number;
        }[];
        expect(shipments).toHaveLength(REFS.length);
        expect(shipments.every((s) => s.n === 1)).toBe(true);
        const held = db.prepare('SELECT order_ref, shipment_id FROM order_queue').all() as {
          order_ref: string;
          shipment_id: number;
        }[];
        for (const [i, ref] of REFS.entries()) {
          const pair = [first?.[i], second?.[i]];
          expect(pair.map((a) => a?.ref)).toEqual([ref, ref]);
          // One made it, the other was refused naming the same shipment, which is the one the order holds.
          expect(pair.map((a) => a?.kind).sort()).toEqual(['shipped', 'taken']);
          expect(pair[0]?.shipmentId).toBe(pair[1]?.shipmentId);
          expect(held.find((h) => h.order_ref === ref)?.shipment_id).toBe(pair[0]?.shipmentId);
        }
      } finally {
        db.close();
      }
    },
  );

  it('answers an order a crash left without labels as unfinished, then with its labels once resumed', async () => {
    const file = join(tempDir(), 'service.sqlite');
    const config = { users: [{ api_key: KEY, client_ids: [1001] }] };
    const first = createEngine({ file, config });
    const caller = first.authenticate(KEY);
    if (!caller) throw new Error('no caller');
    first.queue.create(caller, queueOrder({ order_ref: 'C-1' }));
    const ask = { client_id: 1001, order_ref: 'C-1', packages: 1, weight: 2, platform: 'Banco 1' };
    const made = await first.queue.toShipment(caller, ask);
    if (made.kind !== 'shipped') throw new Error(made.kind);
    first.close();

    // What the file looks like when the process dies after the first transaction.
    const raw = new Database(file);
    raw.prepare("UPDATE shipments SET state = 'processing' WHERE id = ?").run(made.record.id);
    raw.prepare('DELETE FROM labels WHERE shipment_id = ?').run(made.record.id);
    raw.close();

    const second = createEngine({ file, config });
    try {
      expect(await second.queue.toShipment(caller, ask)).toMatchObject({ kind: 'unfinished', orderRef: 'C-1' });
      expect(await second.queue.toShipment(caller, { ...ask, platform: 'Banco 2' })).toMatchObject({
        kind: 'taken',
        shipmentId: made.record.id,
      });
      expect(await second.resume()).toBe(1);
      const again = await second.queue.toShipment(caller, ask);
      expect(again).toMatchObject({ kind: 'shipped', again: true, record: { id: made.record.id } });
      if (again.kind === 'shipped') expect(again.record.label_pdf).toEqual(made.record.label_pdf);
    } finally {
      second.close();
    }
  });
});
