// A batch through what goes wrong at a bench: the Zebra out of paper when its job is due, the cable pulled halfway
// through the job, the station killed while it makes the shipments. Each time every label prints once, in pick
// order: the job waits for paper, the rest of a cut-off job goes again as the printer's counter says, and the next
// station resumes the batch from the order after the last one made.
import type { ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { createDispatcher } from '../../../../src/station/dispatch';
import { databaseFileFor } from '../../../../src/station/connection/connection';
import type { BatchView } from '../../../../src/shared/domain/batches';
import { receiptPrinter, tcpPrinter } from '../../../fixtures/printers';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { commandValue } from '../../../helpers/stationCommands';
import { until } from '../../../helpers/until';
import { batchReaches, refsOnLabels, benchWithBatchOrders, pickOrderOf } from '../../../helpers/batchBench';
import { startEscposPrinter, type EscposPrinter } from '../../../peers/escposPrinter';
import { startZebraPrinter, type ZebraPrinter } from '../../../peers/zebraPrinter';
import { startStationProcess } from '../../../peers/station';

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

async function benchWithPrinters(dataDir = tempDir()) {
  zebra = await startZebraPrinter({ initialLabelCount: 700 });
  receipts = await startEscposPrinter();
  station = await createStation({
    dataDir,
    printing: { printers: [tcpPrinter(zebra), receiptPrinter(receipts)], retryMs: 50, statusEveryMs: 0 },
  });
  const { dispatch } = createDispatcher(station);
  const orders = await benchWithBatchOrders(dispatch, 150);
  return { dispatch, ids: [...orders.values()].map((o) => o.id), zebra, receipts };
}

describe('a batch when things go wrong', () => {
  it('waits for paper with its job held, then prints each label once', async () => {
    const { dispatch, ids, zebra } = await benchWithPrinters();
    zebra.setState({ paperOut: true });
    const created = commandValue<BatchView>(await dispatch('batches.create', { orderIds: ids }));
    const held = await batchReaches(dispatch, created.id, ['printing']);
    await until(() => station?.engine.printJobs.list({ states: ['held'] }).length === 1, 30_000);
    expect(zebra.labels()).toEqual([]);
    expect(held.made).toBe(150);
    zebra.setState({ paperOut: false });
    await batchReaches(dispatch, created.id, ['done']);
    expect(refsOnLabels(zebra.labels())).toEqual(pickOrderOf(150));
    expect(zebra.labelCount()).toBe(850);
  }, 120_000);

  it('sends again only the labels after those the printer counted when the cable is pulled halfway', async () => {
    const { dispatch, ids, zebra } = await benchWithPrinters();
    zebra.dropNextConnectionAfterBytes(60_000);
    const created = commandValue<BatchView>(await dispatch('batches.create', { orderIds: ids }));
    const done = await batchReaches(dispatch, created.id, ['done']);
    expect(zebra.stats().droppedConnections).toBe(1);
    expect(zebra.stats().partialFormatsDiscarded).toBe(1);
    expect(refsOnLabels(zebra.labels())).toEqual(pickOrderOf(150));
    expect(zebra.labelCount()).toBe(850);
    const job = station?.engine.printJobs.list({ batchId: `lotto-${done.id}`, printerId: 'label' })[0];
    expect(job).toMatchObject({ state: 'printed', autoResends: 1 });
  }, 120_000);

  it('resumes after a killed station from the order after the last made, one shipment and one label each', async () => {
    const dataDir = tempDir();
    const { dispatch, ids, zebra } = await benchWithPrinters(dataDir);
    // Saved for the next stations on this data folder, as Settings saves them.
    await station?.setPrinters(station.printing?.printers ?? [], 'label');
    const created = commandValue<BatchView>(await dispatch('batches.create', { orderIds: ids }));
    commandValue(await dispatch('batches.pause', { id: created.id }));
    await station?.close();
    station = undefined;
    const file = new Database(databaseFileFor(dataDir, undefined));
    // Left as a station killed while making it leaves it: the next station on the folder goes on by itself.
    file.prepare("UPDATE batches SET state = 'making'").run();
    const made = () =>
      (file.prepare("SELECT count(*) AS n FROM batch_orders WHERE state = 'made'").get() as { n: number }).n;
    const before = made();
    expect(before).toBeLessThan(5);
    try {
      // A station resumes a batch as it starts, before it listens: it is killed while it makes the shipments.
      const started: { process?: ChildProcess } = {};
      const starting = startStationProcess(['--data', dataDir], 60_000, (process) => (started.process = process));
      await until(() => made() >= before + 20, 60_000);
      started.process?.kill('SIGKILL');
      await starting.then(
        (peer) => peer.stop('SIGKILL'),
        () => undefined,
      );
      expect(made()).toBeLessThan(150);
      expect(zebra.labels()).toEqual([]);
    } finally {
      file.close();
    }
    station = await createStation({ dataDir, printing: { retryMs: 50, statusEveryMs: 0 } });
    const next = createDispatcher(station).dispatch;
    const done = await batchReaches(next, created.id, ['done']);
    expect(done).toMatchObject({ made: 150, refused: 0 });
    expect(refsOnLabels(zebra.labels())).toEqual(pickOrderOf(150));
    expect(zebra.labelCount()).toBe(850);
    // One shipment per order, none made twice by the station killed halfway.
    expect(new Set(done.orders.map((o) => o.shipmentId)).size).toBe(150);
    const again = new Database(databaseFileFor(dataDir, undefined), { readonly: true });
    try {
      expect(again.prepare('SELECT count(*) AS n FROM shipments').get()).toEqual({ n: 150 });
    } finally {
      again.close();
    }
  }, 180_000);
});
