// The settings screen changes how the station is connected: the key is checked with the real remote (our service
// behind the fault proxy) before anything changes, each connection keeps its own shipments, the bench's settings
// follow, the key is kept for the next start and never shown back.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { databaseFileFor } from '../../../../src/station/connection/connection';
import { createEngine } from '../../../../src/engine/index';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandName } from '../../../../src/shared/ipc/commands';
import type { Result } from '../../../../src/shared/ipc/result';
import { createDispatcher, type Dispatcher } from '../../../../src/station/dispatch';
import { createKeyStore, plainCodec } from '../../../../src/station/settings/keyStore';
import { MISSING_KEY, startStationRuntime, type StationRuntime } from '../../../../src/station/runtime';
import type { StationEvent } from '../../../../src/shared/ipc/events';
import { validShipment } from '../../../fixtures/shipments';
import { CLIENT_IDS, REMOTE_KEY, remoteCopies, useRemote } from '../../../helpers/syncSetup';
import { tempDir } from '../../../helpers/tmp';
import { apiClient } from '../../../helpers/api';
import { startStationProcess } from '../../../peers/station';

const peers = useRemote();
const running: StationRuntime[] = [];

afterEach(async () => {
  peers.proxy.setOffline(false);
  peers.proxy.setPlan({ script: [] });
  for (const runtime of running.splice(0)) await runtime.close();
});

interface Bench {
  dataDir: string;
  runtime: StationRuntime;
  dispatcher: Dispatcher;
  events: StationEvent[];
  call<T = Record<string, unknown>>(name: CommandName, input: unknown): Promise<Result<T>>;
}

async function openBench(dataDir = tempDir()): Promise<Bench> {
  const keyStore = createKeyStore(join(dataDir, 'secrets.json'), plainCodec());
  const runtime = await startStationRuntime({
    dataDir,
    keyStore,
    station: { sync: { retry: { baseMs: 50, maxMs: 200 }, rateLimits: false } },
    checkTimeoutMs: 1_000,
  });
  running.push(runtime);
  const dispatcher = createDispatcher(runtime);
  const events: StationEvent[] = [];
  dispatcher.onEvent((event) => events.push(event));
  return { dataDir, runtime, dispatcher, events, call: (name, input) => dispatcher.dispatch(name, input) as never };
}

async function closeBench(bench: Bench): Promise<void> {
  running.splice(running.indexOf(bench.runtime), 1);
  await bench.runtime.close();
}

const connect = (bench: Bench, overrides: Record<string, unknown> = {}) =>
  bench.call<{ check: string; message: string; settings: Record<string, unknown> }>('settings.connection', {
    mode: 'connected',
    remoteUrl: peers.proxy.url,
    apiKey: REMOTE_KEY,
    clientIds: CLIENT_IDS.join(', '),
    ...overrides,
  });

describe('changing the connection from the settings screen', () => {
  it(
    'refuses a key the remote does not accept, a wrong ' + 'instance and malformed fields, and changes nothing',
    async () => {
      const bench = await openBench();

      const wrongKey = await connect(bench, { apiKey: 'not-the-right-key-999' });
      const wrongInstance = await connect(bench, { remoteUrl: peers.remote.baseUrl.replace(/acme$/, 'nessuna') });
      const malformed = await connect(bench, {
        remoteUrl: 'http://remote.example/acme',
        apiKey: 'con spazi',
        clientIds: '1001, abc',
      });
      const noKey = await connect(bench, { apiKey: '' });

      expect(wrongKey).toMatchObject({
        ok: false,
        error: { code: 'invalid', fields: { apiKey: { code: 'other', message: 'Chiave API rifiutata dal servizio' } } },
      });
      expect(wrongInstance).toMatchObject({
        ok: false,
        error: { fields: { remoteUrl: { code: 'other', message: expect.stringContaining('Istanza non trovata') } } },
      });
      expect(malformed).toMatchObject({
        ok: false,
        error: {
          fields: {
            remoteUrl: { code: 'other', message: expect.stringContaining('https://') },
            apiKey: { code: 'other', message: expect.stringContaining('spazi') },
            clientIds: { code: 'other', message: expect.stringContaining('abc') },
          },
        },
      });
      expect(noKey).toMatchObject({
        ok: false,
        error: { fields: { apiKey: { code: 'other', message: 'Inserisci la chiave API' } } },
      });
      expect(bench.runtime.station.mode).toBe('standalone');
      expect(existsSync(join(bench.dataDir, 'connection.json'))).toBe(false);
      expect(existsSync(join(bench.dataDir, 'secrets.json'))).toBe(false);
    },
  );

  it(
    'switches a standalone bench to the remote: shipments ' + 'sync, bench settings follow, demo shipments stay behind',
    async () => {
      const bench = await openBench();
      const demo = await bench.call<{ id: number }>('shipments.create', {
        body: validShipment({ ddt_alpha: 'DEMO-LOCALE-1', labelType: 'ZPL' }),
      });
      expect(demo.ok).toBe(true);
      await bench.call('settings.update', { language: 'en', labelFormat: 'PDF' });

      const switched = await connect(bench);

      expect(switched).toMatchObject({
        ok: true,
        value: {
          check: 'verified',
          settings: {
            mode: 'connected',
            remoteUrl: peers.proxy.url,
            clientIds: CLIENT_IDS,
            language: 'en',
            labelFormat: 'PDF',
          },
        },
      });
      expect(bench.events.filter((e) => e.name === 'station.changed').map((e) => e.payload)).toEqual([
        { mode: 'connected' },
      ]);
      const departing = await bench.call<{ total: number }>('shipments.list', { view: 'departing' });
      expect(departing).toMatchObject({ ok: true, value: { total: 0 } });

      const created = await bench.call<{ id: number }>('shipments.create', {
        body: validShipment({ ddt_alpha: 'COLLEGATA-1', labelType: 'ZPL' }),
      });
      expect(created.ok).toBe(true);
      await bench.runtime.station.sync?.drained(10_000);
      expect(await remoteCopies(peers.direct, 'COLLEGATA-1')).toBe('one');
      expect(await remoteCopies(peers.direct, 'DEMO-LOCALE-1')).toBe('none');
    },
  );

  it('keeps the key for the next start, never shows it back, and comes back without retyping it', async () => {
    const bench = await openBench();
    expect((await connect(bench)).ok).toBe(true);
    const secrets = join(bench.dataDir, 'secrets.json');
    if (process.platform !== 'win32') expect(statSync(secrets).mode & 0o777).toBe(0o600);

    const answers = JSON.stringify([
      await bench.call('settings.get', {}),
      await bench.call('station.info', {}),
      await bench.call('sync.status', {}),
    ]);
    expect(answers).not.toContain(REMOTE_KEY);
    expect(answers).toContain(`…${REMOTE_KEY.slice(-4)}`);
    await closeBench(bench);

    const again = await openBench(bench.dataDir);
    expect(again.runtime.station.mode).toBe('connected');
    expect(again.runtime.station.syncBlocked).toBeUndefined();
    expect(
      (
        await again.call<{ id: number }>('shipments.create', {
          body: validShipment({ ddt_alpha: 'RIAVVIO-1', labelType: 'ZPL' }),
        })
      ).ok,
    ).toBe(true);
    await again.runtime.station.sync?.drained(10_000);
    expect(await remoteCopies(peers.direct, 'RIAVVIO-1')).toBe('one');

    // Other client ids on the same remote: the key in use stays, the field may stay empty.
    const narrower = await connect(again, { apiKey: '', clientIds: '1001' });
    expect(narrower).toMatchObject({ ok: true, value: { settings: { clientIds: [1001] } } });
  });

  it(
    'lets the headless station start on the connection saved from the settings screen, without flags',
    { timeout: 60_000 },
    async () => {
      const bench = await openBench();
      expect((await connect(bench)).ok).toBe(true);
      await closeBench(bench);

      const headless = await startStationProcess([
        '--data',
        bench.dataDir,
        '--rate-limits',
        'off',
        '--retry-base-ms',
        '50',
        '--retry-max-ms',
        '200',
      ]);
      try {
        expect(headless.output()).toContain('station mode: connected');
        const local = apiClient(headless.localApiUrl, REMOTE_KEY);
        const created = await local.request(
          'POST',
          '/Shipment',
          validShipment({ ddt_alpha: 'DA-NEGOZIO-1', labelType: 'ZPL' }),
        );
        expect(created.status).toBe(200);
        await expect.poll(() => remoteCopies(peers.direct, 'DA-NEGOZIO-1'), { timeout: 20_000 }).toBe('one');
        expect(headless.output()).not.toContain(REMOTE_KEY);
      } finally {
        expect(await headless.stop()).toBe(0);
      }
    },
  );

  it('says so and keeps the bench working when the key cannot be read at the next start', async () => {
    const bench = await openBench();
    expect((await connect(bench)).ok).toBe(true);
    await closeBench(bench);
    rmSync(join(bench.dataDir, 'secrets.json'));

    const blind = await openBench(bench.dataDir);
    const settings = await blind.call<{ connectionProblem: string; apiKeyHint: string }>('settings.get', {});
    const sync = await blind.call<{ paused: boolean; lastError: string }>('sync.status', {});
    expect(settings).toMatchObject({ ok: true, value: { connectionProblem: MISSING_KEY, apiKeyHint: '' } });
    expect(sync).toMatchObject({ ok: true, value: { paused: true, lastError: MISSING_KEY } });
    const queued = await blind.call<{ id: number }>('shipments.create', {
      body: validShipment({ ddt_alpha: 'SENZA-CHIAVE-1', labelType: 'ZPL' }),
    });
    expect(queued.ok).toBe(true);

    expect(await connect(blind, { apiKey: '' })).toMatchObject({
      ok: false,
      error: { fields: { apiKey: { code: 'other', message: 'Inserisci la chiave API' } } },
    });
    expect((await connect(blind)).ok).toBe(true);
    await blind.runtime.station.sync?.drained(10_000);
    expect(await remoteCopies(peers.direct, 'SENZA-CHIAVE-1')).toBe('one');
  });

  it('stays as it was, and says so, when the station cannot start on the new connection', async () => {
    const bench = await openBench();
    mkdirSync(databaseFileFor(bench.dataDir, peers.proxy.url)); // a folder where the database file should be

    const failed = await connect(bench);

    expect(failed).toMatchObject({
      ok: false,
      error: { code: 'internal', message: expect.stringContaining('è rimasta come prima') },
    });
    expect(bench.runtime.station.mode).toBe('standalone');
    expect((await bench.call('shipments.create', { body: validShipment({ labelType: 'ZPL' }) })).ok).toBe(true);
    expect(existsSync(join(bench.dataDir, 'connection.json'))).toBe(false);
    expect(bench.events.some((e) => e.name === 'station.changed')).toBe(false);
  });

  it('never sends a key to another remote than the one it was given for', async () => {
    const bench = await openBench();
    expect((await connect(bench)).ok).toBe(true);
    await closeBench(bench);
    // The saved connection now names another address (here: the same service without the proxy).
    writeFileSync(
      join(bench.dataDir, 'connection.json'),
      JSON.stringify({ mode: 'connected', remoteUrl: peers.remote.baseUrl, clientIds: CLIENT_IDS }),
    );

    const other = await openBench(bench.dataDir);
    expect(other.runtime.station.syncBlocked).toBe(MISSING_KEY);
    expect(await connect(other, { remoteUrl: peers.remote.baseUrl, apiKey: '' })).toMatchObject({
      ok: false,
      error: { fields: { apiKey: { code: 'other', message: expect.stringContaining('Inserisci la chiave API') } } },
    });
  });

  it(
    'takes over the shipments a connected station kept in ' + 'station.sqlite before each connection had its own file',
    async () => {
      const dataDir = tempDir();
      const old = createEngine({
        file: join(dataDir, 'station.sqlite'),
        config: { users: [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS, label: 'station' }] },
        connected: true,
      });
      const caller = old.authenticate(REMOTE_KEY);
      if (!caller) throw new Error('no caller');
      expect(
        (await old.createShipment(caller, validShipment({ ddt_alpha: 'PRIMA-DEL-FILE-1', labelType: 'ZPL' }))).kind,
      ).toBe('created');
      old.close();

      const keyStore = createKeyStore(join(dataDir, 'secrets.json'), plainCodec());
      const runtime = await startStationRuntime({
        dataDir,
        keyStore,
        station: {
          remoteUrl: peers.proxy.url,
          apiKey: REMOTE_KEY,
          clientIds: CLIENT_IDS,
          sync: { rateLimits: false, retry: { baseMs: 50, maxMs: 200 } },
        },
      });
      running.push(runtime);
      await runtime.station.sync?.drained(10_000);
      expect(await remoteCopies(peers.direct, 'PRIMA-DEL-FILE-1')).toBe('one');
      expect(existsSync(join(dataDir, 'station.sqlite'))).toBe(false);
    },
  );

  it(
    'switches to an unreachable remote with a warning, and ' + 'asks before leaving changes that still wait for it',
    async () => {
      const bench = await openBench();
      peers.proxy.setOffline(true);

      const offline = await connect(bench);
      expect(offline).toMatchObject({ ok: true, value: { check: 'unreachable', settings: { mode: 'connected' } } });
      expect(
        (await bench.call('shipments.create', { body: validShipment({ ddt_alpha: 'IN-ATTESA-1', labelType: 'ZPL' }) }))
          .ok,
      ).toBe(true);

      const asked = await bench.call('settings.connection', { mode: 'standalone' });
      expect(asked).toMatchObject({
        ok: false,
        error: {
          code: 'refused',
          fields: { force: { code: 'other', message: expect.stringContaining('1 modifiche') } },
        },
      });
      expect(bench.runtime.station.mode).toBe('connected');

      const forced = await bench.call('settings.connection', { mode: 'standalone', force: true });
      expect(forced).toMatchObject({ ok: true, value: { check: 'standalone', settings: { mode: 'standalone' } } });

      // Back online and back to the remote (key remembered): the waiting shipment goes out.
      peers.proxy.setOffline(false);
      expect((await connect(bench, { apiKey: '' })).ok).toBe(true);
      await bench.runtime.station.sync?.drained(10_000);
      expect(await remoteCopies(peers.direct, 'IN-ATTESA-1')).toBe('one');
    },
  );

  it('lets commands sent during the switch run on the new station, not on a closed one', async () => {
    const bench = await openBench();
    const switching = connect(bench);
    const lists = await Promise.all([
      switching,
      ...Array.from({ length: 5 }, () => bench.call('shipments.list', { view: 'departing' })),
    ]);
    expect(lists.every((r) => r.ok)).toBe(true);
    expect(readFileSync(join(bench.dataDir, 'connection.json'), 'utf8')).toContain('"connected"');
  });
});
