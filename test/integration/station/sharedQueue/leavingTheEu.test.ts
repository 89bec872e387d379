// Orders to Zürich through a hub's shared order queue (our own service as the hub, its client's sender profile with
// the EORI): bench A takes in the shop's order file and posts each order with the customs facts of its product list;
// bench B, which has no product list, claims one and gets the hub's shipment with true goods lines, printing its label
// and the invoice copies; an order whose goods nobody can value is refused in words naming what is missing, and stays
// waiting; an order a shop program put at the hub bare is completed from bench B's product list before its claim.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { createFormStore } from '../../../../src/renderer/stores/shipmentForm/formStore';
import type { WaitingOrder } from '../../../../src/shared/domain/orders';
import type { ImportPreview } from '../../../../src/shared/ipc/orderCommands';
import type { OrderRecord } from '../../../../src/shared/api/orders';
import type { ShipmentRecord } from '../../../../src/shared/api/shipmentRecord';
import { officePrinter, tcpPrinter } from '../../../fixtures/printers';
import { SWISS_ORDERS_CSV, SWISS_PRODUCTS, SWISS_SENDER } from '../../../fixtures/swissOrders';
import { apiClient } from '../../../helpers/api';
import { pdfText } from '../../../helpers/pdf';
import { benchBody } from '../../../helpers/scanOrder';
import { commandValue, rendererApiOver } from '../../../helpers/stationCommands';
import { CLIENT_IDS, connectedOptions, REMOTE_KEY } from '../../../helpers/syncSetup';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { pause, until } from '../../../helpers/until';
import { startFakeCups, type FakeCups } from '../../../peers/fakeCups';
import { startServiceInProcess, type RunningService } from '../../../peers/service';
import { startZebraPrinter, type ZebraPrinter } from '../../../peers/zebraPrinter';

const WAIT_MS = 20_000;
const YEAR = String(new Date().getFullYear());

let hub: RunningService;
let zebra: ZebraPrinter;
let cups: FakeCups;
const stations: Station[] = [];
beforeAll(async () => {
  hub = await startServiceInProcess({
    dataDir: tempDir(),
    config: {
      instance: 'hub',
      users: [{ api_key: REMOTE_KEY, clients: CLIENT_IDS.map((client_id) => ({ client_id, sender: SWISS_SENDER })) }],
      throttle: false,
    },
  });
  zebra = await startZebraPrinter();
  cups = startFakeCups({ queues: [{ name: 'Ufficio', state: 'idle' }] });
});
afterEach(async () => {
  for (const s of stations.splice(0)) await s.close();
});
afterAll(async () => {
  await zebra.close();
  cups.remove();
  await hub.stop();
  removeTempDirs();
});

const hubApi = () => apiClient(hub.baseUrl, REMOTE_KEY);
async function hubOrder(ref: string): Promise<OrderRecord | undefined> {
  const found = await hubApi().request<{ payload: OrderRecord[] }>('GET', `/Orders?order_ref[0]=${ref}&withDetails=1`);
  return found.body.payload[0];
}

/** Until the hub answers as `check` wants (polled). */
async function atHubUntil(what: string, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${WAIT_MS} ms`);
    await pause(20);
  }
}

/** A bench on the hub's queue with the shop's EORI; bench B prints (labels on a Zebra, documents on "Ufficio"). */
async function bench(name: string, printing = false, series = `${name.slice(-1)}1`) {
  const station = await createStation(
    connectedOptions(hub.baseUrl, {
      sync: { queueEveryMs: 50 },
      ...(printing
        ? {
            printing: {
              autoPrint: true,
              printers: [tcpPrinter(zebra), officePrinter()],
              commandEnv: cups.env,
              retryMs: 50,
            },
          }
        : {}),
    }),
  );
  stations.push(station);
  expect(station.sharedQueue?.setBench(name).ok).toBe(true);
  const { dispatch } = createDispatcher(station);
  commandValue(await dispatch('senders.save', { clientId: 1001, profile: SWISS_SENDER }));
  commandValue(await dispatch('settings.update', { invoiceSeries: series }));
  const waiting = (ref: string) => station.engine.orders.find(station.caller, ref);
  const scan = async (ref: string, kg = 2.4) => {
    await until(() => waiting(ref)?.state === 'waiting', WAIT_MS);
    const order = waiting(ref);
    if (!order) throw new Error(`${ref} not at ${name}`);
    return dispatch('shipments.create', { body: benchBody(order, kg), orderId: order.id });
  };
  return { station, dispatch, scan, waiting };
}

/**
 * Bench A's morning: its product list, then the shop's order file (CH-1 of two known products, CH-2 of an unknown),
 * its references under `day` (each test's own orders: a bench lists the hub's orders still waiting from another).
 */
async function benchATakesIn(day: string) {
  const a = await bench('Banco A');
  expect(commandValue(await a.dispatch('products.import', { text: SWISS_PRODUCTS }))).toMatchObject({ added: 2 });
  const base64 = Buffer.from(SWISS_ORDERS_CSV.replaceAll('CH-', `${day}-`), 'utf8').toString('base64');
  const preview = commandValue<ImportPreview>(await a.dispatch('orders.preview', { fileName: 'ordini.csv', base64 }));
  expect(commandValue(await a.dispatch('orders.import', { importId: preview.importId }))).toMatchObject({ added: 2 });
  const atHub = async (ref: string) => (await hubOrder(`${day}-${ref}`)) !== undefined;
  await atHubUntil('both orders at the hub', async () => (await atHub('1')) && (await atHub('2')));
  return a;
}

describe('orders leaving the EU through the shared queue', () => {
  it('ship from another bench with the goods lines bench A knew, the label and the invoice printed there', async () => {
    await benchATakesIn('MO');
    expect(await hubOrder('MO-1')).toMatchObject({ country: 'CH', customs_value: 34.8, currency: 'EUR' });
    const b = await bench('Banco B', true);
    // Bench B's packing form, with no product list: the order's lines carry what customs read, nothing is asked.
    const form = createFormStore(rendererApiOver(b.station), { suggest: 1, quote: 1 });
    form.getState().init(b.station.caller.clientIds);
    await until(() => b.waiting('MO-1')?.state === 'waiting', WAIT_MS);
    form.getState().loadOrder(b.waiting('MO-1') as WaitingOrder);
    await form.getState().linesFilled();
    expect(form.getState().productsMissing).toEqual([]);
    expect(form.getState().lines).toMatchObject([
      { sku: 'OLIO-075', hs_code: '150920', origine: 'IT', qty: '2', prezzo_singolo: '12.9', peso_riga: '1.38' },
      { sku: 'MIELE-500', hs_code: '040900', origine: 'IT', qty: '1', prezzo_singolo: '9', peso_riga: '0.5' },
    ]);
    form.getState().setValue('peso', '2.4');
    expect(await form.getState().submit()).toBe(true);
    const made = { id: form.getState().saved?.id };

    const atHub = await hubOrder('MO-1');
    expect(atHub).toMatchObject({ status: 'shipped', platform: 'Banco B', invoice_number: `FT-${YEAR}-B1-0001` });
    const shipment = await hubApi().request<ShipmentRecord>('GET', `/Shipment?id=${atHub?.shipment_id}`);
    expect(shipment.body).toMatchObject({
      status: 0,
      valore_doganale: 34.8,
      valuta: 'EUR',
      sender_eori: SWISS_SENDER.eori,
    });
    expect(shipment.body.dettagli_ordine).toMatchObject([
      {
        sku: 'OLIO-075',
        description: 'Extra virgin olive oil 0.75 l',
        qty: 2,
        hs_code: '150920',
        origine: 'IT',
        prezzo_singolo: 12.9,
        peso_riga: 1.38,
      },
      {
        sku: 'MIELE-500',
        description: 'Chestnut honey 500 g',
        qty: 1,
        hs_code: '040900',
        origine: 'IT',
        prezzo_singolo: 9,
        peso_riga: 0.5,
      },
    ]);

    // Bench B prints the hub's label, and the invoice copies of the goods (its bench setting: three).
    await zebra.waitForLabels(1, WAIT_MS);
    expect(zebra.labels().join('')).toContain('MO-1');
    await until(() => cups.jobCount() >= 3, WAIT_MS);
    const text = (await pdfText(cups.jobs()[0]?.bytes ?? Buffer.alloc(0))).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Fattura commerciale / Commercial invoice');
    expect(text).toContain(`FT-${YEAR}-B1-0001`);
    expect(text).toMatch(/Extra virgin olive oil 0\.75 l 150920 IT/);
    expect(text).toMatch(/Chestnut honey 500 g 040900 IT/);
    expect(b.waiting('MO-1')).toMatchObject({ state: 'shipped', shipmentId: made.id });
  }, 60_000);

  it('refuse at the claim an order whose goods have no value, naming what is missing; it stays waiting', async () => {
    await benchATakesIn('TU');
    // TAZZA-99 is not in bench A's product list: its row went to the hub with no value, weight or HS code.
    expect((await hubOrder('TU-2'))?.rows).toEqual([
      { sku: 'TAZZA-99', description: 'Tazza dipinta', qty: 1, country_of_origin: '', hs_code: '' },
    ]);
    const b = await bench('Banco B', true);
    const printed = cups.jobCount();
    const refused = await b.scan('TU-2');
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.error.message).toBe(
      "Ordine TU-2 non preso dall'hub: Dati doganali mancanti nell'ordine per CH 8001 (fuori dal territorio " +
        'doganale UE): riga 1 (TAZZA-99): codice HS (hs_code), valore unitario (prezzo_singolo), peso netto della ' +
        'riga (peso_riga)',
    );
    expect(await hubOrder('TU-2')).toMatchObject({ status: 'waiting', shipment_id: null, platform: '' });
    expect(b.waiting('TU-2')?.state).toBe('waiting');
    expect(b.station.engine.sharedQueue?.pending(b.station.caller)).toEqual([]);
    expect(b.station.engine.listShipments(b.station.caller, { view: 'departing', offset: 0, limit: 10 }).total).toBe(0);
    expect(cups.jobCount()).toBe(printed);
  }, 60_000);

  it("complete an order a shop program put at the hub bare from the claiming bench's product list", async () => {
    const posted = await hubApi().request('POST', '/Orders', {
      client_id: 1001,
      order_ref: 'CH-3',
      name: 'Beat Huber',
      address: 'Limmatquai 3',
      city: 'Zürich',
      zip: '8001',
      province: 'ZH',
      country: 'CH',
      email: 'beat@example.ch',
      phone: '+41447654321',
      rows: [
        { sku: 'OLIO-075', description: 'Olio extravergine', qty: 3 },
        { sku: 'MIELE-500', description: 'Miele di castagno', qty: 2 },
      ],
    });
    expect(posted.status).toBe(200);
    // Its own series: the first test's bench B gave B1's first number at this hub already.
    const b = await bench('Banco B', true, 'B3');
    expect(commandValue(await b.dispatch('products.import', { text: SWISS_PRODUCTS }))).toMatchObject({ added: 2 });
    // Weighed short of the goods' net weight (3.07 kg): said as such, nothing made; weighed again, shipped.
    const light = await b.scan('CH-3', 2.4);
    expect(light.ok ? '' : light.error.message).toContain(
      "Peso indicato (weight 2.4 kg) minore del peso netto delle righe dell'ordine (3.07 kg)",
    );
    commandValue<{ id: number }>(await b.scan('CH-3', 3.5));
    const atHub = await hubOrder('CH-3');
    expect(atHub).toMatchObject({ status: 'shipped', customs_value: 56.7, invoice_number: `FT-${YEAR}-B3-0001` });
    const shipment = await hubApi().request<ShipmentRecord>('GET', `/Shipment?id=${atHub?.shipment_id}`);
    expect(shipment.body).toMatchObject({ status: 0, valore_doganale: 56.7 });
    // The shop's own descriptions stay; the facts customs read are the products'.
    expect(shipment.body.dettagli_ordine).toMatchObject([
      {
        sku: 'OLIO-075',
        description: 'Olio extravergine',
        qty: 3,
        hs_code: '150920',
        origine: 'IT',
        prezzo_singolo: 12.9,
        peso_riga: 2.07,
      },
      {
        sku: 'MIELE-500',
        description: 'Miele di castagno',
        qty: 2,
        hs_code: '040900',
        origine: 'IT',
        prezzo_singolo: 9,
        peso_riga: 1,
      },
    ]);
  }, 60_000);
});
