// A label printed inside a batch's one Zebra job counts as printed once for its shipment: printing it again from the
// shipments list sends nothing without a reason, and with one sends that one label again, kept as a reprint. A batch
// job that failed (cut off at a printer that cannot tell what it printed) counts for none of its labels.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { createDispatcher } from '../../../../src/station/dispatch';
import type { BatchView } from '../../../../src/shared/domain/batches';
import { tcpPrinter } from '../../../fixtures/printers';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { commandValue } from '../../../helpers/stationCommands';
import { batchReaches, benchWithBatchOrders, refsOnLabels } from '../../../helpers/batchBench';
import { startZebraPrinter, type ZebraPrinter } from '../../../peers/zebraPrinter';

let station: Station | undefined;
let zebra: ZebraPrinter | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  await zebra?.close();
  zebra = undefined;
  removeTempDirs();
});

describe('a batch shipment printed again', () => {
  it('sends nothing without a reason, and with one only its own label, a reprint of the batch job', async () => {
    zebra = await startZebraPrinter();
    station = await createStation({
      dataDir: tempDir(),
      printing: { autoPrint: true, printers: [tcpPrinter(zebra)], statusEveryMs: 0 },
    });
    const { dispatch } = createDispatcher(station);
    const orders = await benchWithBatchOrders(dispatch, 3);
    const ids = [...orders.values()].map((o) => o.id);
    const created = commandValue<BatchView>(await dispatch('batches.create', { orderIds: ids }));
    const done = await batchReaches(dispatch, created.id, ['done']);
    expect(done.jobs.map((j) => j.state)).toEqual(['printed']);
    expect(zebra.labels()).toHaveLength(3);
    const second = done.orders[1];
    const shipmentId = second?.shipmentId ?? 0;

    const again = await dispatch('printing.printLabels', { ids: [shipmentId] });
    expect(commandValue<{ queued: number }>(again).queued).toBe(0);

    const reason = 'Etichetta strappata';
    const reprinted = await dispatch('printing.printLabels', { ids: [shipmentId], reprintReason: reason });
    expect(commandValue<{ queued: number }>(reprinted).queued).toBe(1);
    await zebra.waitForLabels(4);
    expect(refsOnLabels(zebra.labels().slice(3))).toEqual([second?.orderRef]);
    const batchJob = station.engine.printJobs.list({}).find((j) => j.batchId === `lotto-${done.id}`);
    const reprints = station.engine.printJobs.list({}).filter((j) => j.reprintOf !== undefined);
    expect(reprints).toEqual([
      expect.objectContaining({ reprintOf: batchJob?.id, reprintReason: reason, shipmentId, nCollo: 1 }),
    ]);
  }, 60_000);

  it('counts none of the labels of a batch job that failed as printed: one printed goes as a first print', async () => {
    // A printer without a label counter, its cable pulled inside the first label: nobody can tell what came out, so
    // the job waits for a person, failed.
    zebra = await startZebraPrinter({ model: 'legacy' });
    station = await createStation({
      dataDir: tempDir(),
      printing: { autoPrint: true, printers: [tcpPrinter(zebra)], statusEveryMs: 0 },
    });
    const { dispatch } = createDispatcher(station);
    const orders = await benchWithBatchOrders(dispatch, 3);
    zebra.dropNextConnectionAfterBytes(200);
    const created = commandValue<BatchView>(
      await dispatch('batches.create', { orderIds: [...orders.keys()].map((ref) => orders.get(ref)?.id ?? 0) }),
    );
    const end = Date.now() + 30_000;
    let jobs = station.engine.printJobs.list({ batchId: `lotto-${created.id}` });
    while (jobs[0]?.state !== 'failed' && Date.now() < end) {
      await new Promise((done) => setTimeout(done, 20));
      jobs = station.engine.printJobs.list({ batchId: `lotto-${created.id}` });
    }
    expect(jobs.map((j) => j.state)).toEqual(['failed']);
    expect(zebra.labels()).toEqual([]);
    const batch = commandValue<BatchView>(await dispatch('batches.get', { id: created.id }));
    const first = batch.orders[0];

    const printed = await dispatch('printing.printLabels', { ids: [first?.shipmentId ?? 0] });
    expect(commandValue<{ queued: number }>(printed).queued).toBe(1);
    await zebra.waitForLabels(1, 10_000);
    expect(refsOnLabels(zebra.labels())).toEqual([first?.orderRef]);
    const own = station.engine.printJobs.list({}).filter((j) => j.shipmentId === first?.shipmentId);
    // Its own first print, not a reprint of the batch job.
    expect(own).toEqual([expect.objectContaining({ kind: 'label', nCollo: 1, reprintReason: '' })]);
    expect(own[0]?.reprintOf).toBeUndefined();
  }, 60_000);
});
