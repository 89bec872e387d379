// The packing bench's stores over a real station, without a browser: the orders of a file imported through the orders
// store, and the scan loop over the form, the orders, the settings and a scale store whose pan the test sets.
import type { Station } from '../../src/station/index';
import type { StationApi } from '../../src/renderer/stationApi';
import { createAppStore } from '../../src/renderer/stores/appStore';
import { createOrdersStore } from '../../src/renderer/stores/ordersStore';
import { createScaleStore } from '../../src/renderer/stores/scaleStore';
import { createFormStore } from '../../src/renderer/stores/shipmentForm/formStore';
import { createScanFlow } from '../../src/renderer/stores/shipmentForm/scanFlow';
import type { ScaleReading } from '../../src/shared/domain/scale';

/** The orders store with `csv` opened in its preview (not imported yet); unsubscribe stops its events. */
export async function importedOrders(api: StationApi, csv: string) {
  const orders = createOrdersStore(api);
  const unsubscribe = api.on((event) => orders.getState().apply(event));
  await orders.getState().open('ordini.csv', Buffer.from(csv, 'utf8').toString('base64'));
  return { orders, unsubscribe };
}

/** The scan loop's stores over a station with the orders of `csv` waiting, and a scale whose pan the test sets. */
export async function scanBench(api: StationApi, bench: Station, csv: string) {
  const { orders, unsubscribe } = await importedOrders(api, csv);
  unsubscribe();
  await orders.getState().confirm();
  const form = createFormStore(api, { suggest: 1, quote: 1 });
  form.getState().init(bench.caller.clientIds);
  form.getState().setValues({ merce: 'Caffè' });
  await form.getState().refreshWaiting();
  const app = createAppStore(api);
  await app.getState().init();
  const scale = createScaleStore(api);
  scale.setState({ config: { path: '/dev/ttyUSB0', baudRate: 9600, protocol: 'continuous' } });
  const pan = (kg: number, patch: Partial<ScaleReading> = {}) =>
    scale.getState().apply({
      name: 'scale.changed',
      payload: { state: 'stable', weightKg: kg, at: Date.now(), message: 'Stabile', raw: `ST,GS,+${kg}kg`, ...patch },
    });
  return { flow: createScanFlow({ form, scale, orders, app }), form, scale, orders, pan };
}
