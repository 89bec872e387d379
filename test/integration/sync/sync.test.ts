// A connected station against our own service as the remote, through the fault-injecting proxy: what is entered
// locally reaches the remote exactly once, and the remote's answer comes back into the local record. Every test runs
// twice: straight to the fault proxy, and through the documented-aggregator peer (the real service's answer quirks)
// in front of it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import { CLIENT_IDS, REMOTE_KEY, remoteCopies, useRemote } from '../../helpers/syncSetup';
import { tempDir } from '../../helpers/tmp';
import { validShipment } from '../../fixtures/shipments';
import { MSG } from '../../../src/shared/api/messages';
import { startAggregatorProxy, type AggregatorProxy } from '../../peers/aggregatorProxy';

const peers = useRemote();
let station: Station | undefined;
let aggregator: AggregatorProxy | undefined;
const ROUTES = ['the fault proxy', 'the documented aggregator'] as const;
let remoteUrl = '';

beforeAll(async () => {
  aggregator = await startAggregatorProxy(peers.proxy.url);
});
afterAll(async () => {
  await aggregator?.close();
});

afterEach(async () => {
  peers.proxy.setOffline(false);
  peers.proxy.setPlan({ script: [] });
  await station?.close();
  station = undefined;
});

async function connectedStation(overrides: Partial<Parameters<typeof createStation>[0]> = {}): Promise<Station> {
  station = await createStation({
    dataDir: tempDir(),
    remoteUrl,
    apiKey: REMOTE_KEY,
    clientIds: CLIENT_IDS,
    ...overrides,
    sync: { rateLimits: false, retry: { baseMs: 20, maxMs: 200 }, refreshEveryMs: 200, ...overrides.sync },
  });
  return station;
}

async function create(s: Station, overrides: Record<string, unknown> = {}) {
  const outcome = await s.engine.createShipment(s.caller, validShipment(overrides));
  if (outcome.kind !== 'created') throw new Error(outcome.error);
  return outcome.record;
}

describe.each(ROUTES)('a connected station, via %s', (route) => {
  beforeAll(() => {
    remoteUrl = route === 'the fault proxy' ? peers.proxy.url : (aggregator?.url ?? '');
  });

  it("stores a shipment at once as waiting to sync, then takes the remote's waybill, barcodes and labels", async () => {
    const s = await connectedStation();
    const local = await create(s, { colli: 2 });
    expect(local).toMatchObject({ status: 0, num_spedizione: '', label_zpl: [], confermato: 0 });
    expect(local.ddt_alpha.startsWith(s.engine.sync?.prefix ?? '?')).toBe(true);
    await s.sync?.drained(20_000);

    const remote = await peers.direct.request<Record<string, unknown> & { daticolli: unknown[] }>(
      'GET',
      `/ShipmentByDdtalpha?ddt_alpha=${local.ddt_alpha}`,
    );
    const synced = s.engine.getShipment(s.caller, local.id);
    expect(remote.status).toBe(200);
    expect(synced).toMatchObject({
      num_spedizione: remote.body.num_spedizione,
      barcode: remote.body.barcode,
      tracking_link: remote.body.tracking_link,
      corriere: remote.body.corriere,
      label_pdf: remote.body.label_pdf,
      label_jpg: remote.body.label_jpg,
      daticolli: remote.body.daticolli,
    });
    // As it came: through the aggregator with CR separators, the same labels.
    expect(synced?.label_zpl.map((zpl) => zpl.replace(/\r/g, '\n'))).toEqual(remote.body.label_zpl);
    expect(synced?.label_zpl).toHaveLength(2);
  });

  it('refuses to confirm a shipment still waiting for the remote, as the spec\'s "still processing"', async () => {
    const s = await connectedStation();
    peers.proxy.setOffline(true);
    const local = await create(s);
    const result = await s.engine.confirmByIds(s.caller, [local.id], false);
    expect(result.status).toBe('0 spedizioni confermate, 1 errori');
    expect(result.errors).toEqual([{ id: local.id, error: 'Spedizione in elaborazione' }]);
  });

  it(
    'cancels a create and a delete of a shipment the ' + 'remote never saw, and merges an amend into its create',
    async () => {
      const s = await connectedStation({ sync: { hold: true, refreshEveryMs: 60_000 } });
      const gone = await create(s);
      const amended = await create(s);
      expect(s.engine.deleteShipment(s.caller, gone.id)).toBe('deleted');
      expect(s.engine.amendShipment(s.caller, amended.id, { note: 'scala B' })).toEqual({ kind: 'amended' });
      const seenBefore = peers.proxy.stats().seen;
      s.sync?.start();
      await s.sync?.drained(20_000);
      expect(await remoteCopies(peers.direct, gone.ddt_alpha)).toBe('none');
      const remote = await peers.direct.request<{ note: string }>(
        'GET',
        `/ShipmentByDdtalpha?ddt_alpha=${amended.ddt_alpha}`,
      );
      expect(remote.body.note).toBe('scala B');
      // One create went out for the amended shipment, and nothing at all for the cancelled one; through the
      // aggregator the create is answered 0.5 (in process), so one lookup by reference follows it.
      expect(peers.proxy.stats().seen - seenBefore).toBe(route === 'the fault proxy' ? 1 : 2);
    },
  );

  it('treats a request that may have arrived as sent: looks the shipment up before sending it again', async () => {
    const s = await connectedStation();
    peers.proxy.setPlan({ script: ['loseResponse'], match: { method: 'POST' } });
    const local = await create(s);
    await s.sync?.drained(20_000);
    expect(peers.proxy.stats().faults.loseResponse).toBeGreaterThanOrEqual(1);
    expect(await remoteCopies(peers.direct, local.ddt_alpha)).toBe('one');
    expect(s.engine.getShipment(s.caller, local.id)?.num_spedizione).not.toBe('');
    // The remote answers again: the bench is no longer told it could not be reached.
    expect(s.sync?.status()).toMatchObject({ online: true, lastError: '', lastErrorCode: '', lastErrorCause: '' });
  });

  it('sends amends, deletes and confirms of synced shipments, in order', async () => {
    const s = await connectedStation();
    const [a, b, c] = [await create(s), await create(s), await create(s)];
    await s.sync?.drained(20_000);
    expect(s.engine.amendShipment(s.caller, a.id, { rcpt_phone: '3330001111' })).toEqual({ kind: 'amended' });
    expect(s.engine.deleteShipment(s.caller, b.id)).toBe('deleted');
    expect((await s.engine.confirmByIds(s.caller, [c.id], false)).status).toBe('1 spedizioni confermate, 0 errori');
    await s.sync?.drained(20_000);
    expect(
      (await peers.direct.request<{ rcpt_phone: string }>('GET', `/ShipmentByDdtalpha?ddt_alpha=${a.ddt_alpha}`)).body
        .rcpt_phone,
    ).toBe('3330001111');
    expect(await remoteCopies(peers.direct, b.ddt_alpha)).toBe('none');
    expect(
      (await peers.direct.request<{ confermato: number }>('GET', `/ShipmentByDdtalpha?ddt_alpha=${c.ddt_alpha}`)).body
        .confermato,
    ).toBe(1);
  });

  it("parks a shipment the remote refuses with the remote's reason, and sends it again once corrected", async () => {
    const s = await connectedStation();
    const local = await create(s, { corriere: 99, servizio: 1 });
    await s.sync?.drained(20_000);
    expect(s.sync?.status()).toMatchObject({ pending: 0, parked: 1 });
    expect((await s.engine.confirmByIds(s.caller, [local.id], false)).errors[0]?.error).toBe(
      'Spedizione in errore: Campi non validi: corriere, servizio: servizio 1 del corriere 99 non disponibile',
    );
    const resubmitted = s.engine.sync?.resubmit(s.caller, local.id, validShipment({ corriere: 70, servizio: 1 }));
    expect(resubmitted).toEqual({ ok: true, value: undefined });
    await s.sync?.drained(20_000);
    expect(s.sync?.status()).toMatchObject({ pending: 0, parked: 0 });
    expect(await remoteCopies(peers.direct, local.ddt_alpha)).toBe('one');
    expect(s.engine.getShipment(s.caller, local.id)?.corriere).toBe(70);
  });

  it('pauses and says so when the remote refuses the API key, sending nothing more', async () => {
    const s = await connectedStation({ apiKey: 'wrong-key-0123456789' });
    await create(s);
    const deadline = Date.now() + 10_000;
    while (!s.sync?.status().paused && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(s.sync?.status()).toMatchObject({ paused: true, pending: 1, lastError: MSG.invalidApiKey });
    const forwarded = peers.proxy.stats().forwarded;
    await new Promise((r) => setTimeout(r, 300));
    expect(peers.proxy.stats().forwarded).toBe(forwarded);
  });

  it('shows shipments deleted or confirmed on the remote by someone else, never re-creating them', async () => {
    const s = await connectedStation();
    const [deletedThere, confirmedThere] = [await create(s), await create(s)];
    await s.sync?.drained(20_000);
    const remoteId = async (ddtAlpha: string) =>
      (await peers.direct.request<{ id: number }>('GET', `/ShipmentByDdtalpha?ddt_alpha=${ddtAlpha}`)).body.id;
    expect(
      (await peers.direct.request('DELETE', `/Shipment?id=${await remoteId(deletedThere.ddt_alpha)}`)).status,
    ).toBe(200);
    expect(
      (await peers.direct.request('POST', '/shipmentConfirm', { id: [await remoteId(confirmedThere.ddt_alpha)] }))
        .status,
    ).toBe(200);
    const deadline = Date.now() + 15_000;
    const done = () =>
      s.engine.getShipment(s.caller, confirmedThere.id)?.confermato === 1 && s.engine.confirmByIds !== undefined;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(s.engine.getShipment(s.caller, confirmedThere.id)?.confermato).toBe(1);
    // Waits for the refresh to have seen the deletion without confirming meanwhile: a confirm made before that is a
    // real confirm (sent, then refused by the remote), and the shipment would read as already confirmed.
    while (s.engine.listedShipment(s.caller, deletedThere.id)?.sync_state !== 'gone' && Date.now() < deadline)
      await new Promise((res) => setTimeout(res, 50));
    expect((await s.engine.confirmByIds(s.caller, [deletedThere.id], false)).errors).toEqual([
      { id: deletedThere.id, error: 'Spedizione eliminata sul servizio remoto' },
    ]);
    await s.sync?.drained(5_000);
    expect(await remoteCopies(peers.direct, deletedThere.ddt_alpha)).toBe('none');
  });
});
