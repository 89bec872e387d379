// Issue 30's day at the bench, end to end: a Shopify export with an order of two lines to Zürich and the shop's
// product list imported; the order scanned and weighed as the packing bench does it (its stores over the station's
// commands, a serial scale on a pseudo-terminal); out of the printers come the label (a Zebra peer) and three copies
// of the A4 commercial invoice naming both lines with their HS codes (a CUPS peer). A connected bench makes the same
// parcel through the documented aggregator over our service, and the remote holds its lines and its invoice.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station, type StationOptions } from '../../../../src/station/index';
import type { StationApi } from '../../../../src/renderer/stationApi';
import type { ImportPreview } from '../../../../src/shared/ipc/orderCommands';
import { createAppStore } from '../../../../src/renderer/stores/appStore';
import { createOrdersStore } from '../../../../src/renderer/stores/ordersStore';
import { createScaleStore } from '../../../../src/renderer/stores/scaleStore';
import { createFormStore } from '../../../../src/renderer/stores/shipmentForm/formStore';
import { createScanFlow } from '../../../../src/renderer/stores/shipmentForm/scanFlow';
import { officePrinter, tcpPrinter } from '../../../fixtures/printers';
import { SWISS_PRODUCTS, SWISS_SENDER } from '../../../fixtures/swissOrders';
import { pdfText } from '../../../helpers/pdf';
import { commandValue, rendererApiOver } from '../../../helpers/stationCommands';
import { connectedOptions, useRemote } from '../../../helpers/syncSetup';
import { tempDir } from '../../../helpers/tmp';
import { until } from '../../../helpers/until';
import { startAggregatorProxy, type AggregatorProxy } from '../../../peers/aggregatorProxy';
import { startFakeCups, type FakeCups } from '../../../peers/fakeCups';
import { startScalePeer, type ScalePeer } from '../../../peers/scalePeer';
import { startZebraPrinter, type ZebraPrinter } from '../../../peers/zebraPrinter';

const peers = useRemote();
let station: Station | undefined;
let zebra: ZebraPrinter | undefined;
let cups: FakeCups | undefined;
let scale: ScalePeer | undefined;
let aggregator: AggregatorProxy | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  await scale?.close();
  scale = undefined;
  await zebra?.close();
  zebra = undefined;
  cups?.remove();
  cups = undefined;
  await aggregator?.close();
  aggregator = undefined;
});

const WAIT_MS = 20_000;

/** The shop's Shopify export cut to order #1001 (olive oil ×2, chestnut honey ×1), shipped to Zürich instead. */
function swissShopifyCsv(): string {
  const file = readFileSync(join(__dirname, '../../../fixtures/orders/shopifyOrders.csv'), 'utf8');
  const parsed = Papa.parse<Record<string, string>>(file, { header: true, skipEmptyLines: true });
  const rows = parsed.data.filter((row) => row.Name === '#1001');
  expect(rows.map((row) => row['Lineitem sku'])).toEqual(['OLIO-075', 'MIELE-500']);
  const first = rows[0] ?? {};
  Object.assign(first, {
    'Shipping Street': 'Bahnhofstrasse 10',
    'Shipping Address1': 'Bahnhofstrasse 10',
    'Shipping City': 'Zürich',
    'Shipping Zip': '8001',
    'Shipping Province': 'ZH',
    'Shipping Country': 'CH',
    'Shipping Phone': '+41 44 123 45 67',
  });
  return Papa.unparse({ fields: parsed.meta.fields ?? [], data: rows });
}

/** What the shop does once: its sender profile with the EORI, its product list, the day's export from Shopify. */
async function shopPrepares(api: StationApi, clientId: number): Promise<void> {
  commandValue(await api.call('senders.save', { clientId, profile: SWISS_SENDER }));
  const imported = commandValue<{ added: number; errors: unknown[] }>(
    await api.call('products.import', { text: SWISS_PRODUCTS }),
  );
  expect(imported).toMatchObject({ added: 2, errors: [] });
  const base64 = Buffer.from(swissShopifyCsv(), 'utf8').toString('base64');
  const preview = commandValue<ImportPreview>(
    await api.call('orders.preview', { fileName: 'orders_export.csv', base64 }),
  );
  expect(preview).toMatchObject({ orders: 1, valid: 1 });
  expect(
    commandValue<{ added: number }>(await api.call('orders.import', { importId: preview.importId })),
  ).toMatchObject({ added: 1 });
}

/**
 * The packing bench's loop over the station: the order scanned, its goods lines filled from the order and completed
 * from the product list, the cheapest courier that takes it, the parcel put on the scale; saved as the bench saves
 * (at once with auto-print, Enter otherwise). Returns the shipment's id.
 */
async function scanAndWeigh(api: StationApi, bench: Station, pan: ScalePeer): Promise<number> {
  const orders = createOrdersStore(api);
  const form = createFormStore(api, { suggest: 1, quote: 1 });
  form.getState().init(bench.caller.clientIds);
  const app = createAppStore(api);
  await app.getState().init();
  const scaleStore = createScaleStore(api);
  await scaleStore.getState().init();
  const unsubscribe = api.on((event) => {
    scaleStore.getState().apply(event);
    orders.getState().apply(event);
  });
  try {
    const flow = createScanFlow({ form, scale: scaleStore, orders, app });
    // The goods' word for the label, typed once for the day (it stays from one shipment to the next).
    form.getState().setValues({ merce: 'Olio e miele' });
    pan.setWeight(0);
    await until(() => scaleStore.getState().reading?.weightKg === 0, WAIT_MS);
    const scanned = flow.scan('#1001');
    await until(() => form.getState().lines.every((line) => line.hs_code !== ''), WAIT_MS);
    expect(form.getState().lines).toEqual([
      expect.objectContaining({ sku: 'OLIO-075', hs_code: '150920', origine: 'IT', qty: '2' }),
      expect.objectContaining({ sku: 'MIELE-500', hs_code: '040900', origine: 'IT', qty: '1' }),
    ]);
    pan.setWeight(2.4);
    await scanned;
    expect(flow.store.getState().alert).toBeUndefined();
    expect(flow.store.getState().weightCheck).toBeUndefined();
    if (app.getState().settings?.autoPrint !== true) {
      // Without auto-print the bench waits for Enter.
      expect(flow.store.getState().note?.key).toBe('scan.readyToSave');
      await flow.next();
      expect(flow.store.getState().alert).toBeUndefined();
    }
    const order = bench.engine.orders.find(bench.caller, '#1001');
    expect(order?.state).toBe('shipped');
    return order?.shipmentId ?? 0;
  } finally {
    unsubscribe();
  }
}

describe('a parcel to Zürich from the shop’s export, with no typing but the day’s goods', () => {
  it('comes out as its label and three copies of the invoice naming both lines with their HS codes', async () => {
    zebra = await startZebraPrinter();
    cups = startFakeCups({ queues: [{ name: 'Ufficio', state: 'idle' }] });
    scale = await startScalePeer({ protocol: 'continuous', dir: tempDir() });
    station = await createStation({
      dataDir: tempDir(),
      printing: { autoPrint: true, printers: [tcpPrinter(zebra), officePrinter()], commandEnv: cups.env, retryMs: 50 },
      bench: { scale: { path: scale.path, baudRate: 9600, protocol: 'continuous' } },
    });
    const api = rendererApiOver(station);
    await shopPrepares(api, station.caller.clientIds[0] ?? 0);
    const id = await scanAndWeigh(api, station, scale);

    const record = station.engine.getShipment(station.caller, id);
    expect(record).toMatchObject({
      ddt_alpha: '#1001',
      rcpt_country_code: 'CH',
      peso: 2.4,
      sender_eori: SWISS_SENDER.eori,
    });
    await zebra.waitForLabels(1, WAIT_MS);
    expect(zebra.labels()[0]).toContain('#1001');
    await until(() => (cups?.jobCount() ?? 0) >= 3, WAIT_MS);
    const jobs = cups.jobs();
    expect(jobs.map((job) => job.queue)).toEqual(['Ufficio', 'Ufficio', 'Ufficio']);
    for (const job of jobs) expect(job.bytes.equals(jobs[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    const text = (await pdfText(jobs[0]?.bytes ?? Buffer.alloc(0))).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Fattura commerciale / Commercial invoice');
    expect(text).toMatch(/Extra virgin olive oil 0\.75 l 150920 IT/);
    expect(text).toMatch(/Chestnut honey 500 g 040900 IT/);
    expect(text).toContain(SWISS_SENDER.eori);
  });

  it('reaches the remote through the aggregator with its lines as dettagli_ordine and its invoice', async () => {
    aggregator = await startAggregatorProxy(peers.remote.baseUrl);
    scale = await startScalePeer({ protocol: 'continuous', dir: tempDir() });
    const options: StationOptions = connectedOptions(aggregator.url, {
      bench: { scale: { path: scale.path, baudRate: 9600, protocol: 'continuous' } },
    });
    station = await createStation(options);
    const api = rendererApiOver(station);
    await shopPrepares(api, station.caller.clientIds[0] ?? 0);
    const id = await scanAndWeigh(api, station, scale);
    await station.sync?.drained(WAIT_MS);

    const remote = await peers.direct.request<{
      status: number;
      dettagli_ordine: { sku: string; hs_code: string; qty: number }[];
      trade_documents: { nome: string; contenuto: string }[];
    }>('GET', `/ShipmentByDdtalpha?ddt_alpha=${encodeURIComponent('#1001')}`);
    expect(remote.status).toBe(200);
    expect(remote.body.status).toBe(0);
    expect(remote.body.dettagli_ordine.map((line) => [line.sku, line.hs_code, line.qty])).toEqual([
      ['OLIO-075', '150920', 2],
      ['MIELE-500', '040900', 1],
    ]);
    expect(remote.body.trade_documents).toHaveLength(1);
    const [invoice] = remote.body.trade_documents;
    const number = (invoice?.nome ?? '').replace(/\.pdf$/, '');
    expect(number).toMatch(/^FT-\d{4}-0001$/);
    const text = (await pdfText(Buffer.from(invoice?.contenuto ?? '', 'base64'))).replace(/[ \t]+/g, ' ');
    expect(text).toContain(number);
    expect(text).toMatch(/Extra virgin olive oil 0\.75 l 150920 IT/);
    expect(text).toMatch(/Chestnut honey 500 g 040900 IT/);
    // The bench keeps the very file it sent.
    const kept = await station.engine.customsDocument(station.caller, id, 'invoice');
    expect(kept.ok && kept.pdf.toString('base64')).toBe(invoice?.contenuto);
  });
});
