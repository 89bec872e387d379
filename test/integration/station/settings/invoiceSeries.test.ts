// Invoice numbers across the benches of one shop on one hub (our own service, as `npm run serve` composes it): two
// connected benches, each with the series its owner set in Settings › Banco, never send the same number; two benches
// still numbering the old way are caught by the hub, which refuses the second parcel with the first one's number;
// a bench on the shared order queue gives no number until its series is set, and a shop's own number always passes;
// a series' number is never given again, after its shipment is deleted and the bench restarted.
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { ACCOUNT_SETTING_KEYS } from '../../../../src/station/settings/keys';
import type { ShipmentsListAnswer } from '../../../../src/shared/api/shipmentsList';
import { zurichShipment } from '../../../fixtures/customsLines';
import { commandValue } from '../../../helpers/stationCommands';
import { connectedOptions, useRemote } from '../../../helpers/syncSetup';
import { tempDir } from '../../../helpers/tmp';

const peers = useRemote();
const stations: Station[] = [];
afterEach(async () => {
  await Promise.all(stations.splice(0).map((s) => s.close()));
});

const YEAR = String(new Date().getFullYear());
const ALL_TIME = 'data_da=2000-01-01%2000:00:00&data_a=2100-12-31%2023:59:59';

/** A connected bench on the hub, its series (if any) set as the owner sets it in Settings › Banco. */
async function bench(series?: string) {
  const station = await createStation(connectedOptions(peers.remote.baseUrl));
  stations.push(station);
  const { dispatch } = createDispatcher(station);
  if (series !== undefined) commandValue(await dispatch('settings.update', { invoiceSeries: series }));
  const ship = async (overrides: Record<string, unknown> = {}) =>
    commandValue<{ id: number }>(await dispatch('shipments.create', { body: zurichShipment(overrides) })).id;
  return { station, dispatch, ship };
}

/** The invoice numbers the hub holds, per shipment reference. */
async function hubInvoiceNumbers(): Promise<Map<string, string>> {
  const numbers = new Map<string, string>();
  for (let page = 1; ; page++) {
    const { body } = await peers.direct.request<ShipmentsListAnswer>(
      'GET',
      `/ShipmentsList?${ALL_TIME}&perPage=200&page=${page}`,
    );
    for (const record of body.payload) numbers.set(String(record.ddt_alpha), String(record.invoice_number));
    if (page >= body.totPages) return numbers;
  }
}

describe('invoice numbers across the benches of one shop', () => {
  it('two benches with their own series never send one number, 50 customs parcels each at once', async () => {
    const [first, second] = [await bench('B1'), await bench('b2')];
    const settings = commandValue<{ invoiceSeries: string; invoiceUpcoming: string }>(
      await second.dispatch('settings.get', {}),
    );
    expect(settings).toMatchObject({ invoiceSeries: 'B2', invoiceUpcoming: `FT-${YEAR}-B2-0001` });
    const fifty = async (b: Awaited<ReturnType<typeof bench>>) => {
      for (let i = 0; i < 50; i++) await b.ship();
    };
    await Promise.all([fifty(first), fifty(second)]);
    await Promise.all([first.station.sync?.drained(60_000), second.station.sync?.drained(60_000)]);
    for (const b of [first, second]) expect(b.station.engine.sync?.counts()).toMatchObject({ pending: 0, parked: 0 });

    const numbers = [...(await hubInvoiceNumbers()).values()].filter((n) => n.startsWith(`FT-${YEAR}-B`));
    expect(numbers).toHaveLength(100);
    expect(new Set(numbers).size).toBe(100);
    for (const series of ['B1', 'B2']) {
      const mine = numbers.filter((n) => n.startsWith(`FT-${YEAR}-${series}-`)).sort();
      expect(mine).toHaveLength(50);
      expect([mine[0], mine[49]]).toEqual([`FT-${YEAR}-${series}-0001`, `FT-${YEAR}-${series}-0050`]);
    }
  }, 180_000);

  it('the hub refuses a second parcel of the client with an invoice number another one holds', async () => {
    // Two benches numbering the old way (no series, not on the shared queue): each gives FT-YYYY-0001.
    const [first, second] = [await bench(), await bench()];
    const firstId = await first.ship({ rcpt_name: 'Prima Banco' });
    await first.station.sync?.drained(20_000);
    const secondId = await second.ship({ rcpt_name: 'Seconda Banco' });
    await second.station.sync?.drained(20_000);
    const held = first.station.engine.listedShipment(first.station.caller, firstId);
    const refused = second.station.engine.listedShipment(second.station.caller, secondId);
    expect(held?.sync_state).not.toBe('attention');
    expect(refused?.sync_state).toBe('attention');
    expect(refused?.sync_error).toMatch(
      new RegExp(`invoice_number: FT-${YEAR}-0001 già usato dalla spedizione \\d+ \\(${held?.ddt_alpha}\\)`),
    );
    const onHub = await hubInvoiceNumbers();
    expect(onHub.get(String(held?.ddt_alpha))).toBe(`FT-${YEAR}-0001`);
    expect(onHub.has(String(refused?.ddt_alpha))).toBe(false);
  });

  it('a bench on the shared queue numbers nothing without its series, and says where to set it', async () => {
    const { station, dispatch, ship } = await bench();
    // As the bench's name on the hub's shared queue, set in Settings › Banco, leaves it.
    station.engine.settings.set(ACCOUNT_SETTING_KEYS.sharedQueueBench, 'Banco 2');
    expect(commandValue<{ invoiceSeriesRequired: boolean }>(await dispatch('settings.get', {}))).toMatchObject({
      invoiceSeriesRequired: true,
    });
    const refused = await dispatch('shipments.create', { body: zurichShipment() });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.fields?.invoice_number).toMatchObject({ code: 'invoiceSeriesMissing' });
    expect(!refused.ok && refused.error.message).toContain('Impostazioni › Banco (es. B2)');

    // The shop's own number needs no series, and is the one the hub keeps.
    const own = await ship({ invoice_number: 'SHOP-2026/0042', invoice_date: `${YEAR}-01-15` });
    commandValue(await dispatch('settings.update', { invoiceSeries: 'B3' }));
    const numbered = await ship();
    await station.sync?.drained(20_000);
    const onHub = await hubInvoiceNumbers();
    const ref = (id: number) => String(station.engine.listedShipment(station.caller, id)?.ddt_alpha);
    expect(onHub.get(ref(own))).toBe('SHOP-2026/0042');
    expect(onHub.get(ref(numbered))).toBe(`FT-${YEAR}-B3-0001`);
  });

  it("never gives a series' number again, after a delete and a restart", async () => {
    const dataDir = tempDir();
    const open = async () => {
      const station = await createStation({ dataDir });
      stations.push(station);
      const { dispatch } = createDispatcher(station);
      const ship = async () =>
        commandValue<{ id: number }>(await dispatch('shipments.create', { body: zurichShipment() })).id;
      const numberOf = (id: number) => station.engine.shipmentInvoice(station.caller, id)?.number;
      return { station, dispatch, ship, numberOf };
    };
    const first = await open();
    commandValue(await first.dispatch('settings.update', { invoiceSeries: 'B2' }));
    const id = await first.ship();
    expect(first.numberOf(id)).toBe(`FT-${YEAR}-B2-0001`);
    commandValue(await first.dispatch('shipments.delete', { id }));
    await first.station.close();
    stations.splice(stations.indexOf(first.station), 1);

    const again = await open();
    expect(again.numberOf(await again.ship())).toBe(`FT-${YEAR}-B2-0002`);
    const back = await again.dispatch('settings.update', { invoiceNext: 1 });
    expect(!back.ok && back.error.fields?.invoiceNext?.value).toBe(`FT-${YEAR}-B2-0002`);
  });
});
