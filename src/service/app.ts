// The headless service composed from its command line's settings: config file (or the demo), the data folder's lock,
// the engine, the mail and partner workers, the HTTP server. `npm run serve` (cli.ts) runs it as a process; tests run
// the very same composition inside their own process when what they test is not the process itself.
import { join, resolve } from 'node:path';
import { createEngine, FolderInUseError, lockDataFolder, type Engine, type FolderLock } from '../engine/index';
import { engineSwitches } from './engineSwitches';
import { DEMO_API_KEY, DEMO_CLIENT_IDS, demoConfig, loadServiceConfig, type ServiceConfig } from './config';
import { startServer, type RunningServer } from './server';
import { startCreates, writerThreadOn, type ServiceCreates } from './writer/creates';
import { startMailWorker } from '../mail/worker';
import { smtpSender } from '../mail/transport';
import { startPartnerWorker } from '../partners/worker';
import type { Log } from '../shared/log';

export interface ServiceAppOptions {
  /** The data folder (`--data`); locked for as long as the service runs. */
  dataDir: string;
  /** The config file (`--config`); without one the embedded demo account. */
  configFile?: string;
  host: string;
  port: number;
  /** Lines for the operator (the CLI's stdout): the demo account, the data file, the mail and partner workers. */
  out: (line: string) => void;
  /** The server's own warnings (the CLI's stderr): addresses paused for wrong keys. */
  err: (line: string) => void;
  /**
   * The time the engine and the throttle read (epoch ms; default the system's): a test runs a week of its demo
   * couriers' parcels, and the limits a bench must keep in that week, in seconds. The CLI has no such option.
   */
  now?: () => number;
}

export interface ServiceApp {
  /** `http://host:port/<instance>`: the spec's {base_url}. */
  baseUrl: string;
  /** The SQLite file the engine serves. */
  file: string;
  /** The thread that makes the shipments POST Shipment asks for (diagnostics; a test stops it mid-create). */
  writer?: ServiceCreates['writer'];
  /** Stops taking requests, lets the ones in flight finish, stops the workers, closes the engine, frees the folder. */
  close(): Promise<void>;
}

/** A refusal to start, with the message the operator reads (the CLI prints it and exits 2). */
export class ServiceStartError extends Error {
  override name = 'ServiceStartError';
}

export async function startServiceApp(options: ServiceAppOptions): Promise<ServiceApp> {
  const { out } = options;
  // The one log the engine and the workers write through: their delivery lines to out, their failures to err.
  const log: Log = { info: out, warn: options.err };
  let config: ServiceConfig;
  try {
    config = options.configFile ? loadServiceConfig(options.configFile) : demoConfig();
  } catch (error) {
    throw new ServiceStartError((error as Error).message);
  }

  const file = join(resolve(options.dataDir), `service-${config.instance}.sqlite`);
  let lock: FolderLock;
  try {
    lock = await lockDataFolder(options.dataDir, 'servizio');
  } catch (error) {
    if (error instanceof FolderInUseError) throw new ServiceStartError(error.message);
    throw new ServiceStartError(`cannot lock ${resolve(options.dataDir)}: ${(error as Error).message}`);
  }
  // A 200 is a promise to the client (a waybill, a deletion); a power cut must not take it back. NORMAL commits with
  // every change answered only once the WAL is synced (flushBeforeAnswer): FULL's promise, with the fsync off the
  // event loop and shared by the requests that finish together (docs/decisions.md, "Storage hardening").
  const { now } = options;
  const switches = engineSwitches();
  const onThread = writerThreadOn();
  const mailFrom = config.smtp?.from;
  let engine: Engine;
  try {
    // With the writer thread, this thread's engine answers every request but POST Shipment, whose shipments the
    // writer's engine makes and draws: labels are drawn here only for a dropshipping mail or an OrderToShipment claim,
    // on a thread started at the first.
    engine = createEngine({
      file,
      config: config.engine,
      ...(now ? { clock: { now: () => new Date(now()) } } : {}),
      synchronous: 'NORMAL',
      log,
      ...switches,
      labelThreads: onThread ? switches.labelThreads && 'onDemand' : switches.labelThreads,
      ...(mailFrom ? { mailFrom } : {}),
    });
  } catch (error) {
    lock.release();
    throw new ServiceStartError(`cannot open ${file}: ${(error as Error).message}`);
  }
  // The workers the writer's creates kick (their notices: a dropshipping mail, a partner event), made below.
  const kicks: { mail?: () => void; partner?: () => void } = {};
  let creates: ServiceCreates;
  try {
    creates = await startCreates(engine, {
      onThread,
      data: {
        file,
        config: config.engine,
        switches,
        ...(mailFrom ? { mailFrom } : {}),
        ...(now ? { now: now() } : {}),
      },
      ...(now ? { now } : {}),
      log,
      onQueued: (kind) => kicks[kind]?.(),
    });
  } catch (error) {
    closeQuietly(engine, lock);
    throw error;
  }
  if (creates.resumed > 0) out(`finished ${creates.resumed} shipment(s) interrupted by the last stop`);
  // The waybill e-mails of dropshipping shipments, sent beside the requests (never in their way).
  const mail =
    engine.mail && config.smtp
      ? startMailWorker({
          port: engine.mail,
          sender: smtpSender(config.smtp),
          backoff: { baseMs: config.smtp.retry_first_seconds * 1000, maxMs: config.smtp.retry_max_seconds * 1000 },
          log,
        })
      : undefined;
  if (mail) {
    engine.mail?.onQueued(() => mail.kick());
    kicks.mail = () => mail.kick();
  }
  // The tracking events of partner orders, each attempt a line of this log (the delivery log of `npm run serve`).
  const partners = engine.partners;
  const partnerWorker = partners
    ? startPartnerWorker({
        port: partners,
        backoff: {
          baseMs: config.partnerEvents.retry_first_seconds * 1000,
          maxMs: config.partnerEvents.retry_max_seconds * 1000,
        },
        giveUpAfterMs: config.partnerEvents.give_up_after_hours * 3_600_000,
        timeoutMs: config.partnerEvents.timeout_seconds * 1000,
        log,
      })
    : undefined;
  if (partnerWorker) {
    partners?.onQueued(() => partnerWorker.kick());
    kicks.partner = () => partnerWorker.kick();
  }
  const stopWorkers = async () => {
    await mail?.stop();
    await partnerWorker?.stop();
  };

  let server: RunningServer;
  try {
    server = await startServer(engine, {
      instance: config.instance,
      throttle: config.throttle,
      host: options.host,
      port: options.port,
      flushBeforeAnswer: true,
      ...(creates.creates ? { creates: creates.creates } : {}),
      log,
      ...(options.now ? { now: options.now } : {}),
    });
  } catch (error) {
    await stopWorkers();
    await creates.close();
    engine.close();
    lock.release();
    throw new ServiceStartError(`cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
  }

  if (!options.configFile) out(`demo account: x-api-key ${DEMO_API_KEY}, client ids ${DEMO_CLIENT_IDS.join(', ')}`);
  out(`data: ${file}`);

  return {
    baseUrl: server.baseUrl,
    file,
    ...(creates.writer ? { writer: creates.writer } : {}),
    async close() {
      try {
        // The requests in flight are answered first (their creates with them); then the writer closes its engine.
        await server.close();
        await creates.close();
        await stopWorkers();
      } finally {
        try {
          engine.close();
        } finally {
          lock.release();
        }
      }
    },
  };
}

/** After a failed start: free what was taken, keeping the error that stopped the start the one reported. */
function closeQuietly(engine: Engine, lock: FolderLock): void {
  try {
    engine.close();
  } catch {
    // The start's own error is the one worth reporting.
  } finally {
    lock.release();
  }
}
