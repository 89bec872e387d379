// A parcel never goes to the wrong order (issue 39), with the bench's stores over a real station: a weighing refused
// over the scale's capacity ends there and takes no later parcel, the parcel left on the pan is held up loudly until
// the pan changes, and the weight last taken is still held after the station restarts on the same data folder.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import { createScaleStore } from '../../../src/renderer/stores/scaleStore';
import { orderRef, ordersCsv } from '../../fixtures/orderFiles';
import { scanBench } from '../../helpers/scanBench';
import { rendererApiOver } from '../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { pause, until } from '../../helpers/until';
import { startScalePeer, type ScalePeer } from '../../peers/scalePeer';

let station: Station | undefined;
let peer: ScalePeer | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  await peer?.close();
  peer = undefined;
  removeTempDirs();
});

describe('a parcel never goes to the wrong order', () => {
  it('stops weighing an order read over the scale’s capacity: the next order’s parcel is not its weight', async () => {
    station = await createStation({ dataDir: tempDir() });
    const bench = station;
    const { flow, form, pan } = await scanBench(rendererApiOver(bench), bench, ordersCsv(2));
    pan(900);
    await flow.scan(orderRef(1001));
    expect(flow.store.getState().alert).toMatchObject({
      key: 'scan.overCapacity',
      params: { ref: orderRef(1001), max: 150 },
    });
    // The next order's parcel is put on the pan before that order is scanned: the refused order does not take it.
    pan(0);
    pan(0.8);
    await pause(300);
    flow.acknowledge();
    expect(flow.store.getState().note).toEqual({ key: 'scan.weighingStopped', params: { ref: orderRef(1001) } });
    expect(form.getState()).toMatchObject({ order: { ref: orderRef(1001) }, weighed: 0 });
    expect(form.getState().values.peso).toBe('');
    expect(bench.engine.orders.find(bench.caller, orderRef(1001))?.state).toBe('waiting');

    await flow.scan(orderRef(1002));
    expect(flow.store.getState().note?.key).toBe('scan.readyToSave');
    await flow.next();
    const shipped = bench.engine.orders.find(bench.caller, orderRef(1002));
    expect(shipped?.state).toBe('shipped');
    expect(bench.engine.getShipment(bench.caller, shipped?.shipmentId ?? 0)?.peso).toBe(0.8);
    expect(bench.engine.orders.find(bench.caller, orderRef(1001))?.state).toBe('waiting');
  });

  it('holds up the previous parcel left on the pan until the pan changes, or until the operator stops', async () => {
    station = await createStation({ dataDir: tempDir() });
    const bench = station;
    const { flow, form, pan } = await scanBench(rendererApiOver(bench), bench, ordersCsv(3));
    pan(1.05);
    await flow.scan(orderRef(1001));
    await flow.next();

    const second = flow.scan(orderRef(1002));
    await until(() => flow.store.getState().guard !== undefined);
    expect(flow.store.getState().guard).toEqual({ kg: 1.05, n: 1, total: 1, ref: orderRef(1002) });
    pan(0);
    await until(() => flow.store.getState().guard === undefined);
    pan(0.8);
    await second;
    expect(form.getState().values.peso).toBe('0.8');
    await flow.next();

    const third = flow.scan(orderRef(1003));
    await until(() => flow.store.getState().guard !== undefined);
    flow.stopWeighing();
    await third;
    expect(flow.store.getState()).toMatchObject({
      guard: undefined,
      note: { key: 'scan.weighingStopped', params: { ref: orderRef(1003) } },
    });
    pan(0);
    pan(2);
    await pause(300);
    expect(form.getState().weighed).toBe(0);
  });

  it('keeps the weight last taken across a restart: the parcel still on the pan is not the next order’s', async () => {
    const dataDir = tempDir();
    const scale = await startScalePeer({ protocol: 'continuous', dir: tempDir() });
    peer = scale;
    const options = {
      dataDir,
      bench: { scale: { path: scale.path, baudRate: 9600, protocol: 'continuous' as const } },
    };
    station = await createStation(options);
    const before = rendererApiOver(station);
    const first = await scanBench(before, station, ordersCsv(2));
    const stopListening = before.on((event) => first.scale.getState().apply(event));
    scale.setWeight(1.05);
    await readsOnThePan(first.scale, 1.05);
    await first.flow.scan(orderRef(1001));
    await first.flow.next();
    stopListening();
    expect(station.engine.orders.find(station.caller, orderRef(1001))?.state).toBe('shipped');
    await until(() => station?.scale.heldKg() === 1.05);
    await station.close();

    station = await createStation(options);
    const bench = station;
    const api = rendererApiOver(bench);
    const scaleStore = createScaleStore(api);
    const unsubscribe = api.on((event) => scaleStore.getState().apply(event));
    try {
      await scaleStore.getState().init();
      expect(scaleStore.getState().heldKg).toBe(1.05);
      await readsOnThePan(scaleStore, 1.05);
      expect(scaleStore.getState().next()).toMatchObject({ ok: false, why: 'samePan' });
      scale.setWeight(0);
      await until(() => bench.scale.heldKg() === null, 5_000);
      expect(bench.engine.settings.get('bench.scale_held')).toBe('');
    } finally {
      unsubscribe();
    }
  });
});

/** The scale store shows `kg` read by the station from the scale peer. */
async function readsOnThePan(scale: ReturnType<typeof createScaleStore>, kg: number): Promise<void> {
  await until(() => scale.getState().reading?.weightKg === kg && scale.getState().reading?.state === 'stable', 5_000);
}
