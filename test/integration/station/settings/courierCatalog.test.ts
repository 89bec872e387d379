// The courier catalog of a connection, through the station's commands: a connected bench offers only the account's
// couriers (never the demo ones), keeps the catalog with its connection, checks it field by field and takes back the
// file another bench exported; a standalone bench offers its demo couriers and has no catalog to edit.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogFileText } from '../../../../src/shared/domain/courierCatalog';
import { accountCatalog } from '../../../fixtures/catalogs';
import { connectBench, useBenches, value, type Bench } from '../../../helpers/bench';
import { validShipment } from '../../../fixtures/shipments';
import { remoteCopies, useRemote } from '../../../helpers/syncSetup';

const peers = useRemote();
const ACCOUNT_LISTS = readFileSync(new URL('../../../fixtures/pricelists/account.json', import.meta.url), 'utf8');
const openBench = useBenches();

const connect = (bench: Bench) => connectBench(bench, peers.proxy.url);

describe('the courier catalog of a connection', () => {
  it('offers the demo couriers standalone and only the account’s couriers once connected', async () => {
    const bench = await openBench();
    const standalone = value(await bench.call('station.info', {}));
    expect(standalone.couriers.map((c) => c.id)).toEqual([70, 71, 72, 73, 74, 75]);
    expect(standalone.couriers.find((c) => c.id === 75)?.fields).toEqual(['codice_merce_carrier5']);
    expect(value(await bench.call('catalog.get', {}))).toMatchObject({ editable: false, suggestions: [] });
    expect(await bench.call('catalog.save', { catalog: accountCatalog() })).toMatchObject({
      ok: false,
      error: { code: 'refused' },
    });

    await connect(bench);
    // A new connection: only "Più economico", the test couriers offered apart, never the demo couriers.
    expect(value(await bench.call('station.info', {}))).toMatchObject({ cheapest: true, couriers: [] });
    const fresh = value(await bench.call('catalog.get', {}));
    expect(fresh).toMatchObject({ editable: true, catalog: { cheapest: true, couriers: [] } });
    expect(fresh.suggestions.map((c) => c.id)).toEqual([70, 71, 72, 73, 74, 75, 76, 77, 78, 79]);

    const saved = value(await bench.call('catalog.save', { catalog: accountCatalog() }));
    expect(saved.catalog.couriers.map((c) => c.name)).toEqual(['Corriere del contratto']);
    const info = value(await bench.call('station.info', {}));
    expect(info.couriers).toEqual(saved.catalog.couriers);
    expect(value(await bench.call('catalog.get', {})).suggestions.map((c) => c.id)).not.toContain(70);

    // A shipment for the account's courier reaches the remote, which makes its waybill.
    const created = value(
      await bench.call('shipments.create', { body: validShipment({ ddt_alpha: 'CATALOGO-1', corriere: 70 }) }),
    );
    expect(created.id).toBeGreaterThan(0);
    await expect.poll(() => remoteCopies(peers.direct, 'CATALOGO-1'), { timeout: 15_000 }).toBe('one');
    const listed = value(await bench.call('shipments.list', { view: 'departing', search: 'CATALOGO-1' }));
    expect(listed.rows[0]).toMatchObject({ courierName: 'Corriere del contratto', serviceName: 'Standard' });

    // A courier that gives PDF labels only is asked for PDF, so the remote never makes a format it cannot give.
    const pdfOnly = { id: 71, name: 'Solo PDF', services: [{ id: 1, name: 'Economy' }], labelFormats: ['PDF'] };
    value(await bench.call('catalog.save', { catalog: { ...accountCatalog(), couriers: [pdfOnly] } }));
    const { id } = value(
      await bench.call('shipments.create', { body: validShipment({ ddt_alpha: 'CATALOGO-PDF', corriere: 71 }) }),
    );
    const { station } = bench.runtime;
    const labels = () => {
      const record = station.engine.getShipment(station.caller, id);
      return record ? [record.label_pdf.length, record.label_zpl.length] : [];
    };
    await expect.poll(labels, { timeout: 15_000 }).toEqual([1, 0]);
    expect(await remoteCopies(peers.direct, 'CATALOGO-PDF')).toBe('one');
  });

  it('refuses a wrong catalog field by field and keeps the one saved before', async () => {
    const bench = await openBench();
    await connect(bench);
    value(await bench.call('catalog.save', { catalog: accountCatalog() }));
    const wrong = accountCatalog({
      couriers: [
        { id: 70, name: '', services: [{ id: 1, name: 'Standard' }] },
        {
          id: 70,
          name: 'Doppio',
          services: [
            { id: 1, name: 'A' },
            { id: 1, name: 'B' },
          ],
        },
      ],
    });
    const refused = await bench.call('catalog.save', { catalog: wrong });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('invalid');
    expect(refused.error.fields).toEqual({
      'couriers.0.name': { code: 'required', message: 'obbligatorio' },
      'couriers.1.id': { code: 'unique', message: 'codice già presente nella lista' },
      'couriers.1.services.1.id': { code: 'unique', message: 'codice già presente nella lista' },
    });
    expect(value(await bench.call('station.info', {})).couriers.map((c) => c.name)).toEqual(['Corriere del contratto']);
  });

  it('keeps the catalog with its connection across a restart, and another bench takes its exported file', async () => {
    const first = await openBench();
    await connect(first);
    const exported = catalogFileText(
      value(await first.call('catalog.save', { catalog: accountCatalog({ cheapest: false }) })).catalog,
    );
    await first.close();

    const again = await openBench(first.dataDir);
    expect(value(await again.call('station.info', {}))).toMatchObject({
      cheapest: false,
      couriers: [{ id: 70, services: [{ id: 1 }, { id: 2 }] }],
    });

    const other = await openBench();
    await connect(other);
    value(await other.call('catalog.save', { catalog: JSON.parse(exported) }));
    expect(value(await other.call('catalog.get', {})).catalog).toEqual(
      value(await again.call('catalog.get', {})).catalog,
    );

    // Back to standalone: the demo couriers again; the account's catalog waits with its connection.
    value(await other.call('settings.connection', { mode: 'standalone' }));
    expect(value(await other.call('station.info', {})).couriers.map((c) => c.id)).toContain(75);
  });

  it('prices with the account’s imported lists only; with none it shows no price, never a demo one', async () => {
    const bench = await openBench();
    const body = validShipment({ corriere: 0, servizio: 0 });
    const standalone = value(await bench.call('shipments.quote', { body }));
    expect(standalone.source).toBe('station');
    expect(standalone.eligible.length).toBeGreaterThan(1);
    expect(await bench.call('pricing.import', { text: ACCOUNT_LISTS })).toMatchObject({ error: { code: 'refused' } });

    await connect(bench);
    value(await bench.call('catalog.save', { catalog: accountCatalog() }));
    expect(value(await bench.call('shipments.quote', { body }))).toEqual({
      source: 'service',
      eligible: [],
      excluded: [],
    });

    // A file with a mistake changes nothing and says where the mistake is.
    const broken = ACCOUNT_LISTS.replace('"volumetric_kg_per_m3": 250', '"volumetric_kg_per_m3": 0');
    const refused = value(await bench.call('pricing.import', { text: broken }));
    expect(refused.lists).toEqual([]);
    expect(refused.errors).toEqual([
      {
        line: broken.slice(0, broken.indexOf('"volumetric_kg_per_m3": 0')).split('\n').length,
        path: 'price_lists.0.volumetric_kg_per_m3',
        message: expect.stringMatching(/^Troppo piccolo/),
      },
    ]);
    expect(value(await bench.call('shipments.quote', { body })).source).toBe('service');

    const imported = value(await bench.call('pricing.import', { text: ACCOUNT_LISTS }));
    expect(imported).toMatchObject({
      errors: [],
      lists: [
        { corriere: 70, servizio: 1 },
        { corriere: 70, servizio: 2 },
      ],
    });
    const priced = value(await bench.call('shipments.quote', { body }));
    expect(priced.source).toBe('account');
    expect(priced.eligible.map((l) => `${l.courierName} — ${l.serviceName}`)).toEqual([
      'Corriere del contratto — Standard',
      'Corriere del contratto — Express 24h',
    ]);
    expect(priced.eligible.every((l) => l.corriere === 70)).toBe(true);

    // Kept with the connection; removed on request.
    expect(value(await bench.call('pricing.lists', {})).lists).toHaveLength(2);
    expect(value(await bench.call('pricing.clear', {})).lists).toEqual([]);
    expect(value(await bench.call('shipments.quote', { body })).source).toBe('service');
  });
});
