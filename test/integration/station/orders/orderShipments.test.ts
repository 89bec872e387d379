// A shipment made from a scanned order at a real standalone station (issue 25), through the command table the form
// uses: the shop's order number is the shipment's reference (label, lists with or without '#', manifest, slip), a
// courier's refusal is answered beside the field with nothing stored and the order still waiting, and the scale
// readings used are kept with the shipment and shown in its detail.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { createDispatcher } from '../../../../src/station/dispatch';
import { packingSlipFor } from '../../../../src/station/printing/packingSlip';
import type { ShipmentDetail, ShipmentPage } from '../../../../src/shared/ipc/views';
import type { WaitingOrder } from '../../../../src/shared/domain/orders';
import { commandValue } from '../../../helpers/stationCommands';
import { pdfText } from '../../../helpers/pdf';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { shipmentOfOrder } from '../../../fixtures/shipments';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

async function benchWithOrder(values: Record<string, string> = {}): Promise<{ station: Station; order: WaitingOrder }> {
  station = await createStation({ dataDir: tempDir() });
  const drafts = [
    {
      line: 2,
      clientId: 1001,
      orderRef: '#1002',
      values: {
        rcpt_name: 'Giovanni Rossi',
        rcpt_addr: 'Via Garibaldi 12',
        rcpt_cap: '47121',
        rcpt_city: 'Forlì',
        rcpt_prov: 'FC',
        rcpt_phone: '0543 123456',
        rcpt_email: 'giovanni@example.com',
        ...values,
      },
      lines: [{ description: 'Caffè macinato 250 g', qty: 2 }],
    },
  ];
  const kept = station.engine.orders.add(station.caller, drafts, 'shopify.csv');
  expect(kept.added).toBe(1);
  return { station, order: station.engine.orders.find(station.caller, '#1002')! };
}

/** The form's body for the order, as the bench sends it once weighed. */
const formBody = shipmentOfOrder;

describe('a shipment made from a scanned order', () => {
  it('carries the shop’s order number as its reference: label, lists, manifest and slip', async () => {
    const { station, order } = await benchWithOrder();
    const { dispatch } = createDispatcher(station);
    const { id } = commandValue<{ id: number }>(
      await dispatch('shipments.create', { body: formBody(order), orderId: order.id }),
    );
    const record = station.engine.getShipment(station.caller, id)!;
    expect(record.ddt_alpha).toBe('#1002');
    // A partner system's order id is another field, left empty for a shop's own order.
    expect(record.id_order_partnerproximity).toBeUndefined();
    expect(record.label_zpl[0]).toContain('Rif. #1002');

    for (const search of ['#1002', '1002', '#10']) {
      const page = commandValue<ShipmentPage>(await dispatch('shipments.list', { view: 'departing', search }));
      expect(
        page.rows.map((r) => r.id),
        search,
      ).toEqual([id]);
    }
    expect(packingSlipFor(station.engine, station.caller, id, () => 'Demo Express')?.orderRef).toBe('#1002');

    const confirmed = await station.engine.confirmByIds(station.caller, [id], true);
    const manifest = await station.engine.getManifestPdf(station.caller, confirmed.manifest?.id ?? 0);
    expect(await pdfText(manifest!)).toContain('#1002');
  });

  it('is refused beside the field the courier names, storing nothing and leaving the order waiting', async () => {
    const { station, order } = await benchWithOrder();
    const { dispatch } = createDispatcher(station);
    // Demo Express takes names of 35 characters at most; the import would not have let this through, a person typed it.
    const name = 'Giovanni Rossi Ricambi e Accessori Auto';
    const refused = await dispatch('shipments.create', {
      body: formBody(order, { rcpt_name: name }),
      orderId: order.id,
    });
    const words = 'Ragione sociale / nome troppo lungo per Demo Express: al massimo 35 caratteri';
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'refused',
        message: words,
        // At the field, by code: the screen says it in the operator's language, without the field's API name.
        fields: {
          // With how long the name is: what is over (issue 39).
          rcpt_name: {
            code: 'courierMaxChars',
            value: '35',
            length: 39,
            message: 'il corriere accetta al massimo 35 caratteri, qui 39 (4 di troppo): accorciare il testo',
          },
        },
      },
    });
    // The cheapest choice that no service can take (an absurd weight) is refused on the weight.
    const heavy = await dispatch('shipments.create', {
      body: formBody(order, { corriere: 0, servizio: 0, peso: 99_999 }),
      orderId: order.id,
    });
    expect(heavy.ok).toBe(false);
    if (heavy.ok) return;
    expect(heavy.error.code).toBe('refused');
    expect(heavy.error.message).toMatch(/^Nessun corriere disponibile per questa spedizione: /);
    expect(heavy.error.fields?.peso?.message).toMatch(/^Peso superiore al massimo di \d+ kg per Demo /);

    expect(station.engine.listShipments(station.caller, { view: 'departing', offset: 0, limit: 10 }).total).toBe(0);
    expect(station.engine.orders.get(station.caller, order.id)?.state).toBe('waiting');
    // The spec's API still stores what its courier refuses, as status 0.6 (only the form refuses before storing).
    const viaApi = await station.engine.createShipment(station.caller, formBody(order, { rcpt_name: name }));
    expect(viaApi.kind === 'created' && viaApi.record.status).toBe(0.6);
  });

  it('leaves the order of a refused or deleted shipment waiting, the scan showing the courier’s words', async () => {
    const { station, order } = await benchWithOrder();
    const { dispatch } = createDispatcher(station);
    // Stored and then refused (status 0.6), as the spec's API does and as a remote's refusal comes back.
    const name = 'Giovanni Rossi Ricambi e Accessori Auto';
    const refused = await station.engine.createShipment(station.caller, formBody(order, { rcpt_name: name }), {
      orderId: order.id,
    });
    expect(refused.kind === 'created' && refused.record.status).toBe(0.6);
    const scanned = commandValue<{ order: WaitingOrder | null }>(await dispatch('orders.find', { reference: '1002' }));
    expect(scanned.order).toMatchObject({
      state: 'waiting',
      refusal: 'Ragione sociale / nome troppo lungo per Demo Express: al massimo 35 caratteri',
    });

    const { id } = commandValue<{ id: number }>(
      await dispatch('shipments.create', { body: formBody(order), orderId: order.id }),
    );
    expect(station.engine.orders.get(station.caller, order.id)?.state).toBe('shipped');
    const events: string[] = [];
    station.onEvent((event) => events.push(event.name));
    commandValue(await dispatch('shipments.delete', { id }));
    expect(events).toContain('orders.changed');
    const again = commandValue<{ order: WaitingOrder | null }>(await dispatch('orders.find', { reference: '#1002' }));
    expect(again.order?.state).toBe('waiting');
  });

  it('keeps what the scale read for each parcel with the shipment, and shows it in the detail', async () => {
    const { station, order } = await benchWithOrder();
    const { dispatch } = createDispatcher(station);
    const weighings = [
      { parcel: 1, kg: 1.25, at: 1_764_140_000_000, raw: 'ST,GS,+  1.250kg' },
      { parcel: 2, kg: 0.8, at: 1_764_140_004_000, raw: 'ST,GS,+  0.800kg' },
    ];
    const { id } = commandValue<{ id: number }>(
      await dispatch('shipments.create', {
        body: formBody(order, { colli: 2, peso: 2.05 }),
        orderId: order.id,
        weighings,
      }),
    );
    expect(commandValue<ShipmentDetail>(await dispatch('shipments.get', { id })).weighings).toEqual(weighings);

    const typed = commandValue<{ id: number }>(
      await dispatch('shipments.create', { body: formBody(order, { ddt_alpha: 'A MANO' }) }),
    );
    expect(commandValue<ShipmentDetail>(await dispatch('shipments.get', { id: typed.id })).weighings).toEqual([]);
    // A scale that sends a longer line than any known protocol does still lets the parcel ship: the line is cut.
    const long = commandValue<{ id: number }>(
      await dispatch('shipments.create', {
        body: formBody(order, { ddt_alpha: 'A MANO 2' }),
        weighings: [{ parcel: 1, kg: 1, at: 1, raw: 'x'.repeat(500) }],
      }),
    );
    const kept = commandValue<ShipmentDetail>(await dispatch('shipments.get', { id: long.id })).weighings;
    expect(kept[0]?.raw).toHaveLength(200);
  });
});
