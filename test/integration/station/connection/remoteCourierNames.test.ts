// The names of couriers and services as the remote's answers give them: a connected bench (a real station syncing to
// our own service over HTTP) remembers them with the answer, shows them where its catalog has no name, keeps the
// names the operator set, and offers the rest to the catalog editor.
import { describe, expect, it } from 'vitest';
import { accountCatalog } from '../../../fixtures/catalogs';
import { connectBench, useBenches, value, type Bench } from '../../../helpers/bench';
import { validShipment } from '../../../fixtures/shipments';
import { remoteCopies, useRemote } from '../../../helpers/syncSetup';

const peers = useRemote();
const openBench = useBenches();

const connect = (bench: Bench) => connectBench(bench, peers.proxy.url);

const rowOf = async (bench: Bench, ddtAlpha: string) =>
  value(await bench.call('shipments.list', { view: 'departing', search: ddtAlpha })).rows[0];

describe('courier names learnt from the remote', () => {
  it('shows the name the remote gave where the catalog has none, and keeps the names the operator set', async () => {
    const bench = await openBench();
    await connect(bench);
    // The operator added the aggregator's test courier 70 as the settings suggest it: "Dummy 1 — Servizio 1".
    const dummy = { id: 70, name: 'Dummy 1', services: [{ id: 1, name: 'Servizio 1' }] };
    value(await bench.call('catalog.save', { catalog: accountCatalog({ couriers: [dummy] }) }));
    expect(value(await bench.call('catalog.get', {})).seen).toEqual([]);

    // One shipment for the catalog's courier, one for a courier the catalog lacks (a shop program sends any number).
    value(await bench.call('shipments.create', { body: validShipment({ ddt_alpha: 'NOMI-70', corriere: 70 }) }));
    value(
      await bench.call('shipments.create', {
        body: validShipment({ ddt_alpha: 'NOMI-72', corriere: 72, servizio: 2 }),
      }),
    );
    await expect.poll(() => remoteCopies(peers.direct, 'NOMI-72'), { timeout: 15_000 }).toBe('one');
    await expect.poll(async () => (await rowOf(bench, 'NOMI-72'))?.syncState, { timeout: 15_000 }).toBe('synced');
    await expect.poll(async () => (await rowOf(bench, 'NOMI-70'))?.syncState, { timeout: 15_000 }).toBe('synced');

    // The courier outside the catalog is named as the remote's label names it, never "Corriere 72 — 2".
    expect(await rowOf(bench, 'NOMI-72')).toMatchObject({ courierName: 'Demo Poste', serviceName: 'Pacco Celere 1' });
    // The operator's names win in every screen; the remote's are offered to the catalog editor.
    expect(await rowOf(bench, 'NOMI-70')).toMatchObject({ courierName: 'Dummy 1', serviceName: 'Servizio 1' });
    const { seen } = value(await bench.call('catalog.get', {}));
    expect(seen).toEqual([
      { id: 70, name: 'Demo Express', services: [{ id: 1, name: 'Standard' }] },
      { id: 72, name: 'Demo Poste', services: [{ id: 2, name: 'Pacco Celere 1' }] },
    ]);
    const info = value(await bench.call('station.info', {}));
    expect(info.couriers.map((c) => c.id)).toEqual([70]);
    expect(info.namedCouriers).toEqual([
      { id: 70, name: 'Dummy 1', services: [{ id: 1, name: 'Servizio 1' }] },
      { id: 72, name: 'Demo Poste', services: [{ id: 2, name: 'Pacco Celere 1' }] },
    ]);

    // The names are the connection's, kept in its database: a station started again on it still has them.
    await bench.close();
    const again = await openBench(bench.dataDir);
    expect((await rowOf(again, 'NOMI-72'))?.courierName).toBe('Demo Poste');
  });
});
