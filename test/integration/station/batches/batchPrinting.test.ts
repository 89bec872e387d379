// A morning's batch at a real station: 150 domestic one-parcel orders chosen in the orders list become their
// shipments, each checked as a scan (one the batch cannot weigh stays waiting with the reason), then one job on the
// Zebra with every label in pick order and one on the Epson receipt printer with the packing slips in the same order,
// each label printed once by the printer's own counter.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { createDispatcher } from '../../../../src/station/dispatch';
import { tooManyOrdersMessage, type BatchView } from '../../../../src/shared/domain/batches';
import type { WaitingOrder } from '../../../../src/shared/domain/orders';
import { heldReason, NO_WEIGHT_REASON } from '../../../../src/station/batches/request';
import { receiptPrinter, tcpPrinter } from '../../../fixtures/printers';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { commandValue } from '../../../helpers/stationCommands';
import {
  batchReaches,
  refsOnLabels,
  batchRef,
  batchSku,
  benchWithBatchOrders,
  pickOrderOf,
  shelfOf,
} from '../../../helpers/batchBench';
import { startEscposPrinter, type EscposPrinter } from '../../../peers/escposPrinter';
import { startZebraPrinter, type ZebraPrinter } from '../../../peers/zebraPrinter';
import { scanOrder } from '../../../helpers/scanOrder';
import { pdfText } from '../../../helpers/pdf';

let station: Station | undefined;
let zebra: ZebraPrinter | undefined;
let receipts: EscposPrinter | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  await zebra?.close();
  zebra = undefined;
  await receipts?.close();
  receipts = undefined;
  removeTempDirs();
});

/** The order references the labels carry, in the order they printed. */
describe('a batch of 150 orders from the orders list', () => {
  it('prints one Zebra job and one Epson job in pick order, each label once; the unweighable order waits', async () => {
    zebra = await startZebraPrinter({ initialLabelCount: 5000 });
    receipts = await startEscposPrinter();
    station = await createStation({
      dataDir: tempDir(),
      printing: { autoPrint: true, printers: [tcpPrinter(zebra), receiptPrinter(receipts)], statusEveryMs: 0 },
    });
    const { dispatch } = createDispatcher(station);
    // The bench packs these items in its small box (1,600 cm³ of items by their weight in 3,000 cm³), tare 0.2 kg.
    const box = { name: 'Piccola', key: 'P', length: 20, width: 15, height: 10, tare: 0.2, max_weight: 0 };
    expect(station.engine.boxes.save(station.caller, box, false)).toMatchObject({ ok: true });
    const orders = await benchWithBatchOrders(dispatch, 151, [150]);
    const ids = [...orders.values()].map((o) => o.id);
    const created = commandValue<BatchView>(await dispatch('batches.create', { orderIds: ids, pickOrder: 'location' }));
    expect(created.orders.map((o) => o.orderRef)).toEqual(pickOrderOf(151, [150]));

    const batch = await batchReaches(dispatch, created.id, ['done']);
    expect(batch).toMatchObject({ total: 151, made: 150, refused: 1 });
    const refused = batch.orders.find((o) => o.state === 'refused');
    expect(refused).toMatchObject({ orderRef: batchRef(150), reason: NO_WEIGHT_REASON });
    // The order the batch refused waits in the list, to be scanned and weighed.
    const waiting = commandValue<{ rows: WaitingOrder[] }>(await dispatch('orders.list', { state: 'waiting' })).rows;
    expect(waiting.map((o) => o.orderRef)).toEqual([batchRef(150)]);

    // The A4 pick list: each item with its shelf and its order, in the order the shelves are walked.
    const pick = commandValue<{ fileName: string; base64: string }>(
      await dispatch('batches.pickList', { id: batch.id }),
    );
    const text = await pdfText(Buffer.from(pick.base64, 'base64'));
    const first = pickOrderOf(150)[0] ?? '';
    expect(text).toContain(`Lista di prelievo – lotto ${batch.id}`);
    expect(text.indexOf(shelfOf(Number(first.slice(2)) - 1001))).toBeLessThan(text.indexOf(batchSku(150 - 1)));
    // One job per printer, each printed.
    expect(batch.jobs.map((j) => [j.printerId, j.kind, j.state])).toEqual([
      ['label', 'label', 'printed'],
      ['ricevute', 'slip', 'printed'],
    ]);
    const picked = pickOrderOf(150);
    expect(refsOnLabels(zebra.labels())).toEqual(picked);
    expect(zebra.labelCount()).toBe(5150);
    const slips = receipts.jobs();
    expect(slips).toHaveLength(1);
    const waybills = batch.orders
      .filter((o) => o.state === 'made')
      .map((o) => station?.engine.getShipment(station.caller, o.shipmentId ?? 0)?.num_spedizione);
    expect(slips[0]?.barcodes.map((b) => b.data)).toEqual(waybills);
    // Each shipment carries the weight its item and its box give, marked as estimated.
    const firstMade = batch.orders[0];
    expect(firstMade?.estimatedKg).toBe(0.6);
    expect(station.engine.getShipment(station.caller, firstMade?.shipmentId ?? 0)?.peso).toBe(0.6);
    const detail = commandValue<{ estimatedKg: number | null }>(
      await dispatch('shipments.get', { id: firstMade?.shipmentId ?? 0 }),
    );
    expect(detail.estimatedKg).toBe(0.6);
  }, 120_000);

  it('leaves the labels to the scan when the bench weighs batch parcels, done once each order shipped', async () => {
    zebra = await startZebraPrinter();
    station = await createStation({
      dataDir: tempDir(),
      printing: { autoPrint: true, printers: [tcpPrinter(zebra)], statusEveryMs: 0 },
    });
    const { dispatch } = createDispatcher(station);
    commandValue(await dispatch('settings.update', { weighBatchParcels: true }));
    const orders = await benchWithBatchOrders(dispatch, 3);
    const ids = [...orders.values()].map((o) => o.id);
    const created = commandValue<BatchView>(await dispatch('batches.create', { orderIds: ids }));
    expect(created).toMatchObject({ state: 'at_scan', made: 0 });
    // Nothing made nor printed until each order is scanned and weighed.
    const picked = pickOrderOf(3);
    for (const [i, ref] of picked.entries()) {
      expect(zebra.labels()).toHaveLength(i);
      await scanOrder(dispatch, ref, 0.55);
      await zebra.waitForLabels(i + 1);
    }
    const done = await batchReaches(dispatch, created.id, ['done']);
    expect(done).toMatchObject({ made: 3, refused: 0, jobs: [] });
    expect(refsOnLabels(zebra.labels())).toEqual(picked);
    expect(done.orders.every((o) => o.estimatedKg === undefined)).toBe(true);
    // Weighed at the scan: the detail says nothing was estimated.
    const detail = commandValue<{ estimatedKg: number | null }>(
      await dispatch('shipments.get', { id: done.orders[0]?.shipmentId ?? 0 }),
    );
    expect(detail.estimatedKg).toBeNull();
  }, 60_000);

  it('follows the shipping rules as the scan does: a held order waits, a rule’s service and box are used', async () => {
    zebra = await startZebraPrinter();
    station = await createStation({
      dataDir: tempDir(),
      printing: { printers: [tcpPrinter(zebra)], statusEveryMs: 0 },
    });
    const { dispatch } = createDispatcher(station);
    const box = { name: 'Grande', key: 'G', length: 40, width: 30, height: 30, tare: 0.5, max_weight: 0 };
    commandValue(await dispatch('boxes.save', { box, replace: false }));
    const rules = [
      { name: 'A mano', when: { skus: [batchSku(0)] }, then: { hold: true } },
      {
        name: 'Grandi',
        when: { skus: [batchSku(1)] },
        then: { courier: { corriere: 72, servizio: 1 }, box: 'Grande' },
      },
    ];
    commandValue(await dispatch('rules.save', { rules: { version: 1, rules } }));
    const orders = await benchWithBatchOrders(dispatch, 3);
    const ids = [...orders.values()].map((o) => o.id);
    const created = commandValue<BatchView>(await dispatch('batches.create', { orderIds: ids }));
    const done = await batchReaches(dispatch, created.id, ['done']);
    const of = (ref: string) => done.orders.find((o) => o.orderRef === ref);
    expect(of(batchRef(0))).toMatchObject({ state: 'refused', reason: heldReason(1) });
    const ruled = station.engine.getShipment(station.caller, of(batchRef(1))?.shipmentId ?? 0);
    expect(ruled).toMatchObject({ corriere: 72, servizio: 1, peso: 0.9 });
    // No rule: the cheapest service, in the box its items' volume picks (the bench's only one).
    expect(of(batchRef(2))).toMatchObject({ state: 'made', estimatedKg: 0.9 });
  }, 60_000);

  it('refuses 2,000 orders through the command table, saying the limit and the number, keeping no batch', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { dispatch } = createDispatcher(station);
    const orders = await benchWithBatchOrders(dispatch, 2);
    const ids = [...orders.values()].map((o) => o.id);
    const chosen = [...ids, ...Array.from({ length: 1998 }, (_, i) => 100_000 + i)];
    const refused = await dispatch('batches.create', { orderIds: chosen });
    expect(refused).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'refused', message: tooManyOrdersMessage(2000) }),
    });
    expect(commandValue<{ batches: BatchView[] }>(await dispatch('batches.list', {})).batches).toEqual([]);
  });
});
