// A parcel leaving the EU customs territory scanned with its parcel already on the scale (issue 39), with the bench's
// stores over a real station printing at once: an order naming a product the list lacks waits while it is asked, and
// a save refused then names the goods-line cell to fix, never "complete the marked fields" with nothing marked (the
// save waiting for the lines to be filled is test/ui/scanCustoms.test.ts: in-process the lines are there first).
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { StationApi } from '../../../src/renderer/stationApi';
import { tcpPrinter } from '../../fixtures/printers';
import { SWISS_ORDERS_CSV, SWISS_PRODUCTS, SWISS_SENDER } from '../../fixtures/swissOrders';
import { scanBench } from '../../helpers/scanBench';
import { commandValue, rendererApiOver } from '../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startZebraPrinter, type ZebraPrinter } from '../../peers/zebraPrinter';

let station: Station | undefined;
let zebra: ZebraPrinter | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  await zebra?.close();
  zebra = undefined;
  removeTempDirs();
});

async function swissBench(): Promise<{ api: StationApi; bench: Station }> {
  zebra = await startZebraPrinter();
  station = await createStation({
    dataDir: tempDir(),
    printing: { autoPrint: true, printers: [tcpPrinter(zebra)] },
  });
  const api = rendererApiOver(station);
  const clientId = station.caller.clientIds[0] ?? 0;
  commandValue(await api.call('senders.save', { clientId, profile: SWISS_SENDER }));
  commandValue(await api.call('products.import', { text: SWISS_PRODUCTS }));
  return { api, bench: station };
}

describe('a non-EU order scanned with its parcel already on the scale', () => {
  it('waits while a product is asked, and a refused save names the goods-line cell to fix', async () => {
    const { api, bench } = await swissBench();
    const { flow, form, pan } = await scanBench(api, bench, SWISS_ORDERS_CSV);
    pan(0.6);
    await flow.scan('CH-2');
    expect(flow.store.getState().note).toEqual({ key: 'scan.productAsked', params: { sku: 'TAZZA-99' } });
    expect(form.getState().weighed).toBe(1);
    // The operator closes the question: the line is to be typed by hand, and Enter saves.
    form.getState().productSkipped('TAZZA-99');
    await flow.next();
    const alert = flow.store.getState().alert;
    expect(alert).toMatchObject({
      key: 'scan.notSavedField',
      then: 'dettagli_ordine.0.hs_code',
      field: { name: 'dettagli_ordine.0.hs_code', issue: { code: 'required' } },
    });
    flow.acknowledge();
    expect(form.getState().focus.field).toBe('dettagli_ordine.0.hs_code');
    expect(bench.engine.orders.find(bench.caller, 'CH-2')?.state).toBe('waiting');
  });
});
