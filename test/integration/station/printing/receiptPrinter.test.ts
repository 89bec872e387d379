// A receipt printer at a real station (issue 15): the settings screen's check asks it the ESC/POS way (a Zebra ~HS
// would come out on its paper as text), and a shipment made from an order prints its packing slip there once, even
// when the labels were ready before the order was marked shipped, once its label has left the label printer's queue.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { createDispatcher } from '../../../../src/station/dispatch';
import type { ImportPreview } from '../../../../src/shared/ipc/orderCommands';
import type { WaitingOrder } from '../../../../src/shared/domain/orders';
import type { EventPayload } from '../../../../src/shared/ipc/events';
import { orderRef, ordersCsv } from '../../../fixtures/orderFiles';
import { receiptPrinter, tcpPrinter } from '../../../fixtures/printers';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { startEscposPrinter, type EscposPrinter } from '../../../peers/escposPrinter';
import { startZebraPrinter, type ZebraPrinter } from '../../../peers/zebraPrinter';
import { commandValue } from '../../../helpers/stationCommands';

let station: Station | undefined;
let receipts: EscposPrinter | undefined;
let zebra: ZebraPrinter | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  await receipts?.close();
  receipts = undefined;
  await zebra?.close();
  zebra = undefined;
  removeTempDirs();
});

describe('a receipt printer at the bench', () => {
  it('is checked from Settings with DLE EOT, and nothing is printed by the check', async () => {
    receipts = await startEscposPrinter({ state: { paperOut: true } });
    station = await createStation({ dataDir: tempDir() });
    const { dispatch } = createDispatcher(station);
    const checked = commandValue(await dispatch('printing.probe', { url: receipts.url, language: 'ESCPOS' }));
    expect(checked).toEqual({ reachable: true, state: 'problem', reasons: ['paperOut'], message: 'Carta esaurita' });
    expect(receipts.stats().statusQueries).toBeGreaterThan(0);
    expect(receipts.jobs()).toEqual([]);
  });

  it('prints the packing slip of a shipment made from an order once, with its lines and cash to collect', async () => {
    receipts = await startEscposPrinter({ model: 'star' });
    station = await createStation({
      dataDir: tempDir(),
      printing: { autoPrint: true, printers: [receiptPrinter(receipts, 'star')] },
    });
    const { dispatch } = createDispatcher(station);
    const preview = commandValue<ImportPreview>(
      await dispatch('orders.preview', {
        fileName: 'ordini.csv',
        base64: Buffer.from(ordersCsv(2)).toString('base64'),
      }),
    );
    commandValue(await dispatch('orders.import', { importId: preview.importId }));
    const order = commandValue<{ order: WaitingOrder | null }>(
      await dispatch('orders.find', { reference: orderRef(1001) }),
    ).order;
    if (!order) throw new Error('order not found');
    const body = {
      rcpt_country_code: 'IT',
      ...order.values,
      client_id: order.clientId,
      corriere: 70,
      servizio: 1,
      colli: 1,
      peso: 2.35,
      volume: 0,
      merce: 'Caffè',
      origine: 'IT',
      labelType: 'ZPL',
      contrassegno: 64.5,
    };
    const { id } = commandValue<{ id: number }>(await dispatch('shipments.create', { body, orderId: order.id }));
    await receipts.waitForJobs(1, 15_000);
    const slip = receipts.jobs()[0];
    const record = station.engine.getShipment(station.caller, id);
    const text = slip?.lines.join('\n') ?? '';
    expect(text).toContain(orderRef(1001));
    expect(text).toContain('Caffè macinato 250 g');
    expect(text).toContain('Tazzina "Perù"');
    expect(text).toContain('2,35 kg');
    // Cash on delivery is the first thing under the order, large (issue 39).
    expect(text).toContain('CONTRASSEGNO 64,50 €');
    expect(text).toContain('Da incassare: solo contanti');
    expect(slip?.barcodes.map((b) => b.data)).toEqual([record?.num_spedizione]);
    expect(slip?.unknown).toEqual([]);
    // Asked again (a second labels-ready, the bench retrying): still one slip.
    expect(station.printing?.printSlip(id)).toBeUndefined();
    await new Promise((done) => setTimeout(done, 300));
    expect(receipts.jobs()).toHaveLength(1);
  });

  it('prints the slip once the label has left the label printer’s queue: printed, or held for paper', async () => {
    zebra = await startZebraPrinter();
    receipts = await startEscposPrinter();
    station = await createStation({
      dataDir: tempDir(),
      printing: { autoPrint: true, printers: [tcpPrinter(zebra), receiptPrinter(receipts)] },
    });
    const bench = station;
    const { dispatch } = createDispatcher(bench);
    const preview = commandValue<ImportPreview>(
      await dispatch('orders.preview', {
        fileName: 'ordini.csv',
        base64: Buffer.from(ordersCsv(2)).toString('base64'),
      }),
    );
    commandValue(await dispatch('orders.import', { importId: preview.importId }));
    const steps: string[] = [];
    bench.onEvent((event) => {
      if (event.name !== 'jobs.changed') return;
      const { jobId, state } = event.payload as EventPayload<'jobs.changed'>;
      steps.push(`${bench.engine.printJobs.get(jobId)?.kind} ${state}`);
    });
    const ship = async (n: number) => {
      const order = commandValue<{ order: WaitingOrder | null }>(
        await dispatch('orders.find', { reference: orderRef(n) }),
      ).order;
      if (!order) throw new Error('order not found');
      const body = { rcpt_country_code: 'IT', ...order.values, client_id: order.clientId, corriere: 70, servizio: 1 };
      const sticky = { colli: 1, peso: 1.5, volume: 0, merce: 'Caffè', origine: 'IT', labelType: 'ZPL' };
      commandValue(await dispatch('shipments.create', { body: { ...body, ...sticky }, orderId: order.id }));
    };

    await ship(1001);
    await receipts.waitForJobs(1, 15_000);
    expect(zebra.labels()).toHaveLength(1);
    expect(steps.indexOf('slip sending')).toBeGreaterThan(steps.indexOf('label printed'));

    // Out of paper, the label is held before it is sent; its slip does not wait for the paper.
    zebra.setState({ paperOut: true });
    steps.length = 0;
    await ship(1002);
    await receipts.waitForJobs(2, 15_000);
    expect(zebra.labels()).toHaveLength(1);
    expect(steps.indexOf('slip sending')).toBeGreaterThan(steps.indexOf('label held'));
  });
});
