// A connected bench books its couriers' pickups at the remote (our own `npm run serve` composition, on the bench's
// clock, behind a fault proxy), through the command table the screens use: the remote's silent 200 refusal (a ready
// time already past) reaches the screen's data loud with its reason, the retry with a later time is booked with the
// courier's number, a second booking that day is refused naming it, and the pickup is followed until the driver came.
// Offline, a pickup asked for waits, says why, and is booked once the remote is back. A real `npm run serve` process
// as the remote: its 200 refusal reaches the bench's data as the service keeps it. A second bench of the account
// asking for the same courier and day gets the booking already made, with the courier's note saying so.
import { afterEach, describe, expect, it } from 'vitest';
import type { PickupView } from '../../../../src/shared/ipc/pickupCommands';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { validShipment } from '../../../fixtures/shipments';
import { manualClock } from '../../../helpers/manualClock';
import { moving, passUntil } from '../../../helpers/movedClock';
import { recordingLog } from '../../../helpers/recordingLog';
import { commandValue } from '../../../helpers/stationCommands';
import { CLIENT_IDS, REMOTE_KEY } from '../../../helpers/syncSetup';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { startFaultProxy, type FaultProxy } from '../../../peers/faultProxy';
import { startService, startServiceInProcess, type InProcessService, type ServicePeer } from '../../../peers/service';
import { apiClient } from '../../../helpers/api';
import { until } from '../../../helpers/until';

/** Monday 30 November 2026, 10:00 at the bench. */
const MONDAY_TEN = new Date(2026, 10, 30, 10, 0, 0).getTime();

let station: Station | undefined;
let second: Station | undefined;
let proxy: FaultProxy | undefined;
let service: InProcessService | ServicePeer | undefined;
afterEach(async () => {
  await station?.close();
  await second?.close();
  second = undefined;
  await proxy?.close();
  await service?.stop();
  station = proxy = service = undefined;
  removeTempDirs();
});

/** The hub on the bench's clock, the fault proxy in front of it, and a bench connected through the proxy. */
async function connectedBench() {
  const clock = manualClock(MONDAY_TEN);
  service = await startServiceInProcess({
    dataDir: tempDir(),
    config: { instance: 'hub', users: [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS }], throttle: false },
    now: () => clock.now(),
  });
  const remote = await startFaultProxy(service.baseUrl);
  proxy = remote;
  const bench = await createStation({
    dataDir: tempDir(),
    remoteUrl: remote.url,
    apiKey: REMOTE_KEY,
    clientIds: CLIENT_IDS,
    clock,
    log: recordingLog(),
    sync: { retry: { baseMs: 1_000, maxMs: 5_000 } },
  });
  station = bench;
  return { clock, bench, remote };
}

describe("a connected bench's pickups", () => {
  it(
    'shows the remote\'s 200 refusal with its reason, books the retry, refuses a second, follows it to "collected"',
    { timeout: 60_000 },
    async () => {
      const { clock, bench } = await connectedBench();
      const dispatcher = createDispatcher(bench);
      const ids: number[] = [];
      for (const [i, corriere] of [70, 70, 70, 74].entries()) {
        const created = await bench.engine.createShipment(
          bench.caller,
          validShipment({ labelType: 'ZPL', ddt_alpha: `RITIRO-${i}`, corriere, colli: 2, peso: 4.5 }),
        );
        if (created.kind !== 'created') throw new Error(JSON.stringify(created));
        ids.push(created.record.id);
      }
      await passUntil(moving(clock), () => bench.sync?.status().pending === 0, 'creates synced');
      await bench.engine.confirmByIds(bench.caller, ids, false);
      await passUntil(moving(clock), () => bench.sync?.status().pending === 0, 'confirmation synced');

      const today = async () =>
        commandValue<{ couriers: { courierId: number; parcels: number; weightKg: number }[]; pickups: PickupView[] }>(
          await dispatcher.dispatch('pickups.today', {}),
        );
      expect((await today()).couriers).toMatchObject([
        { courierId: 70, parcels: 6, weightKg: 13.5 },
        { courierId: 74, parcels: 2, weightKg: 4.5 },
      ]);

      const late = commandValue<PickupView>(
        await dispatcher.dispatch('pickups.book', { courierId: 70, ready: '09:00', closing: '18:00' }),
      );
      expect(late).toMatchObject({ state: 'refused', status: 10, kind: 'refused', numOrm: '' });
      expect(late.error).toMatch(/^Ritiro non prenotabile: l'orario di disponibilità merce \(09:00\) è già passato/);

      const booked = commandValue<PickupView>(
        await dispatcher.dispatch('pickups.book', { courierId: 70, ready: '10:30', closing: '18:00' }),
      );
      expect(booked).toMatchObject({ state: 'booked', kind: 'sent', numOrm: 'R70202611300001', parcels: 6 });
      const again = await dispatcher.dispatch('pickups.book', { courierId: 70, ready: '11:00', closing: '18:00' });
      expect(again).toEqual({
        ok: false,
        error: { code: 'refused', message: 'Ritiro già prenotato oggi per questo corriere: R70202611300001' },
      });
      expect((await today()).pickups.map((p) => [p.state, p.readyTime])).toEqual([
        ['booked', '10:30'],
        ['refused', '09:00'],
      ]);

      const latest = async () => (await today()).pickups.find((p) => p.id === booked.id);
      const kinds = new Set<string>();
      await passUntil(
        moving(clock),
        () => {
          const now = bench.engine.pickups.bench.byId(bench.caller, booked.id);
          if (now?.status) kinds.add(String(now.status));
          return now?.status === 3;
        },
        'pickup collected',
        5 * 60_000,
      );
      expect(await latest()).toMatchObject({ kind: 'collected', numOrm: 'R70202611300001', lastError: '' });
      expect([...kinds]).toEqual(['1', '2', '3']);
    },
  );

  it('keeps a pickup asked for offline waiting, says why, and books it once the remote is back', async () => {
    const { clock, bench, remote } = await connectedBench();
    const created = await bench.engine.createShipment(bench.caller, validShipment({ labelType: 'ZPL', corriere: 74 }));
    if (created.kind !== 'created') throw new Error(JSON.stringify(created));
    await passUntil(moving(clock), () => bench.sync?.status().pending === 0, 'create synced');
    await bench.engine.confirmByIds(bench.caller, [created.record.id], false);
    await passUntil(moving(clock), () => bench.sync?.status().pending === 0, 'confirmation synced');

    remote.setOffline(true);
    const dispatcher = createDispatcher(bench);
    const waiting = commandValue<PickupView>(
      await dispatcher.dispatch('pickups.book', { courierId: 74, ready: '14:00', closing: '18:00' }),
    );
    expect(waiting).toMatchObject({ state: 'waiting', status: null, numOrm: '' });
    expect(waiting.lastError).not.toBe('');
    remote.setOffline(false);
    await passUntil(
      moving(clock),
      () => bench.engine.pickups.bench.byId(bench.caller, waiting.id)?.state === 'booked',
      'pickup sent once back',
      30_000,
    );
    expect(bench.engine.pickups.bench.byId(bench.caller, waiting.id)).toMatchObject({
      numOrm: 'R74202611300001',
      lastError: '',
    });
  });

  it(
    "shows a real `npm run serve` process's 200 refusal as the service keeps it, on any day",
    { timeout: 90_000 },
    async () => {
      const peer = await startService({
        dataDir: tempDir(),
        config: { instance: 'hub', users: [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS }], throttle: false },
      });
      service = peer;
      const bench = await createStation({
        dataDir: tempDir(),
        remoteUrl: peer.baseUrl,
        apiKey: REMOTE_KEY,
        clientIds: CLIENT_IDS,
        log: recordingLog(),
        sync: { retry: { baseMs: 200, maxMs: 1_000 } },
      });
      station = bench;
      const created = await bench.engine.createShipment(bench.caller, validShipment({ labelType: 'ZPL' }));
      if (created.kind !== 'created') throw new Error(JSON.stringify(created));
      await until(() => bench.sync?.status().pending === 0, 30_000);
      await bench.engine.confirmByIds(bench.caller, [created.record.id], false);
      await until(() => bench.sync?.status().pending === 0, 30_000);

      // A minute's window is refused whatever the day (a Sunday or a holiday first, else too short a window).
      const refused = commandValue<PickupView>(
        await createDispatcher(bench).dispatch('pickups.book', { courierId: 70, ready: '23:58', closing: '23:59' }),
      );
      expect(refused).toMatchObject({ state: 'refused', status: 10, kind: 'refused', numOrm: '' });
      const kept = bench.engine.pickups.bench.byId(bench.caller, refused.id);
      const atService = await apiClient(peer.baseUrl, REMOTE_KEY).request('GET', `/pickup?id=${kept?.remoteId}`);
      expect(atService).toEqual({ status: 200, body: { status: 10, num_orm: '', error: refused.error, note: '' } });
      expect(refused.error).toMatch(/^Ritiro non prenotabile: /);
    },
  );

  it("gives a second bench of the same account the courier's booking of the day, with the courier's note", async () => {
    const { clock, bench, remote } = await connectedBench();
    const other = await createStation({
      dataDir: tempDir(),
      remoteUrl: remote.url,
      apiKey: REMOTE_KEY,
      clientIds: CLIENT_IDS,
      clock,
      log: recordingLog(),
      sync: { retry: { baseMs: 1_000, maxMs: 5_000 } },
    });
    second = other;
    for (const [i, each] of [bench, other].entries()) {
      const created = await each.engine.createShipment(
        each.caller,
        validShipment({ labelType: 'ZPL', ddt_alpha: `BANCO-${i}` }),
      );
      if (created.kind !== 'created') throw new Error(JSON.stringify(created));
      await passUntil(moving(clock), () => each.sync?.status().pending === 0, 'create synced');
      await each.engine.confirmByIds(each.caller, [created.record.id], false);
      await passUntil(moving(clock), () => each.sync?.status().pending === 0, 'confirmation synced');
    }
    const book = async (at: Station, ready: string) =>
      commandValue<PickupView>(
        await createDispatcher(at).dispatch('pickups.book', { courierId: 70, ready, closing: '18:00' }),
      );
    expect(await book(bench, '14:00')).toMatchObject({ state: 'booked', numOrm: 'R70202611300001', note: '' });
    const theirs = await book(other, '15:00');
    expect(theirs).toMatchObject({ state: 'booked', numOrm: 'R70202611300001' });
    expect(theirs.note).toBe(
      'Ritiro già prenotato per questo corriere e giorno (14:00-18:00): vale la prenotazione esistente',
    );
  });
});
