// A shipment deleted (by ddt_alpha, which its client chose) while its PDF and JPG labels are still being drawn: the
// create answers that it no longer exists, with a clear refusal, never a 500, and nothing of it is left.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { validShipment } from '../../fixtures/shipments';

afterAll(removeTempDirs);

const config = { users: [{ api_key: 'deleted-key-0001', client_ids: [1001] }] };

describe('a shipment deleted while it is created', () => {
  it('is answered as deleted, and is not there afterwards', async () => {
    const engine = createEngine({ file: join(tempDir(), 'engine.sqlite'), config });
    try {
      const caller = engine.authenticate('deleted-key-0001');
      if (!caller) throw new Error('no caller');
      const creating = engine.createShipment(caller, validShipment({ ddt_alpha: 'ORD-DEL-1' }));
      // The first transaction has stored it (with its waybill); its labels are being drawn.
      const deleted = engine.deleteShipmentByDdtAlpha(caller, 'ORD-DEL-1');
      expect(deleted).toBe('deleted');
      const outcome = await creating;
      expect(outcome).toEqual({
        kind: 'invalid',
        error: 'Spedizione 1 (ORD-DEL-1) eliminata mentre se ne generavano le etichette: non esiste più',
      });
      expect(engine.getShipment(caller, 1)).toBeUndefined();
      const next = await engine.createShipment(caller, validShipment({ ddt_alpha: 'ORD-DEL-2' }));
      expect(next.kind).toBe('created');
    } finally {
      engine.close();
    }
  });
});
