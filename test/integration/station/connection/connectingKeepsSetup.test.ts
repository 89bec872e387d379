// Issue 39, papers outside the EU on a connected bench: what the bench set up before it connected (the sender with its
// EORI and VAT number, the product list, the orders waiting) is there after it; the remote receives the exporter's
// EORI; a parcel with none is refused at the bench, at its field; and a refusal by the remote's courier (0.6) reaches
// the screens and the "Da verificare" count within the second the answer is applied. The remote is our own service
// behind the fault proxy.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandName } from '../../../../src/shared/ipc/commands';
import type { StationEvent } from '../../../../src/shared/ipc/events';
import type { Result } from '../../../../src/shared/ipc/result';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createKeyStore, plainCodec } from '../../../../src/station/settings/keyStore';
import { startStationRuntime, type StationRuntime } from '../../../../src/station/runtime';
import { EXPORTER, PORCELAIN_MUG, zurichShipment } from '../../../fixtures/customsLines';
import { orderDraft } from '../../../fixtures/shipments';
import { REMOTE_KEY, useRemote } from '../../../helpers/syncSetup';
import { tempDir } from '../../../helpers/tmp';
import { until } from '../../../helpers/until';

const peers = useRemote();
const running: StationRuntime[] = [];
afterEach(async () => {
  for (const runtime of running.splice(0)) await runtime.close();
});

/** The demo bench's own client, which the account (1001, 1002) does not have. */
const DEMO_CLIENT = 7001;

async function demoBench() {
  const dataDir = tempDir();
  const runtime = await startStationRuntime({
    dataDir,
    keyStore: createKeyStore(join(dataDir, 'secrets.json'), plainCodec()),
    station: { clientIds: [DEMO_CLIENT], sync: { retry: { baseMs: 50, maxMs: 200 }, rateLimits: false } },
    checkTimeoutMs: 1_000,
  });
  running.push(runtime);
  const dispatcher = createDispatcher(runtime);
  const events: StationEvent[] = [];
  dispatcher.onEvent((event) => events.push(event));
  const call = <T = Record<string, unknown>>(name: CommandName, input: unknown) =>
    dispatcher.dispatch(name, input) as Promise<Result<T>>;
  const connect = () =>
    call<{ message: string }>('settings.connection', {
      mode: 'connected',
      remoteUrl: peers.proxy.url,
      apiKey: REMOTE_KEY,
      clientIds: '1001, 1002',
    });
  return { runtime, events, call, connect };
}

/** The Zürich parcel as the form sends it: no EORI of its own (the sender's profile gives it), for client 1001. */
const zurichFromForm = (overrides: Record<string, unknown> = {}) => {
  const { sender_eori: _given, ...body } = zurichShipment({ client_id: 1001, ddt_alpha: '', ...overrides });
  return body;
};

describe('a bench that connects to its account', () => {
  it('keeps its sender with EORI and VAT number, its products and its orders waiting, and says so', async () => {
    const bench = await demoBench();
    const standalone = bench.runtime.station;
    expect((await bench.call('senders.save', { clientId: DEMO_CLIENT, profile: EXPORTER })).ok).toBe(true);
    standalone.engine.products.saveAll(standalone.caller, [PORCELAIN_MUG, { ...PORCELAIN_MUG, sku: 'LIB-01' }]);
    const orders = standalone.engine.orders.add(
      standalone.caller,
      [orderDraft('#1001', DEMO_CLIENT), orderDraft('#1002', DEMO_CLIENT)],
      'orders_export.csv',
    );
    expect(orders.added).toBe(2);

    const connected = await bench.connect();
    if (!connected.ok) throw new Error(JSON.stringify(connected.error));
    expect(connected.value.message).toContain('2 ordini in attesa sono passati al nuovo collegamento');
    expect(connected.value.message).toContain('ora sono del cliente 1001');
    expect(connected.value.message).toContain('i clienti 1001, 1002');
    expect(connected.value.message).toContain('2 prodotti sono passati');

    const station = bench.runtime.station;
    expect(station.mode).toBe('connected');
    const senders = await bench.call<{ clientId: number; profile: { eori: string; vat: string } | null }[]>(
      'senders.list',
      {},
    );
    expect(senders.ok && senders.value.map((s) => [s.clientId, s.profile?.eori, s.profile?.vat])).toEqual([
      [1001, EXPORTER.eori, EXPORTER.vat],
      [1002, EXPORTER.eori, EXPORTER.vat],
    ]);
    expect(
      station.engine.products
        .list(station.caller)
        .rows.map((p) => p.sku)
        .sort(),
    ).toEqual(['LIB-01', 'TAZZA-01']);
    const waiting = station.engine.orders.list(station.caller, { state: 'waiting' }).rows;
    expect(waiting.map((o) => `${o.clientId}:${o.orderRef}`).sort()).toEqual(['1001:#1001', '1001:#1002']);
  });

  it('sends the remote the EORI and VAT number of its sender for a parcel leaving the EU', async () => {
    const bench = await demoBench();
    await bench.call('senders.save', { clientId: DEMO_CLIENT, profile: EXPORTER });
    expect((await bench.connect()).ok).toBe(true);

    const saved = await bench.call<{ id: number }>('shipments.create', { body: zurichFromForm() });
    if (!saved.ok) throw new Error(JSON.stringify(saved.error));
    const station = bench.runtime.station;
    await station.sync?.drained(20_000);

    const ref = encodeURIComponent(station.engine.getShipment(station.caller, saved.value.id)?.ddt_alpha ?? '');
    const remote = await peers.direct.request<Record<string, unknown>>('GET', `/ShipmentByDdtalpha?ddt_alpha=${ref}`);
    expect(remote.body).toMatchObject({ status: 0, sender_eori: EXPORTER.eori, vat_seller: EXPORTER.vat });
  });

  it('refuses at the EORI field a parcel leaving the EU that has none, and sends nothing', async () => {
    const bench = await demoBench();
    expect((await bench.connect()).ok).toBe(true);

    const saved = await bench.call('shipments.create', { body: zurichFromForm() });
    expect(saved).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message: expect.stringContaining('EORI del mittente'),
        fields: { sender_eori: { code: 'customsRequired' } },
      },
    });
    const station = bench.runtime.station;
    expect(station.engine.listShipments(station.caller, { view: 'departing', offset: 0, limit: 10 }).total).toBe(0);
    expect(station.sync?.status()).toMatchObject({ pending: 0, parked: 0 });
  });

  it('puts a parcel the remote’s courier refuses (0.6) in front of the operator within the second', async () => {
    const bench = await demoBench();
    await bench.call('senders.save', { clientId: DEMO_CLIENT, profile: EXPORTER });
    // Another bench of the account the test before connected (its parcel took FT-YYYY-0001 at the same remote, which
    // refuses a number twice): its own invoice series, as the owner sets one per bench.
    expect((await bench.call('settings.update', { invoiceSeries: 'B2' })).ok).toBe(true);
    expect((await bench.connect()).ok).toBe(true);
    bench.events.length = 0;

    // Demo Express's Standard service does not go to Switzerland: the remote takes the request and refuses it (0.6).
    const saved = await bench.call<{ id: number }>('shipments.create', {
      body: zurichFromForm({ corriere: 70, servizio: 1 }),
    });
    if (!saved.ok) throw new Error(JSON.stringify(saved.error));
    const id = saved.value.id;
    const station = bench.runtime.station;
    const heard = () =>
      bench.events.some((e) => e.name === 'shipments.changed' && (e.payload as { ids: number[] }).ids.includes(id));
    // The answer is applied as soon as the worker has it: no refresh cycle stands between it and the screens. (The
    // screens hear of the shipment earlier too, when it is saved: the refusal is waited for, not the first event.)
    await until(() => heard() && station.engine.getShipment(station.caller, id)?.status === 0.6, 5_000);

    const detail = await bench.call<{ row: { status: number; error: string } }>('shipments.get', { id });
    expect(detail.ok && detail.value.row).toMatchObject({ status: 0.6, error: expect.stringMatching(/CH/) });
    expect(station.sync?.status()).toMatchObject({ pending: 0, parked: 0, refused: 1 });
    const attention = station.engine.listShipments(station.caller, {
      view: 'departing',
      status: 'attention',
      offset: 0,
      limit: 10,
    });
    expect(attention.rows.map((r) => r.id)).toEqual([id]);
    expect(
      bench.events.some((e) => e.name === 'sync.changed' && (e.payload as { refused: number }).refused === 1),
    ).toBe(true);
  });
});
