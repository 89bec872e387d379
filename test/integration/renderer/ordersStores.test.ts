// The packing bench's stores against a real station (issue 15), without a browser: a scanned order fills the form
// and keeps the sticky fields, each parcel takes its own weight, and the save ships that order; the orders screen's
// store previews, fixes and imports a file and follows the station's progress.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { StationApi } from '../../../src/renderer/stationApi';
import { rendererApiOver } from '../../helpers/stationCommands';
import { createFormStore } from '../../../src/renderer/stores/shipmentForm/formStore';
import { createOrdersStore } from '../../../src/renderer/stores/ordersStore';
import { orderRef, ordersCsv } from '../../fixtures/orderFiles';
import { choiceOf, gridFields, parseChoice } from '../../../src/renderer/screens/orders/previewColumns';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

async function stationApi(): Promise<{ api: StationApi; station: Station }> {
  station = await createStation({ dataDir: tempDir() });
  return { api: rendererApiOver(station), station };
}

async function importedOrders(api: StationApi, csv: string) {
  const orders = createOrdersStore(api);
  const unsubscribe = api.on((event) => orders.getState().apply(event));
  await orders.getState().open('ordini.csv', Buffer.from(csv, 'utf8').toString('base64'));
  return { orders, unsubscribe };
}

describe('the packing bench stores', () => {
  it('previews, fixes and imports a file, then lists the orders waiting', async () => {
    const { api } = await stationApi();
    const { orders, unsubscribe } = await importedOrders(api, ordersCsv(6, { badEmail: [1] }));
    try {
      const problem = orders.getState().preview?.problems[0];
      expect(orders.getState().preview).toMatchObject({ orders: 6, valid: 5, problemCount: 1 });
      await orders.getState().fix(problem?.line ?? 0, 'rcpt_email', 'ok@esempio.it');
      expect(orders.getState().preview?.valid).toBe(6);
      // A column set to "not imported" drops what it held: the e-mails go, so every order is to fix again but the
      // one whose e-mail was typed in the grid.
      const column = orders.getState().preview?.mapping.indexOf('rcpt_email') ?? -1;
      await orders.getState().map(column, '');
      expect(orders.getState().preview).toMatchObject({ valid: 1, problemCount: 5 });
      await orders.getState().map(column, 'rcpt_email');
      await orders.getState().confirm();
      expect(orders.getState().result).toEqual({ added: 6, duplicates: 0, invalid: 0 });
      expect(orders.getState().orders.map((o) => o.orderRef)).toHaveLength(6);
      await orders.getState().setFilter({ search: orderRef(1002) });
      expect(orders.getState().orders.map((o) => o.orderRef)).toEqual([orderRef(1002)]);
    } finally {
      unsubscribe();
    }
  });

  it('offers a cell for every field a problem row lacks, and maps a column as a part or a fallback', async () => {
    const { api } = await stationApi();
    // No phone column at all: the form still asks for one, and the grid has a phone cell to type it in.
    const csv = ordersCsv(2)
      .split('\r\n')
      .map((line) =>
        line
          .split(';')
          .filter((_, i) => i !== 6)
          .join(';'),
      )
      .join('\r\n');
    const { orders, unsubscribe } = await importedOrders(api, csv);
    unsubscribe();
    const preview = orders.getState().preview!;
    expect(preview.problems[0]?.errors.rcpt_phone?.code).toBe('required');
    expect(gridFields(preview)).toContain('rcpt_phone');
    await orders.getState().fix(preview.problems[0]!.line, 'rcpt_phone', '0543 123456');
    expect(orders.getState().preview?.problemCount).toBe(1);

    // The e-mail column as the fallback of the name (a test of the editor's choices, not a sensible mapping).
    const email = preview.mapping.indexOf('rcpt_email');
    const { field, role } = parseChoice('?rcpt_name');
    await orders.getState().map(email, field, role);
    expect(orders.getState().preview?.mapping[email]).toEqual({ fallback: 'rcpt_name' });
    expect(choiceOf(orders.getState().preview!.mapping, email)).toBe('?rcpt_name');
    await orders.getState().map(email, 'rcpt_name', 'part');
    expect(choiceOf(orders.getState().preview!.mapping, email)).toBe('+rcpt_name');
    expect(orders.getState().preview?.problems[0]?.cells.rcpt_name).toMatch(
      /^Cliente \d S\.r\.l\. cliente\d@esempio\.it$/,
    );
  });

  it("shows the orders paid on delivery, and saves the shop's own words for it, then checks again", async () => {
    const { api } = await stationApi();
    const csv =
      'Ordine;Destinatario;Indirizzo;CAP;Città;Provincia;Telefono;Email;Pagamento;Totale\r\n' +
      '1;Rossi;Via Po 1;47121;Forlì;FC;0543 1;a@b.it;Pagamento al corriere;12,50\r\n' +
      '2;Bianchi;Via Po 2;47121;Forlì;FC;0543 2;a@b.it;Contrassegno;30\r\n';
    const { orders, unsubscribe } = await importedOrders(api, csv);
    unsubscribe();
    expect(orders.getState().preview).toMatchObject({ codCount: 1, problemCount: 1 });
    expect(orders.getState().preview?.cod[0]).toMatchObject({ orderRef: '2', amount: '30' });
    await orders.getState().loadCodWords();
    expect(orders.getState().codWords?.words).toEqual([]);
    expect(await orders.getState().setCodWords(['Pagamento al corriere'])).toBe(true);
    expect(orders.getState().codWords?.words).toEqual(['Pagamento al corriere']);
    expect(orders.getState().preview).toMatchObject({ codCount: 2, problemCount: 0 });
  });

  it('fills the form from a scanned order, weighs each parcel and ships that order with the save', async () => {
    const { api, station: bench } = await stationApi();
    const { orders, unsubscribe } = await importedOrders(api, ordersCsv(3, { twoParcels: [2] }));
    unsubscribe();
    await orders.getState().confirm();
    const form = createFormStore(api, { suggest: 1, quote: 1 });
    form.getState().init(bench.caller.clientIds);
    form.getState().setValues({ merce: 'Caffè', corriere: '70', servizio: '1' });

    const found = await orders.getState().find(orderRef(1003).toLowerCase());
    if (!found.ok || !found.order) throw new Error('order not found');
    form.getState().loadOrder(found.order);
    const values = form.getState().values;
    expect(values).toMatchObject({
      rcpt_city: 'Milano',
      rcpt_cap: '20121',
      merce: 'Caffè',
      corriere: '70',
      colli: '2',
    });
    expect(values.id_order_partnerproximity).toBe(orderRef(1003));
    expect(form.getState().detailed).toBe(true);
    expect(form.getState().takeWeight(1.2)).toBe(false);
    expect(form.getState().takeWeight(0.65)).toBe(true);
    expect(form.getState().parcels.map((p) => p.peso)).toEqual(['1.2', '0.65']);
    expect(form.getState().values.peso).toBe('1.85');

    expect(await form.getState().submit()).toBe(true);
    const shipped = bench.engine.orders.find(bench.caller, orderRef(1003));
    expect(shipped?.state).toBe('shipped');
    expect(bench.engine.getShipment(bench.caller, shipped?.shipmentId ?? 0)?.peso).toBeCloseTo(1.85, 3);
    // The form is ready for the next scan: no order, the sticky fields kept.
    expect(form.getState().order).toBeUndefined();
    expect(form.getState().values.merce).toBe('Caffè');
    expect(form.getState().focus.field).toBe('scan_order');
  });
});
