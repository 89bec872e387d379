// The station's workers that talk to the world outside the bench: in connected mode the remote client and the sync
// worker; with a mail server, the worker that e-mails dropshipping waybills; with partner endpoints, the one that
// delivers partner events. Each is registered with the station's services as it starts.
import type { Engine, MailPort } from '../engine/index';
import { sleepOn, type Clock } from '../shared/clock';
import { smtpSender } from '../mail/transport';
import { startMailWorker, type MailWorker } from '../mail/worker';
import type { SmtpConfig } from '../shared/domain/smtp';
import type { StationEvent } from '../shared/ipc/events';
import type { StationMode } from '../shared/domain/stationMode';
import type { Log } from '../shared/log';
import { createRemoteClient } from '../sync/remoteClient';
import { createRateLimiter } from '../sync/rateLimiter';
import { REAL_LIMITS, type RateLimits, type RemoteClient } from '../sync/types';
import { createSyncWorker, type SyncStatus, type SyncWorker } from '../sync/worker';
import { startPartnerWorker, type PartnerWorker } from '../partners/worker';
import type { Services } from './services';

/** How the host tunes the sync worker (StationOptions.sync); every field has the real service's default. */
export interface SyncOptions {
  /** The remote's rate limits to stay under; false = none (load tests against an unthrottled remote). */
  rateLimits?: RateLimits | false;
  /** Retries after a failure: the first wait, doubling up to the longest. */
  retry?: { baseMs: number; maxMs: number };
  /** After the remote's rate-limit 403, the first wait (default 30 s; it doubles per 403 in a row up to 5 minutes). */
  rateLimitedDelayMs?: number;
  /** First wait before asking again about a shipment the remote is still processing (0.5); default 1 s. */
  processingDelayMs?: number;
  /** How long 403s may go on without a success before the bench hears the key may be revoked (default 30 min). */
  revokedAfterMs?: number;
  /** How often the remote's lists are read again. */
  refreshEveryMs?: number;
  /** How often a bench on the remote's shared order queue reads the queue again (5 s by default). */
  queueEveryMs?: number;
  /** Create the sync worker without starting it (start it with `station.sync.start()`). */
  hold?: boolean;
  onStatus?(status: SyncStatus): void;
  /** The loop's time and the remote's request budget's (default: the real clock; StationOptions.clock). */
  clock?: Clock;
}

/** Retries of partner events (StationOptions.partners). */
export interface PartnerEventOptions {
  /** The first wait, doubling per attempt up to the longest (default 30 s to 2 h). */
  retry?: { baseMs: number; maxMs: number };
  /** How long a partner event is tried before it is given up (default three days). */
  giveUpAfterMs?: number;
}

/** The remote client and the sync worker of a connected station; started unless held or blocked. */
export function startSync(
  engine: Engine,
  account: { remoteUrl: string; apiKey: string; mode: StationMode; blocked: boolean },
  options: SyncOptions,
  emit: (event: StationEvent) => void,
  services: Services,
  log: Log,
): { remote: RemoteClient; sync: SyncWorker } {
  const { clock } = options;
  const limits = options.rateLimits ?? REAL_LIMITS;
  const remote = createRemoteClient({
    baseUrl: account.remoteUrl,
    apiKey: account.apiKey,
    // On a station's own clock, the budget counts the requests in that time too (the limiter's default is monotonic).
    ...(clock
      ? { limiter: createRateLimiter(limits, { now: () => clock.now(), sleep: (ms) => sleepOn(clock, ms) }) }
      : { limits }),
  });
  services.add('remote client', () => remote.close());
  const sync = createSyncWorker({
    engine,
    remote,
    ...(clock ? { clock } : {}),
    backoff: options.retry,
    rateLimitedDelayMs: options.rateLimitedDelayMs,
    processingDelayMs: options.processingDelayMs,
    revokedAfterMs: options.revokedAfterMs,
    refreshEveryMs: options.refreshEveryMs,
    log,
    onStatus: (status) => {
      options.onStatus?.(status);
      emit({ name: 'sync.changed', payload: { mode: account.mode, ...status } });
      emit({ name: 'shipments.changed', payload: { ids: [] } });
    },
  });
  services.add('sync worker', () => sync.stop());
  if (!options.hold && !account.blocked) sync.start();
  return { remote, sync };
}

/** A worker e-mailing what the engine queues for the mail server: the dropshipping waybills, or the recipients'. */
export function startMail(
  port: MailPort | undefined,
  smtp: SmtpConfig,
  services: Services,
  log: Log,
  name = 'mail worker',
  onSettled?: (shipmentId: number) => void,
): MailWorker | undefined {
  if (!port) return undefined;
  const mail = startMailWorker({
    port,
    sender: smtpSender(smtp),
    backoff: { baseMs: smtp.retry_first_seconds * 1000, maxMs: smtp.retry_max_seconds * 1000 },
    log,
    ...(onSettled ? { onSettled } : {}),
  });
  const unsubscribe = port.onQueued(() => mail.kick());
  services.add(name, () => {
    unsubscribe();
    return mail.stop();
  });
  return mail;
}

/** The worker delivering the tracking events of partner orders (standalone: a connected bench's service sends them). */
export function startPartnerEvents(
  engine: Engine,
  options: PartnerEventOptions,
  services: Services,
  log: Log,
): PartnerWorker | undefined {
  const port = engine.partners;
  if (!port) return undefined;
  const worker = startPartnerWorker({
    port,
    ...(options.retry ? { backoff: options.retry } : {}),
    ...(options.giveUpAfterMs ? { giveUpAfterMs: options.giveUpAfterMs } : {}),
    log,
  });
  const unsubscribe = port.onQueued(() => worker.kick());
  services.add('partner events', () => {
    unsubscribe();
    return worker.stop();
  });
  return worker;
}
