// The shipping rules at the packing bench, with the scan loop's stores over a real station: a scanned order takes the
// service and the box of the first rule it meets (the rules saved now, not those of its import), the form says which
// rule chose and why, and the shipment leaves with that service; an order a rule holds for a person is not shipped
// by the scan, and says so.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { RuleSet } from '../../../src/shared/domain/shippingRules';
import { rendererApiOver } from '../../helpers/stationCommands';
import { orderRef, ordersCsv } from '../../fixtures/orderFiles';
import { scanBench } from '../../helpers/scanBench';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const RULES: RuleSet = {
  version: 1,
  rules: [
    { name: 'Due colli', when: { parcels: { min: 2 } }, then: { hold: true } },
    { name: 'Caffè', when: { skus: ['CAF-0'] }, then: { courier: { corriere: 72, servizio: 1 }, box: 'Media' } },
  ],
};

describe('shipping rules at the packing bench', () => {
  it('ships a scanned order with the service and box its rule chose, saying which rule and why', async () => {
    station = await createStation({ dataDir: tempDir() });
    const api = rendererApiOver(station);
    const box = { name: 'Media', key: '2', length: 30, width: 20, height: 15, tare: 0.3, max_weight: 0 };
    expect((await api.call('boxes.save', { box })).ok).toBe(true);
    const { flow, form, pan } = await scanBench(api, station, ordersCsv(3, { twoParcels: [1] }));
    // Saved after the import: the scan runs the rules as they are now.
    expect((await api.call('rules.save', { rules: RULES })).ok).toBe(true);

    pan(1.2);
    await flow.scan(orderRef(1001));
    expect(form.getState().ruled?.rule).toMatchObject({
      index: 1,
      name: 'Caffè',
      service: 'Demo Poste Pacco Ordinario',
    });
    expect(form.getState().values).toMatchObject({ corriere: '72', servizio: '1' });
    expect(form.getState().box).toEqual({ preset: box, why: { by: 'rule', rule: '2' } });
    expect(flow.store.getState().note?.key).toBe('scan.readyToSave');
    await flow.next();
    const shipped = station.engine.orders.find(station.caller, orderRef(1001));
    expect(shipped?.state).toBe('shipped');
    expect(station.engine.getShipment(station.caller, shipped?.shipmentId ?? 0)?.corriere).toBe(72);
  });

  it('keeps an order a rule holds for a person waiting, with an alert instead of a weighing', async () => {
    station = await createStation({ dataDir: tempDir() });
    const api = rendererApiOver(station);
    const { flow, form, pan } = await scanBench(api, station, ordersCsv(3, { twoParcels: [1] }));
    expect((await api.call('rules.save', { rules: { version: 1, rules: [RULES.rules[0]!] } })).ok).toBe(true);

    pan(2.4);
    await flow.scan(orderRef(1002));
    expect(flow.store.getState().alert).toMatchObject({
      key: 'scan.held',
      params: { ref: orderRef(1002), rule: 1, name: 'Due colli' },
    });
    expect(form.getState().weighed).toBe(0);
    expect(form.getState().values.peso).toBe('');
    // Enter at the scan after the alert does not weigh it either: a person decides (the form's own save).
    flow.acknowledge();
    await flow.next();
    expect(form.getState().weighed).toBe(0);
    expect(form.getState().order?.ref).toBe(orderRef(1002));
    expect(station.engine.orders.find(station.caller, orderRef(1002))?.state).toBe('waiting');
  });
});
