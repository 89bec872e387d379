// The station's composition root (no Electron): the local engine over its own SQLite file, and in connected mode the
// remote client and the sync worker; optionally the spec's API on loopback for shop systems on the same computer.
import { startMailWorker, type MailWorker } from '../mail/worker';
import { smtpSender } from '../mail/transport';
import type { SmtpConfig } from '../shared/domain/smtp';
import { DEMO_SENDER } from '../shared/domain/senderProfile';
import { existsSync, renameSync } from 'node:fs';
import { z } from 'zod';
import { PrinterConfigSchema } from '../shared/domain/printers';
import { join, resolve } from 'node:path';
import { createEngine, tightenDataFolder, type Caller, type Engine, type PartnerSecrets } from '../engine/index';
import { DEMO_CLIENT_IDS } from '../service/config';
import { startServer, type RunningServer } from '../service/server';
import { createRemoteClient } from '../sync/remoteClient';
import { REAL_LIMITS, type RateLimits, type RemoteClient } from '../sync/types';
import { createSyncWorker, type SyncStatus, type SyncWorker } from '../sync/worker';
import type { SpoolerEvent } from '../printing/spooler';
import type { PrinterConfig, PrinterStatus, PrinterTarget } from '../printing/types';
import { printerUrlOf } from '../printing/printerUrl';
import { listOsQueues } from '../printing/discovery';
import { CONNECTION_FILE, databaseFileFor } from './connection';
import { SECRETS_FILE, type KeyStore } from './keyStore';
import { startWebhookWorker, type WebhookWorker } from '../webhooks/worker';
import { LOCAL_API_KEY_FILE, localApiKey, renewLocalApiKey } from './localApiKey';
import { startPrinting, type StationPrinting } from './printing';
import { SETTING_KEYS, savedAutoPrint } from './settingKeys';
import type { StationEvent } from '../shared/ipc/events';
import type { ScaleConfig } from '../shared/domain/scale';
import { createOrderImports, type OrderImports } from './orderImport';
import { startBenchDevices, type BenchScale, type OrderFolder } from './benchDevices';
import { packingSlipFor } from './packingSlip';
import type { StationMode } from '../shared/domain/stationMode';

/**
 * How long the station waits for another process's write lock on its SQLite file. SQLite waits synchronously, freezing
 * the window's commands and the local API meanwhile: better a short wait and an error (the loops try again) than a
 * bench that stops answering for seconds.
 */
export const STATION_BUSY_TIMEOUT_MS = 250;

/** A printer check older than this says too little about the printer now to be shown as its status. */
const PROBED_STATUS_FRESH_MS = 60_000;

export interface StationOptions {
  dataDir: string;
  /** The engine's resources folder (the packaged app's own); default: the one shipped beside the code. */
  resourcesDir?: string;
  /** The remote's base URL with its instance segment; absent = standalone. */
  remoteUrl?: string;
  /**
   * The remote's API key (connected only; the local API accepts the same). A standalone station's local API has a key
   * of its own, kept in the data folder (localApiKey.ts).
   */
  apiKey?: string;
  clientIds?: number[];
  /** A reseller account's invoiced clients (a connection setting): its shipments may name one of them. */
  invoicedClients?: readonly { id: number; name: string }[];
  /** Port of the local API on 127.0.0.1 (0 = any free port); absent = no local API. */
  localPort?: number;
  /** The remote's rate limits to stay under; false = none (load tests against an unthrottled remote). */
  rateLimits?: RateLimits | false;
  retry?: { baseMs: number; maxMs: number };
  /** After the remote's rate-limit 403, the first wait (default 30 s; it doubles per 403 in a row up to 5 minutes). */
  /** A mail server: a standalone station then e-mails dropshipping waybills to the sender. */
  smtp?: SmtpConfig;
  /**
   * Where the secrets of the partner endpoints saved at this bench are kept (the runtime's key store); without it a
   * standalone bench cannot save endpoints.
   */
  keyStore?: KeyStore;
  /** Retries of partner events: the first wait, doubling per attempt up to the longest (default 30 s to 2 h). */
  partnerRetry?: { baseMs: number; maxMs: number };
  /** How long a partner event is tried before it is given up (default three days). */
  partnerGiveUpAfterMs?: number;
  /** First wait before asking again about a shipment the remote is still processing (0.5); default 1 s. */
  processingDelayMs?: number;
  rateLimitedDelayMs?: number;
  /** How long 403s may go on without a success before the bench hears the key may be revoked (default 30 min). */
  revokedAfterMs?: number;
  refreshEveryMs?: number;
  /** Create the sync worker without starting it (start it with `station.sync.start()`). */
  holdSync?: boolean;
  /**
   * Settings written into the database before anything reads them (the bench's, carried over from another
   * connection).
   */
  benchSettings?: Readonly<Record<string, string>>;
  /** Why the sync worker must not run (e.g. the API key is missing); shown as the sync's last error. */
  syncBlocked?: string;
  onSyncStatus?(status: SyncStatus): void;
  /** Printers of the bench; the first ZPL one is the label printer unless `labelPrinterId` says otherwise. */
  printers?: readonly PrinterConfig[];
  labelPrinterId?: string;
  /** Print each label on the label printer as soon as it exists, without a click. */
  autoPrint?: boolean;
  printerRetryMs?: number;
  /** How often an idle network Zebra is asked its status (~HS); 0 = only before a job. Default: the spooler's. */
  printerStatusEveryMs?: number;
  /** Environment for the OS print commands (lp, lpstat), e.g. a PATH; the process's own by default. */
  printerCommandEnv?: NodeJS.ProcessEnv;
  onPrintEvent?(event: SpoolerEvent): void;
  /** The bench scale; null: none. Default: the one saved in Settings. */
  scale?: ScaleConfig | null;
  /** A folder watched for order files; '' none. Default: the one saved in Settings. */
  orderFolder?: string;
  /** How often the order folder is looked at (default 2 s). */
  orderFolderEveryMs?: number;
}

export interface Station {
  mode: StationMode;
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
  /** The folder watched for order files ('' none) and what it imported lately; setting it saves it. */
  orderFolder: OrderFolder;
  /** The bench scale: its settings and last reading; setting it (null: none) saves it and reopens the port. */
  scale: BenchScale;
  /**
   * Tells the screens that orders changed state: a shipment made from one was stored or deleted (the engine links
   * the order in the shipment's own transaction; its slip prints with its labels).
   */
  ordersChanged(): void;
  /** Everything the screens should learn about (sync state, printers, jobs, changed shipments). */
  onEvent(listener: (event: StationEvent) => void): () => void;
  close(): Promise<void>;
}

const SavedPrintersSchema = z.object({
  printers: z.array(PrinterConfigSchema),
  labelPrinterId: z.string().optional(),
});

/** The printers saved from the settings screen; a damaged entry is ignored rather than stopping the station. */
function savedPrinters(engine: Engine): z.infer<typeof SavedPrintersSchema> | undefined {
  const text = engine.settings.get(SETTING_KEYS.printers);
  if (!text) return undefined;
  try {
    const parsed = SavedPrintersSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Before one database per connection, a connected station kept its shipments in `station.sqlite` too. Such a file
 * (it has a station prefix, which only a connected engine makes) becomes the remote's database the first time that
 * remote's own file does not exist yet, so queued changes still go out and nothing shows up as standalone.
 */
function adoptLegacyDatabase(
  dataDir: string,
  file: string,
  users: { api_key: string; client_ids: number[]; label: string }[],
  resourcesDir: string | undefined,
): void {
  const legacy = join(dataDir, 'station.sqlite');
  if (existsSync(file) || !existsSync(legacy)) return;
  const probe = createEngine({
    file: legacy,
    config: { users },
    resourcesDir,
    keysInMemory: true,
    busyTimeoutMs: STATION_BUSY_TIMEOUT_MS,
  });
  const wasConnected = probe.settings.get('station_prefix') !== undefined;
  probe.close();
  if (!wasConnected) return;
  renameSync(legacy, file);
  for (const suffix of ['-wal', '-shm']) if (existsSync(legacy + suffix)) renameSync(legacy + suffix, file + suffix);
}

/** What the station writes in its data folder besides SQLite files (tightened to 0600 at start). */
const STATION_FILES = [CONNECTION_FILE, SECRETS_FILE, LOCAL_API_KEY_FILE];

/** The instance segment the local API answers: the remote's, so a shop program only changes host and port. */
export function instanceOf(remoteUrl: string | undefined): string {
  if (!remoteUrl) return 'station';
  const segment = new URL(remoteUrl).pathname.split('/').filter(Boolean).pop();
  return segment && /^[A-Za-z0-9_-]{1,64}$/.test(segment) ? segment : 'station';
}

export async function createStation(options: StationOptions): Promise<Station> {
  const connected = options.remoteUrl !== undefined;
  const listeners = new Set<(event: StationEvent) => void>();
  const emit = (event: StationEvent) => listeners.forEach((listener) => listener(event));
  const mode = connected ? 'connected' : 'standalone';
  if (connected && (!options.apiKey || !options.clientIds?.length))
    throw new Error('a connected station needs --api-key and --client-ids');
  if (!connected && options.apiKey) {
    throw new Error('a standalone station has its own local API key: --api-key goes with --remote-url');
  }
  const clientIds = options.clientIds?.length ? options.clientIds : DEMO_CLIENT_IDS;
  const dataDir = resolve(options.dataDir);
  tightenDataFolder(dataDir, STATION_FILES);
  let apiKey = options.apiKey ?? localApiKey(dataDir);
  const invoicedClients = connected && options.invoicedClients?.length ? [...options.invoicedClients] : undefined;
  const users = [
    {
      api_key: apiKey,
      client_ids: clientIds,
      label: 'station',
      ...(invoicedClients ? { invoiced_clients: invoicedClients } : {}),
    },
  ];
  const file = databaseFileFor(dataDir, options.remoteUrl);
  if (connected) adoptLegacyDatabase(dataDir, file, users, options.resourcesDir);
  // Keys in memory: the station's database must hold nothing to test the remote's key (or its own) against. FULL: the
  // outbox's "sending"/"maybe sent" marks and the spooler's job states must survive a power cut, or a shipment reaches
  // the remote twice and a label prints twice (docs/decisions.md, "Storage hardening").
  const engine = createEngine({
    file,
    config: { users },
    resourcesDir: options.resourcesDir,
    connected,
    keysInMemory: true,
    busyTimeoutMs: STATION_BUSY_TIMEOUT_MS,
    synchronous: 'FULL',
    // A standalone bench's first label names a sender; a real account's sender is the operator's to set (Settings).
    ...(connected ? {} : { defaultSender: DEMO_SENDER }),
    // Standalone with a mail server: dropshipping waybills are e-mailed from here (connected: the remote sends them).
    ...(options.smtp && !connected ? { mailFrom: options.smtp.from } : {}),
    ...(options.keyStore && !connected ? { partnerSecrets: partnerSecretsIn(options.keyStore) } : {}),
  });
  // What is open so far, closed again (last first) if the station cannot finish starting: a failed start leaves no
  // sync worker or port behind (the settings screen then starts the previous station on the same files).
  const opened: (() => unknown)[] = [() => engine.close()];
  const undo = async (error: unknown): Promise<never> => {
    for (const close of opened.reverse()) {
      try {
        await close();
      } catch {
        // Already failing: the first error is the one to report.
      }
    }
    throw error;
  };
  for (const [key, value] of Object.entries(options.benchSettings ?? {})) engine.settings.set(key, value);
  const caller = engine.authenticate(apiKey) ?? (await undo(new Error('station user missing')));
  await engine.resume().catch(undo);

  let remote: RemoteClient | undefined;
  let sync: SyncWorker | undefined;
  if (connected && options.remoteUrl) {
    remote = createRemoteClient({ baseUrl: options.remoteUrl, apiKey, limits: options.rateLimits ?? REAL_LIMITS });
    sync = createSyncWorker({
      engine,
      remote,
      backoff: options.retry,
      rateLimitedDelayMs: options.rateLimitedDelayMs,
      processingDelayMs: options.processingDelayMs,
      revokedAfterMs: options.revokedAfterMs,
      refreshEveryMs: options.refreshEveryMs,
      onStatus: (status) => {
        options.onSyncStatus?.(status);
        emit({ name: 'sync.changed', payload: { mode, ...status } });
        emit({ name: 'shipments.changed', payload: { ids: [] } });
      },
    });
    const started = { sync, remote };
    opened.push(
      () => started.remote.close(),
      () => started.sync.stop(),
    );
    if (!options.holdSync && !options.syncBlocked) sync.start();
  }

  let mail: MailWorker | undefined;
  if (engine.mail && options.smtp) {
    const smtp = options.smtp;
    mail = startMailWorker({
      port: engine.mail,
      sender: smtpSender(smtp),
      backoff: { baseMs: smtp.retry_first_seconds * 1000, maxMs: smtp.retry_max_seconds * 1000 },
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const started = mail;
    const unsubscribeMail = engine.mail.onQueued(() => started.kick());
    opened.push(() => {
      unsubscribeMail();
      return started.stop();
    });
  }

  // The tracking events of partner orders (standalone: a connected bench's service sends them).
  let webhooks: WebhookWorker | undefined;
  if (engine.partners) {
    const started = startWebhookWorker({
      port: engine.partners,
      ...(options.partnerRetry ? { backoff: options.partnerRetry } : {}),
      ...(options.partnerGiveUpAfterMs ? { giveUpAfterMs: options.partnerGiveUpAfterMs } : {}),
      log: (line) => process.stdout.write(`${line}\n`),
    });
    webhooks = started;
    const unsubscribePartners = engine.partners.onQueued(() => started.kick());
    opened.push(() => {
      unsubscribePartners();
      return started.stop();
    });
  }

  // Auto-print given by a command line or a test wins; otherwise the settings screen's choice, which when never set is
  // on as soon as the bench has a printer (so the first printer added in Settings prints what it shows ticked).
  const courierNameOf = (corriere: number) =>
    engine.couriers().find((c) => c.id === corriere)?.name ?? `Corriere ${corriere}`;
  const configuredAutoPrint = () => options.autoPrint ?? savedAutoPrint(engine.settings, true);
  let autoPrint = configuredAutoPrint();
  const probed = new Map<string, { status: PrinterStatus; at: number }>();
  const probedStatuses = (printers: readonly PrinterConfig[]) => {
    const known = new Map<string, PrinterStatus>();
    for (const printer of printers) {
      const seen = probed.get(printerUrlOf(printer.target));
      if (seen && Date.now() - seen.at <= PROBED_STATUS_FRESH_MS) known.set(printer.id, seen.status);
    }
    return known;
  };
  const makePrinting = (printers: readonly PrinterConfig[], labelPrinterId: string | undefined) =>
    printers.length
      ? startPrinting(engine, caller, {
          printers,
          labelPrinterId,
          autoPrint,
          knownStatuses: probedStatuses(printers),
          slipFor: (shipmentId) => packingSlipFor(engine, caller, shipmentId, courierNameOf),
          retryEveryMs: options.printerRetryMs,
          commandEnv: options.printerCommandEnv,
          idleStatusEveryMs: options.printerStatusEveryMs,
          onEvent: (event) => {
            options.onPrintEvent?.(event);
            if (event.type === 'printer.status')
              emit({
                name: 'printers.changed',
                payload: {
                  printerId: event.printerId,
                  status: { state: event.status.state, message: event.status.message },
                },
              });
            if (event.type === 'job.changed')
              emit({
                name: 'jobs.changed',
                payload: {
                  jobId: event.job.id,
                  state: event.job.state,
                  reason: event.job.reason,
                  ...(event.job.shipmentId !== undefined ? { shipmentId: event.job.shipmentId } : {}),
                },
              });
            if (event.type === 'batch.progress')
              emit({
                name: 'batch.progress',
                payload: {
                  batchId: event.batchId,
                  total: event.total,
                  printed: event.printed,
                  failed: event.failed,
                  waiting: event.waiting,
                },
              });
          },
        })
      : undefined;
  // Printers given on the command line win; otherwise the ones saved from the settings screen.
  const saved = savedPrinters(engine);
  let printing = makePrinting(
    options.printers ?? saved?.printers ?? [],
    options.printers ? options.labelPrinterId : saved?.labelPrinterId,
  );
  opened.push(() => printing?.stop());
  const unsubscribeLabels = engine.onLabelsReady((shipmentId) =>
    emit({ name: 'shipments.changed', payload: { ids: [shipmentId] } }),
  );
  opened.push(unsubscribeLabels);

  const orderImports = createOrderImports(engine, caller, emit);
  const devices = startBenchDevices(engine, caller, emit, options);
  opened.push(() => devices.stop());

  let server: RunningServer | undefined;
  const instance = instanceOf(options.remoteUrl);
  const startLocalApi = async (port: number) => {
    server ??= await startServer(engine, { instance, throttle: false, host: '127.0.0.1', port, loopbackOnly: true });
  };
  // The port given on the command line wins; otherwise the settings screen's choice (off unless switched on).
  if (options.localPort !== undefined) await startLocalApi(options.localPort).catch(undo);
  else if (engine.settings.get(SETTING_KEYS.localApi) === '1') await startLocalApi(0).catch(undo);

  return {
    mode,
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
      return server?.baseUrl;
    },
    sync,
    ...(connected && options.syncBlocked ? { syncBlocked: options.syncBlocked } : {}),
    get printing() {
      return printing;
    },
    async setPrinters(printers, labelPrinterId) {
      autoPrint = printing ? printing.autoPrint : configuredAutoPrint();
      await printing?.stop();
      engine.settings.set(SETTING_KEYS.printers, JSON.stringify({ printers, labelPrinterId }));
      printing = makePrinting(printers, labelPrinterId);
    },
    noteProbedStatus(target, status) {
      const url = printerUrlOf(target);
      probed.set(url, { status, at: Date.now() });
      for (const printer of printing?.printers ?? []) {
        if (printerUrlOf(printer.target) === url) printing?.spooler.noteStatus(printer.id, status);
      }
    },
    discoverQueues: () => listOsQueues({ env: options.printerCommandEnv }),
    async setLocalApi(on) {
      engine.settings.set(SETTING_KEYS.localApi, on ? '1' : '0');
      if (on) await startLocalApi(0);
      else {
        await server?.close();
        server = undefined;
      }
    },
    orderImports,
    orderFolder: devices.orderFolder,
    scale: devices.scale,
    ordersChanged: () => emit({ name: 'orders.changed', payload: {} }),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      unsubscribeLabels();
      // Every part is stopped even if one fails, and the database is closed last whatever happened before it.
      let failure: unknown;
      const stops = [
        () => server?.close(),
        () => devices.stop(),
        () => printing?.stop(),
        () => sync?.stop(),
        () => remote?.close(),
      ];
      for (const stop of [...stops, () => mail?.stop(), () => webhooks?.stop()]) {
        try {
          await stop();
        } catch (error) {
          failure ??= error;
        }
      }
      engine.close();
      if (failure !== undefined) throw failure;
    },
  };
}

/** The bench's key store as the engine's store of partner secrets (`partner.<client id>`). */
function partnerSecretsIn(keyStore: KeyStore): PartnerSecrets {
  const name = (clientId: number) => `partner.${clientId}`;
  return {
    get(clientId) {
      const loaded = keyStore.load(name(clientId));
      return loaded.ok ? loaded.value : undefined;
    },
    set(clientId, secret) {
      const done = secret === null ? keyStore.remove(name(clientId)) : keyStore.save(name(clientId), secret);
      return done.ok ? { ok: true } : { ok: false, message: done.message };
    },
  };
}
