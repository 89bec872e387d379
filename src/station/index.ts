// The station's composition root (no Electron): the local engine over its own SQLite file, and in connected mode the
// remote client and the sync worker; optionally the spec's API on loopback for shop programs on the same computer.
// Every background part is registered with one list of services (services.ts) as it starts and stopped from it.
import { existsSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createEngine, tightenDataFolder, type Caller, type Engine, type EngineDeps } from '../engine/index';
import type { PrinterStatus, PrinterTarget } from '../printing/types';
import { DEMO_CLIENT_IDS } from '../service/config';
import { engineSwitches } from '../service/engineSwitches';
import type { PrinterConfig } from '../shared/domain/printers';
import type { SmtpConfig } from '../shared/domain/smtp';
import type { StationMode } from '../shared/domain/stationMode';
import type { StationEvent } from '../shared/ipc/events';
import type { Clock } from '../shared/clock';
import { processLog, type Log } from '../shared/log';
import type { SyncWorker } from '../sync/worker';
import { startBenchDevices, type BenchDeviceOptions, type BenchScale, type OrderFolder } from './devices/benchDevices';
import { startBenchPrinters, type BenchPrintingOptions } from './printing/printers';
import { startBatches, type StationBatches } from './batches/runner';
import { CONNECTION_FILE } from './connection/connection';
import { partnerSecretsIn, SECRETS_FILE, type KeyStore } from './settings/keyStore';
import { startShops, type ShopOptions, type StationShops } from './orders/shops';
import { startAttentionTeller } from './tracking/attention';
import { ownEngineAnswer, remoteAnswer, startParcelFollower, type ParcelFollower } from './tracking/follower';
import { startBenchPickups, type StationPickups } from './pickups/index';
import { BROWSER_ADDRESS_FILE } from './hosts/browserAddress';
import { MOVING_ORDERS_FILE, takeOrdersIn, type TakenOrders } from './orders/moving';
import { takeSetupIn, type BenchSetup, type TakenSetup } from './connection/movingSetup';
import { localApiOf, localApiPort } from './localApi/server';
import { LOCAL_API_KEY_FILE, localApiKey, renewLocalApiKey } from './localApi/key';
import { createOrderImports, type OrderImports } from './orders/fileImport';
import { startOrderCheckThread, type CheckThreadOptions, type OrderCheckThread } from './orders/checkThread';
import type { SharedChecks } from './orders/sharedChecks';
import { STATION_BUSY_TIMEOUT_MS, stationEngineDeps, type StationEngineGiven } from './stationEngine';
import type { StationPrinting } from './printing/autoPrint';
import { createServices, type Services } from './services';
import { startSharedQueue, type StationSharedQueue } from './sharedQueue/index';
import { startMail, startPartnerEvents, startSync, type PartnerEventOptions, type SyncOptions } from './workers';

export { instanceOf } from './localApi/server';
export { hostCheckThread } from './orders/checkThread';

export { STATION_BUSY_TIMEOUT_MS } from './stationEngine';

/** How a host starts the station: the account flat, each background part's tuning in its own group. */
export interface StationOptions {
  dataDir: string;
  /** The engine's resources folder (the packaged app's own); default: the one shipped beside the code. */
  resourcesDir?: string;
  /** The remote's base URL with its instance segment; absent = standalone. */
  remoteUrl?: string;
  /**
   * The remote's API key (connected only; the local API accepts the same). A standalone station's local API has a key
   * of its own, kept in the data folder (localApi/key.ts).
   */
  apiKey?: string;
  clientIds?: number[];
  /** A reseller account's invoiced clients (a connection setting): its shipments may name one of them. */
  invoicedClients?: readonly { id: number; name: string }[];
  /** Why the sync worker must not run (e.g. the API key is missing); shown as the sync's last error. */
  syncBlocked?: string;
  /** Port of the local API on 127.0.0.1 (0 = any free port); absent = the settings screen's choice. */
  localPort?: number;
  /** The sync worker towards the remote (connected only). */
  sync?: SyncOptions;
  /** The bench's printers and auto-print; each absent field is the one saved in Settings. */
  printing?: BenchPrintingOptions;
  /** The scale and the watched order folder; each absent field is the one saved in Settings. */
  bench?: BenchDeviceOptions;
  /** A mail server: a standalone station then e-mails dropshipping waybills to the sender. */
  smtp?: SmtpConfig;
  /**
   * Where the secrets of the partner endpoints saved at this bench are kept (the runtime's key store); without it a
   * standalone bench cannot save endpoints.
   */
  keyStore?: KeyStore;
  /** Retries of partner events. */
  partners?: PartnerEventOptions;
  /** The shop worker's tuning (connected shops: their orders in, fulfilments out). */
  shops?: ShopOptions;
  /**
   * Settings written into the database before anything reads them (the bench's, carried over from another
   * connection).
   */
  benchSettings?: Readonly<Record<string, string>>;
  /** The sender profiles and products of the bench, carried over from another connection (movingSetup.ts). */
  benchSetup?: BenchSetup;
  /** Where the station, its engine and its workers write their lines (default: stdout and stderr). */
  log?: Log;
  /**
   * The station's time: its engine's, the sync worker's and the parcel follower's, and the remote's request budget
   * (default: the real clock). A test moves it to run a week of departed parcels in seconds.
   */
  clock?: Clock;
  /**
   * The order-check thread (orders/checkThread.ts), started this long after the station: a file's checks then use
   * both cores. Absent: none (the tests' stations, which never import minutes after their start).
   */
  orderCheckThread?: CheckThreadOptions;
}

export interface Station {
  mode: StationMode;
  /** The log the station's parts write through (StationOptions.log). */
  log: Log;
  engine: Engine;
  caller: Caller;
  /** The local API's base URL, when it runs. */
  readonly localApiUrl: string | undefined;
  /** What the settings screen may show of the remote's account: never the key itself, only its last characters. */
  account: { remoteUrl: string; apiKeyHint: string; clientIds: number[] };
  /** The key shop programs give the local API: the station's own (standalone); undefined when it is the remote's. */
  readonly localApiKey: string | undefined;
  /** Standalone: replaces the local API's key (the old one stops working at once) and returns the new one. */
  renewLocalApiKey(): string | undefined;
  sync?: SyncWorker;
  /** The worker following the departed parcels (absent on a connected station whose sync could not start). */
  parcels?: ParcelFollower;
  /** Set when the sync worker was not started for a reason the operator must fix (see StationOptions.syncBlocked). */
  syncBlocked?: string;
  readonly printing: StationPrinting | undefined;
  /** Replaces the bench's printers (saved for the next start); queued jobs stay queued for their printer id. */
  setPrinters(printers: readonly PrinterConfig[], labelPrinterId?: string): Promise<void>;
  /**
   * A status the settings screen's check read at a printer's address: shown at once for a configured printer there,
   * and for one added there soon after, instead of "unknown" until the spooler asks.
   */
  noteProbedStatus(target: PrinterTarget, status: PrinterStatus): void;
  /** Printers the operating system knows (CUPS queues), to offer when adding one. */
  discoverQueues(): Promise<{ name: string; state: string; isDefault: boolean }[]>;
  /** Starts or stops the spec's API on 127.0.0.1 for shop programs (saved for the next start). */
  setLocalApi(on: boolean): Promise<void>;
  /** Order files through a preview into orders waiting. */
  orderImports: OrderImports;
  /** The thread the preview's checks are shared with (StationOptions.orderCheckThread), when there is one. */
  orderCheckThread?: OrderCheckThread;
  /** The folder watched for order files ('' none) and what it imported lately; setting it saves it. */
  orderFolder: OrderFolder;
  /** Batches of waiting orders shipped in one go: made, printed and resumed after a restart. */
  batches: StationBatches;
  /** The bench scale: its settings and last reading; setting it (null: none) saves it and reopens the port. */
  scale: BenchScale;
  /**
   * Tells the screens that orders changed state: a shipment made from one was stored or deleted (the engine links
   * the order in the shipment's own transaction; its slip prints with its labels).
   */
  ordersChanged(): void;
  /** Tells the screens how many parcels need a person, if that changed (tracking/attention.ts). */
  attentionChanged(): void;
  /** Shops connected to this bench (Shopify, WooCommerce): connecting one, and its worker. */
  shops: StationShops;
  /** The couriers' pickups of today's parcels: asked for, booked (its own engine, or the remote), followed. */
  pickups: StationPickups;
  /** A connected bench's side of its remote's shared order queue (Settings › Banco). */
  sharedQueue?: StationSharedQueue;
  /** The waiting orders a connection change brought to this station as it started, and those left set aside. */
  readonly ordersTaken: TakenOrders;
  /** What of the bench's set-up this station took in as it started (after a connection change). */
  readonly setupTaken: TakenSetup;
  /** Everything the screens should learn about (sync state, printers, jobs, changed shipments). */
  onEvent(listener: (event: StationEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * Before one database per connection, a connected station kept its shipments in `station.sqlite` too. Such a file
 * (it has a station prefix, which only a connected engine makes) becomes the remote's database the first time that
 * remote's own file does not exist yet, so queued changes still go out and nothing shows up as standalone.
 */
function adoptLegacyDatabase(
  dataDir: string,
  file: string,
  users: EngineDeps['config']['users'],
  resourcesDir: string | undefined,
  log: Log,
): void {
  const legacy = join(dataDir, 'station.sqlite');
  if (existsSync(file) || !existsSync(legacy)) return;
  const probe = createEngine({
    file: legacy,
    config: { users },
    resourcesDir,
    keysInMemory: true,
    busyTimeoutMs: STATION_BUSY_TIMEOUT_MS,
    ...engineSwitches(),
    log,
  });
  const wasConnected = probe.settings.get('station_prefix') !== undefined;
  probe.close();
  if (!wasConnected) return;
  renameSync(legacy, file);
  for (const suffix of ['-wal', '-shm']) if (existsSync(legacy + suffix)) renameSync(legacy + suffix, file + suffix);
}

/** Orders set aside by a connection change, taken in; a file that cannot be read is left for a person, said once. */
function takeMovedOrders(engine: Engine, caller: Caller, dataDir: string, log: Log): TakenOrders {
  try {
    return takeOrdersIn(engine, caller, dataDir);
  } catch (error) {
    log.warn(`waiting orders set aside could not be taken in: ${String(error)}`);
    return { taken: 0, left: 0, reassigned: 0 };
  }
}

/** What the station writes in its data folder besides SQLite files (tightened to 0600 at start). */
const STATION_FILES = [CONNECTION_FILE, SECRETS_FILE, LOCAL_API_KEY_FILE, MOVING_ORDERS_FILE, BROWSER_ADDRESS_FILE];

export async function createStation(options: StationOptions): Promise<Station> {
  const connected = options.remoteUrl !== undefined;
  const listeners = new Set<(event: StationEvent) => void>();
  const emit = (event: StationEvent) => listeners.forEach((listener) => listener(event));
  const ordersChanged = () => emit({ name: 'orders.changed', payload: {} });
  const mode: StationMode = connected ? 'connected' : 'standalone';
  if (connected && (!options.apiKey || !options.clientIds?.length))
    throw new Error('a connected station needs --api-key and --client-ids');
  if (!connected && options.apiKey) {
    throw new Error('a standalone station has its own local API key: --api-key goes with --remote-url');
  }
  const clientIds = options.clientIds?.length ? options.clientIds : DEMO_CLIENT_IDS;
  const dataDir = resolve(options.dataDir);
  const log = options.log ?? processLog;
  tightenDataFolder(dataDir, STATION_FILES);
  let apiKey = options.apiKey ?? localApiKey(dataDir);
  const engine = openEngine(options, dataDir, apiKey, clientIds, log);
  // Registered as each part starts; a start that fails halfway stops what it started (last first), so a failed start
  // leaves no sync worker or port behind (the settings screen then starts the previous station on the same files).
  const services = createServices();
  services.add('engine', () => engine.close());
  const undo = async (error: unknown): Promise<never> => {
    // Already failing: the first error is the one to report.
    await services.stopAll().catch(() => undefined);
    throw error;
  };
  for (const [key, value] of Object.entries(options.benchSettings ?? {})) engine.settings.set(key, value);
  const caller = engine.authenticate(apiKey) ?? (await undo(new Error('station user missing')));
  await engine.resume().catch(undo);
  const setupTaken = options.benchSetup
    ? takeSetupIn(engine, caller, options.benchSetup)
    : { senders: [], products: 0 };
  const ordersTaken = takeMovedOrders(engine, caller, dataDir, log);

  const remote =
    connected && options.remoteUrl && options.apiKey
      ? startSync(
          engine,
          { remoteUrl: options.remoteUrl, apiKey: options.apiKey, mode, blocked: Boolean(options.syncBlocked) },
          { ...options.sync, ...(options.clock ? { clock: options.clock } : {}) },
          emit,
          services,
          log,
        )
      : undefined;
  const sync = remote?.sync;
  if (options.smtp) {
    // An e-mail gone (or refused for good) changes what its shipment's detail says.
    const mailed = (id: number) => emit({ name: 'shipments.changed', payload: { ids: [id] } });
    startMail(engine.mail, options.smtp, services, log, 'mail worker', mailed);
    startMail(engine.recipientMail, options.smtp, services, log, 'recipient mail worker', mailed);
  }
  startPartnerEvents(engine, options.partners ?? {}, services, log);
  const shopsGiven = { dataDir, keyStore: options.keyStore, options: options.shops ?? {}, ordersChanged, log };
  const shops = startShops(engine, caller, shopsGiven, services);
  // The bench follows its departed parcels: standalone through its own engine (the demo couriers' parcel life),
  // connected through the remote's tracking, inside the GET budget it shares with sync.
  let parcels: ParcelFollower | undefined;
  const attention = startAttentionTeller(engine, caller, emit, options.clock);
  services.add('Da gestire', () => attention.stop());
  const attentionChanged = attention.changed;
  if (!connected || remote) {
    const follower = startParcelFollower({
      port: engine.parcels,
      ask: remote ? remoteAnswer(remote.remote) : ownEngineAnswer(engine, caller),
      ...(options.clock ? { clock: options.clock } : {}),
      log,
      onChange(ids) {
        emit({ name: 'shipments.changed', payload: { ids } });
        attention.soon();
      },
    });
    services.add('parcel follower', () => follower.stop());
    parcels = follower;
  }
  const pickups = startBenchPickups({ engine, caller, log, clock: options.clock, services }, remote?.remote, emit);
  const printers = startBenchPrinters(engine, caller, options.printing ?? {}, emit, log);
  services.add('printers', () => printers.stop());
  services.add(
    'shipments settled',
    engine.onShipmentSettled((shipmentId) => emit({ name: 'shipments.changed', payload: { ids: [shipmentId] } })),
  );
  const checks = startOrderChecks(options, engineGiven(options, dataDir, apiKey, clientIds), services, log);
  const orderImports = createOrderImports(engine, caller, emit, undefined, undefined, checks);
  const queueGiven = { ordersChanged, services, log, ...options.sync };
  const sharedQueue = startSharedQueue(engine, caller, remote?.remote, queueGiven);
  const batchHost = { engine, caller, emit, log, clock: options.clock, sharedQueue };
  const batches = startBatches({ ...batchHost, printing: () => printers.current });
  services.add('batches', () => batches.stop());
  const devices = startBenchDevices(engine, caller, emit, options.bench ?? {}, log);
  services.add('bench devices', () => devices.stop());
  const localApi = localApiOf(engine, options.remoteUrl, log);
  services.add('local API', () => localApi.stop());
  const port = localApiPort(engine, options.localPort);
  if (port !== undefined) await localApi.start(port).catch(undo);

  return {
    mode,
    log,
    engine,
    caller,
    account: {
      remoteUrl: options.remoteUrl ?? '',
      clientIds: [...clientIds],
      apiKeyHint: connected && apiKey.length > 8 ? `…${apiKey.slice(-4)}` : '',
    },
    get localApiKey() {
      return connected ? undefined : apiKey;
    },
    renewLocalApiKey() {
      if (connected) return undefined;
      const key = renewLocalApiKey(dataDir);
      engine.replaceKey?.(caller, key);
      apiKey = key;
      return key;
    },
    get localApiUrl() {
      return localApi.url;
    },
    ordersTaken,
    setupTaken,
    shops,
    pickups,
    sync,
    ...(parcels ? { parcels } : {}),
    ...(connected && options.syncBlocked ? { syncBlocked: options.syncBlocked } : {}),
    get printing() {
      return printers.current;
    },
    setPrinters: (list, labelPrinterId) => printers.set(list, labelPrinterId),
    noteProbedStatus: (target, status) => printers.noteProbedStatus(target, status),
    discoverQueues: () => printers.discoverQueues(),
    setLocalApi: (on) => localApi.set(on),
    orderImports,
    ...(checks ? { orderCheckThread: checks.thread } : {}),
    orderFolder: devices.orderFolder,
    batches,
    scale: devices.scale,
    ordersChanged,
    attentionChanged,
    sharedQueue,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Every part is stopped even if one fails, and the database (registered first) is closed last.
    close: () => services.stopAll(),
  };
}

/** The order-check thread when the host asks for one, ended with the station, and the clock its parts are sent with. */
function startOrderChecks(
  options: StationOptions,
  given: StationEngineGiven,
  services: Services,
  log: Log,
): SharedChecks | undefined {
  if (!options.orderCheckThread) return undefined;
  const thread = startOrderCheckThread(given, options.orderCheckThread, log);
  services.add('order-check thread', () => thread.close());
  const clock = options.clock;
  return { thread, now: clock ? () => clock.now() : Date.now };
}

/** The station's engine over its database file (its options: stationEngine.ts). */
function openEngine(options: StationOptions, dataDir: string, apiKey: string, clientIds: number[], log: Log): Engine {
  const deps = stationEngineDeps(engineGiven(options, dataDir, apiKey, clientIds));
  if (deps.connected) adoptLegacyDatabase(dataDir, deps.file, deps.config.users, options.resourcesDir, log);
  const clock = options.clock;
  return createEngine({
    ...deps,
    ...(clock ? { clock: { now: () => new Date(clock.now()) } } : {}),
    log,
    ...(options.keyStore && !deps.connected ? { partnerSecrets: partnerSecretsIn(options.keyStore) } : {}),
  });
}

function engineGiven(
  options: StationOptions,
  dataDir: string,
  apiKey: string,
  clientIds: number[],
): StationEngineGiven {
  return {
    dataDir,
    apiKey,
    clientIds,
    ...(options.resourcesDir !== undefined ? { resourcesDir: options.resourcesDir } : {}),
    ...(options.remoteUrl !== undefined ? { remoteUrl: options.remoteUrl } : {}),
    ...(options.invoicedClients ? { invoicedClients: options.invoicedClients } : {}),
    ...(options.smtp ? { smtpFrom: options.smtp.from } : {}),
  };
}
