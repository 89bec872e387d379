// The box at the packing bench, with the scan loop's stores over a real station and a scale whose pan the test sets:
// a scanned order's items choose the smallest box that holds them, its sizes go into the parcel (and the volume
// sent), and its tare into what the scale should show, so a parcel missing a piece is caught; a box's key scanned
// while the bench waits for the weight picks that box instead and the weighing goes on; `BOX:` of no box is an alert.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { Box } from '../../../src/shared/domain/boxes';
import { buildBody } from '../../../src/shared/domain/shipmentForm';
import { rendererApiOver } from '../../helpers/stationCommands';
import { orderRef, ordersCsv } from '../../fixtures/orderFiles';
import { scanBench } from '../../helpers/scanBench';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const BOXES: Box[] = [
  { name: 'Piccola', key: '1', length: 20, width: 15, height: 10, tare: 0.15, max_weight: 5 },
  { name: 'Media', key: '2', length: 30, width: 20, height: 15, tare: 0.3, max_weight: 0 },
  { name: 'Grande', key: '3', length: 50, width: 40, height: 30, tare: 0.6, max_weight: 0 },
];

/** A bench with the boxes kept and order ORD-BOX waiting: four 0.5 kg pieces (2 kg, 8,000 cm³ by their weight). */
async function benchWithBoxes() {
  station = await createStation({ dataDir: tempDir() });
  const api = rendererApiOver(station);
  for (const box of BOXES) expect((await api.call('boxes.save', { box })).ok).toBe(true);
  const bench = await scanBench(api, station, ordersCsv(1));
  const base = station.engine.orders.find(station.caller, orderRef(1001));
  if (!base) throw new Error('no order');
  const line = { sku: 'VASO-01', description: 'Vaso in ceramica', qty: 4, weightKg: 0.5 };
  const order = { line: 0, clientId: base.clientId, orderRef: 'ORD-BOX', values: base.values, lines: [line] };
  expect(station.engine.orders.add(station.caller, [order], 'test').added).toBe(1);
  return bench;
}

describe('the box at the packing bench', () => {
  it("chooses the box by the items' volume, sends its sizes, and counts its tare in the weight check", async () => {
    const { flow, form, pan } = await benchWithBoxes();
    // One piece missing: 1.5 kg and the box's 0.3 kg. Without the box's tare 1.8 kg would pass for the 2 kg expected.
    pan(1.8);
    await flow.scan('ORD-BOX');
    expect(form.getState().box).toEqual({ preset: BOXES[1], why: { by: 'volume', itemsCm3: 8000 } });
    expect(form.getState().dims).toEqual({ lunghezza: '30', larghezza: '20', altezza: '15' });
    expect(form.getState().values.volume).toBe('0.009');
    expect(flow.store.getState().weightCheck).toEqual({ expectedKg: 2.3, weighedKg: 1.8, box: 'Media' });

    // The piece found: 2.3 kg on the pan is what four pieces and the box weigh.
    const weighAgain = flow.confirmWeight(false);
    await until(() => flow.store.getState().note?.key === 'scan.clearPan');
    pan(2.3);
    await weighAgain;
    expect(flow.store.getState().weightCheck).toBeUndefined();
    expect(flow.store.getState().note?.key).toBe('scan.readyToSave');
    const { values, parcels, detailed, lines } = form.getState();
    expect(buildBody(values, parcels, detailed, lines).volume).toBe('0.009');
  });

  it("takes the box of a key scanned while the weight is awaited, over the items' choice", async () => {
    const { flow, form, pan } = await benchWithBoxes();
    pan(0);
    const scanning = flow.scan('ORD-BOX');
    await until(() => flow.store.getState().note?.key === 'scan.putParcel');
    await form.getState().linesFilled();
    expect(form.getState().box?.preset.name).toBe('Media');

    const keyed = flow.scan('3');
    await scanning;
    await until(() => form.getState().box?.preset.name === 'Grande');
    expect(form.getState().box?.why).toEqual({ by: 'key', key: '3' });
    expect(form.getState().dims).toEqual({ lunghezza: '50', larghezza: '40', altezza: '30' });
    expect(form.getState().values.volume).toBe('0.06');
    expect(form.getState().order?.ref).toBe('ORD-BOX');
    // The weighing goes on: four pieces and the large box's 0.6 kg.
    pan(2.6);
    await keyed;
    expect(flow.store.getState().weightCheck).toBeUndefined();
    expect(form.getState().values.peso).toBe('2.6');

    await flow.scan('BOX:Enorme');
    expect(flow.store.getState().alert).toMatchObject({ key: 'scan.boxUnknown', params: { name: 'Enorme' } });
    expect(form.getState().box?.preset.name).toBe('Grande');
  });
});
