// The goods of each scanned order at the packing bench (issue 39), the stores against a real station: an order's
// goods word comes from its own lines ("T-shirt blu M + 2 altri"), else the bench's default goods (Settings › Banco,
// kept by the station across restarts), else the form asks; the word typed for one shipment never goes on the next
// order's.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import { createAppStore } from '../../../src/renderer/stores/appStore';
import { createOrdersStore } from '../../../src/renderer/stores/ordersStore';
import { createFormStore } from '../../../src/renderer/stores/shipmentForm/formStore';
import { followGoodsDefault } from '../../../src/renderer/stores/shipmentForm/goodsWord';
import type { StationApi } from '../../../src/renderer/stationApi';
import type { FormStore } from '../../../src/renderer/stores/shipmentForm/formStore';
import { commandValue, rendererApiOver } from '../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

const stations: Station[] = [];
afterEach(async () => {
  for (const station of stations.splice(0)) await station.close();
  removeTempDirs();
});

const HEADER = 'Riferimento ordine;Destinatario;Indirizzo;CAP;Città;Provincia;Telefono;Email;Articolo;Codice;Quantità';
const ROW = 'Via Garibaldi 1;47121;Forlì;FC;0543 100000;cliente@esempio.it';
const ORDERS = [
  HEADER,
  `A-1;Cliente Uno;${ROW};T-shirt blu M;TSH-M;1`,
  `A-1;Cliente Uno;${ROW};Felpa grigia L;FEL-L;1`,
  `A-1;Cliente Uno;${ROW};Cappellino nero;CAP-N;2`,
  `A-2;Cliente Due;${ROW};Tazza in ceramica;TAZ-01;1`,
  `A-3;Cliente Tre;${ROW};;;`,
].join('\r\n');

/** A bench's stores over a station on `dataDir`: the form following the bench's settings, as the screens have it. */
async function bench(dataDir: string) {
  const station = await createStation({ dataDir });
  stations.push(station);
  const api = rendererApiOver(station);
  const app = createAppStore(api);
  const form = createFormStore(api, { suggest: 1, quote: 1 });
  const disconnect = followGoodsDefault(app, form);
  await app.getState().init();
  form.getState().init(station.caller.clientIds);
  return { station, api, stores: { app, form }, disconnect };
}

async function imported(api: StationApi) {
  const orders = createOrdersStore(api);
  await orders.getState().open('ordini.csv', Buffer.from(ORDERS, 'utf8').toString('base64'));
  await orders.getState().confirm();
  return orders;
}

/** The order scanned into the form, as the scan bar loads it. */
async function scanned(form: FormStore, orders: ReturnType<typeof createOrdersStore>, ref: string) {
  const found = await orders.getState().find(ref);
  if (!found.ok || !found.order) throw new Error(`order ${ref} not found`);
  form.getState().loadOrder(found.order);
  return form.getState().values.merce;
}

describe("each scanned order's goods", () => {
  it('are its own lines, never the shipment before’s; an order without lines asks, or takes the default', async () => {
    const dir = tempDir();
    const { station, api, stores, disconnect } = await bench(dir);
    const { form } = stores;
    try {
      const orders = await imported(api);
      // The first scan of the day: nothing typed, no default, the order's lines say what it holds.
      expect(await scanned(form, orders, 'A-1')).toBe('T-shirt blu M + 2 altri');
      expect(form.getState().clientErrors.merce).toBeUndefined();
      form.getState().takeWeight(1.2);
      expect(await form.getState().submit()).toBe(true);
      const first = station.engine.orders.find(station.caller, 'A-1');
      expect(station.engine.getShipment(station.caller, first?.shipmentId ?? 0)?.merce).toBe('T-shirt blu M + 2 altri');

      // The operator types a word on a shipment typed by hand: the next order still carries its own goods.
      form.getState().setValue('merce', 'Abbigliamento');
      expect(await scanned(form, orders, 'A-2')).toBe('Tazza in ceramica');

      // An order without lines, and no default: the field is empty and the form asks, not the previous order's word.
      expect(await scanned(form, orders, 'A-3')).toBe('');
      form.getState().takeWeight(0.5);
      expect(await form.getState().submit()).toBe(false);
      expect(form.getState().visibleError('merce')?.code).toBe('required');

      // The bench's default goods, set once in Settings › Banco, is what such an order takes.
      commandValue(await api.call('settings.update', { goodsDefault: '  Articoli  da regalo ' }));
      await stores.app.getState().reloadSettings();
      expect(form.getState().goodsDefault).toBe('Articoli da regalo');
      expect(await scanned(form, orders, 'A-3')).toBe('Articoli da regalo');
    } finally {
      disconnect();
    }
    await station.close();
    stations.splice(0);

    // After a restart the default is still there: the first order without lines asks nothing.
    const again = await bench(dir);
    try {
      expect(again.stores.app.getState().settings?.goodsDefault).toBe('Articoli da regalo');
      expect(again.stores.form.getState().values.merce).toBe('Articoli da regalo');
      const orders = createOrdersStore(again.api);
      expect(await scanned(again.stores.form, orders, 'A-3')).toBe('Articoli da regalo');
      expect(await scanned(again.stores.form, orders, 'A-2')).toBe('Tazza in ceramica');
    } finally {
      again.disconnect();
    }
  });
});
