// Invoice numbers on a hub's shared order queue (our own service as the hub): the hub makes a claimed order's shipment
// from its own copy of the order, so a bench scanning an order to Zürich with no invoice number of the shop's puts its
// own number (its series) on the hub's order first; without a series it claims nothing and says where to set one; a
// shop's own number is kept at the hub and shown at every bench.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import type { OrderRecord } from '../../../../src/shared/api/orders';
import { SWISS_SENDER } from '../../../fixtures/swissOrders';
import { apiClient } from '../../../helpers/api';
import { benchBody } from '../../../helpers/scanOrder';
import { commandValue } from '../../../helpers/stationCommands';
import { CLIENT_IDS, connectedOptions, REMOTE_KEY } from '../../../helpers/syncSetup';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { until } from '../../../helpers/until';
import { startServiceInProcess, type RunningService } from '../../../peers/service';

let hub: RunningService;
const stations: Station[] = [];
beforeAll(async () => {
  hub = await startServiceInProcess({
    dataDir: tempDir(),
    config: { instance: 'hub', users: [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS }], throttle: false },
  });
});
afterEach(async () => {
  for (const s of stations.splice(0)) await s.close();
});
afterAll(async () => {
  await hub.stop();
  removeTempDirs();
});

const YEAR = String(new Date().getFullYear());
const hubApi = () => apiClient(hub.baseUrl, REMOTE_KEY);

/** An order to Zürich a shop program puts in the hub's queue, with its goods (and its own invoice, if given). */
async function swissOrder(orderRef: string, extra: Record<string, unknown> = {}): Promise<void> {
  const posted = await hubApi().request('POST', '/Orders', {
    client_id: 1001,
    order_ref: orderRef,
    name: 'Buchhandlung Meier',
    address: 'Bahnhofstrasse 1',
    city: 'Zürich',
    zip: '8001',
    province: 'ZH',
    country: 'CH',
    email: 'hans@example.ch',
    phone: '+41441234567',
    customs_value: 80,
    rows: [{ sku: 'LIB-01', description: 'Printed books', qty: 2, hs_code: '490199', country_of_origin: 'IT' }],
    ...extra,
  });
  expect(posted.status).toBe(200);
}

async function hubOrder(ref: string): Promise<OrderRecord | undefined> {
  const found = await hubApi().request<{ payload: OrderRecord[] }>('GET', `/Orders?order_ref[0]=${ref}`);
  return found.body.payload[0];
}

/** A bench on the hub's queue, its series (if any) set in Settings › Banco, reading the queue every 50 ms. */
async function bench(name: string, series?: string) {
  const station = await createStation(connectedOptions(hub.baseUrl, { sync: { queueEveryMs: 50 } }));
  stations.push(station);
  expect(station.sharedQueue?.setBench(name).ok).toBe(true);
  const { dispatch } = createDispatcher(station);
  // The shop's EORI, as every bench sending parcels out of the EU has it in Settings › Mittenti.
  commandValue(await dispatch('senders.save', { clientId: 1001, profile: SWISS_SENDER }));
  if (series) commandValue(await dispatch('settings.update', { invoiceSeries: series }));
  const waiting = (ref: string) => station.engine.orders.find(station.caller, ref);
  const scan = async (ref: string) => {
    await until(() => waiting(ref)?.state === 'waiting', 15_000);
    const order = waiting(ref);
    if (!order) throw new Error(`${ref} not at ${name}`);
    return dispatch('shipments.create', { body: benchBody(order, 1.5), orderId: order.id });
  };
  return { station, dispatch, scan, waiting };
}

describe('invoice numbers on a shared order queue', () => {
  it('a bench without a series claims nothing and says where to set one', async () => {
    await swissOrder('CH-1');
    const a = await bench('Banco A');
    const refused = await a.scan('CH-1');
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.error.message).toContain('Impostazioni › Banco (es. B2)');
    expect(await hubOrder('CH-1')).toMatchObject({ status: 'waiting', invoice_number: '' });
  }, 30_000);

  it("a bench with its series puts its own number on the hub's order before claiming it, once", async () => {
    await swissOrder('CH-2');
    const b = await bench('Banco B', 'B2');
    await b.scan('CH-2');
    expect(await hubOrder('CH-2')).toMatchObject({ invoice_number: `FT-${YEAR}-B2-0001` });
    // Whatever the claim came to, the number stays given here and the order keeps it: a second scan takes no other.
    await b.scan('CH-2');
    expect((await hubOrder('CH-2'))?.invoice_number).toBe(`FT-${YEAR}-B2-0001`);
    const settings = commandValue<{ invoiceUpcoming: string }>(await b.dispatch('settings.get', {}));
    expect(settings.invoiceUpcoming).toBe(`FT-${YEAR}-B2-0002`);
  }, 30_000);

  it("keeps a shop's own invoice number at the hub, and shows it at the bench", async () => {
    await swissOrder('CH-3', { invoice_number: 'SHOP-2026/77', invoice_date: `${YEAR}-01-15` });
    const c = await bench('Banco C', 'B3');
    await c.scan('CH-3');
    expect((await hubOrder('CH-3'))?.invoice_number).toBe('SHOP-2026/77');
    expect(c.waiting('CH-3')?.values).toMatchObject({ invoice_number: 'SHOP-2026/77', invoice_date: `${YEAR}-01-15` });
    const settings = commandValue<{ invoiceUpcoming: string }>(await c.dispatch('settings.get', {}));
    expect(settings.invoiceUpcoming).toBe(`FT-${YEAR}-B3-0001`);
  }, 30_000);
});
