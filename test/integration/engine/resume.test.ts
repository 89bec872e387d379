// A crash between a creation's two transactions leaves a "processing" shipment with its waybill but no labels;
// the next start finishes it with the same waybill and barcodes, so nothing half-written is ever served.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { validShipment } from '../../fixtures/shipments';

afterAll(removeTempDirs);

const config = { users: [{ api_key: 'resume-key-0001', client_ids: [1001] }] };

describe('resuming after a crash', () => {
  it('renders and stores the labels of shipments left processing, keeping their waybill and barcodes', async () => {
    const file = join(tempDir(), 'engine.sqlite');
    const first = createEngine({ file, config });
    const caller = first.authenticate('resume-key-0001');
    if (!caller) throw new Error('no caller');
    const created = await first.createShipment(caller, validShipment({ colli: 2 }));
    if (created.kind !== 'created') throw new Error(created.error);
    first.close();

    // What the file looks like when the process dies after the first transaction.
    const raw = new Database(file);
    raw.prepare("UPDATE shipments SET state = 'processing' WHERE id = ?").run(created.record.id);
    raw.prepare('DELETE FROM labels WHERE shipment_id = ?').run(created.record.id);
    raw.close();

    const second = createEngine({ file, config });
    try {
      expect(await second.resume()).toBe(1);
      const again = second.getShipment(caller, created.record.id);
      expect(again?.status).toBe(0);
      expect(again?.num_spedizione).toBe(created.record.num_spedizione);
      expect(again?.daticolli).toEqual(created.record.daticolli);
      expect(again?.label_zpl).toEqual(created.record.label_zpl);
      expect(again?.label_pdf).toHaveLength(2);
      expect(again?.label_jpg).toHaveLength(2);
      expect(await second.resume()).toBe(0);
    } finally {
      second.close();
    }
  });

  it('lists a shipment still processing as an error when someone confirms it meanwhile', async () => {
    const file = join(tempDir(), 'engine.sqlite');
    const engine = createEngine({ file, config });
    try {
      const caller = engine.authenticate('resume-key-0001');
      if (!caller) throw new Error('no caller');
      const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL' }));
      if (created.kind !== 'created') throw new Error(created.error);
      const raw = new Database(file);
      raw.prepare("UPDATE shipments SET state = 'processing' WHERE id = ?").run(created.record.id);
      raw.close();
      const result = await engine.confirmByIds(caller, [created.record.id], false);
      expect(result.status).toBe('0 spedizioni confermate, 1 errori');
      expect(result.errors).toEqual([{ id: created.record.id, error: 'Spedizione in elaborazione' }]);
    } finally {
      engine.close();
    }
  });
});
