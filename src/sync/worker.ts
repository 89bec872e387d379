// The outbox worker: sends queued changes to the remote in per-shipment order (send.ts), retries what failed in transit
// with capped jittered backoff (forever), parks what the remote refused, pauses on an invalid key (health.ts), and
// re-reads unconfirmed shipments so changes made elsewhere show up. It runs on the shared loop and its clock.
import type { Engine, SyncPort } from '../engine/index';
import { realClock, waitUntil, type Clock } from '../shared/clock';
import { startLoop, type Loop } from '../shared/workLoop';
import { createSyncHealth, type SyncHealth } from './health';
import { createSenders, type ChangeItem, type ConfirmItem, type CreateItem, type Senders } from './send';
import type { RemoteClient } from './types';
import { processLog, type Log } from '../shared/log';

export type { SyncStatus } from './health';
import type { SyncStatus } from './health';
import { errorMessage } from '../shared/errorMessage';

export interface SyncWorkerOptions {
  engine: Engine;
  remote: RemoteClient;
  /** The loop's time and timers (the real clock by default). */
  clock?: Clock;
  /** The outbox's due times' clock, when it is not `clock`'s. */
  now?: () => number;
  random?: () => number;
  /** First retry after about baseMs, doubling per attempt up to maxMs; each delay is jittered to 50–100 %. */
  backoff?: { baseMs: number; maxMs: number };
  /** First wait before asking again about a shipment the remote is still processing (0.5); it doubles. */
  processingDelayMs?: number;
  /** After a rate-limit 403, the first wait; it doubles with each 403 in a row up to 5 minutes. */
  rateLimitedDelayMs?: number;
  /** How long 403s may go on without one success before the key is said to be possibly revoked. */
  revokedAfterMs?: number;
  /** Re-read each unconfirmed synced shipment at most this often. */
  refreshEveryMs?: number;
  refreshBatch?: number;
  /** Rows of different shipments sent at once. */
  concurrency?: number;
  /** Confirm rows sent in one shipmentConfirm call. */
  confirmBatch?: number;
  onStatus?(status: SyncStatus): void;
  /** Where the loop says why it backs off (the station's log); the error's message only, never a key. */
  log?: Log;
}

export interface SyncWorker {
  start(): void;
  stop(): Promise<void>;
  /** Look at the outbox now (new local change). */
  kick(): void;
  /** After the operator fixed the key. */
  resume(): void;
  status(): SyncStatus;
  /** Resolves when nothing is pending (parked rows wait for a person); rejects after `timeoutMs`. */
  drained(timeoutMs: number): Promise<void>;
}

const MAX_LOOP_BACKOFF_MS = 30_000;
/** While the key is refused, how often the loop says so again (a kick or `resume` wakes it sooner). */
const PAUSED_SLEEP_MS = 300_000;
/** The longest sleep between looks at the outbox (a new row also wakes the loop through `kick`). */
const LONGEST_SLEEP_MS = 5000;

interface PassContext {
  port: SyncPort;
  health: SyncHealth;
  senders: Senders;
  loop: () => Loop | undefined;
  now(): number;
  concurrency: number;
  confirmBatch: number;
  refreshEveryMs: number;
  refreshBatch: number;
  remote: RemoteClient;
}

/** Sends what is ready: rows of different shipments at once, confirms in one batch. False when nothing was ready. */
async function sendReady(c: PassContext): Promise<boolean> {
  const items = c.port.ready(c.now(), c.concurrency * 8);
  if (items.length === 0) return false;
  const confirms = items.filter((i): i is ConfirmItem => i.kind === 'confirm').slice(0, c.confirmBatch);
  const others = items.filter((i): i is CreateItem | ChangeItem => i.kind !== 'confirm').slice(0, c.concurrency);
  const tasks: Promise<void>[] = others.map((item) =>
    item.kind === 'create' ? c.senders.create(item) : c.senders.amendOrDelete(item),
  );
  if (confirms.length > 0) tasks.push(c.senders.confirms(confirms));
  await Promise.all(tasks);
  return true;
}

/**
 * Re-reads unconfirmed synced shipments, so deletions and confirmations made elsewhere show up. False when none was
 * due: nothing was asked or changed, so the status the pass just reported still holds.
 */
async function refresh(c: PassContext): Promise<boolean> {
  const candidates = c.port.refreshCandidates(c.now() - c.refreshEveryMs, c.refreshBatch);
  for (const { shipmentId, remoteId } of candidates) {
    if (!c.loop()?.running || c.health.paused) break;
    const found = await c.remote.getShipment(remoteId);
    if (found.kind === 'ok') c.port.applyRefresh(shipmentId, { kind: 'record', record: found.body });
    else if (found.kind === 'rejected' && found.status === 404) c.port.applyRefresh(shipmentId, { kind: 'gone' });
    else break;
    c.health.answered();
  }
  return candidates.length > 0;
}

export function createSyncWorker(options: SyncWorkerOptions): SyncWorker {
  const sync: SyncPort | undefined = options.engine.sync;
  if (!sync) throw new Error('the sync worker needs a connected engine');
  const port = sync;
  const clock = options.clock ?? realClock;
  const now = options.now ?? (() => clock.now());
  const refreshEveryMs = options.refreshEveryMs ?? 60_000;
  const health = createSyncHealth({
    port,
    now,
    random: options.random ?? Math.random,
    backoff: options.backoff ?? { baseMs: 1000, maxMs: 60_000 },
    rateLimitedDelayMs: options.rateLimitedDelayMs ?? 30_000,
    revokedAfterMs: options.revokedAfterMs ?? 30 * 60_000,
    onStatus: options.onStatus,
  });
  const senders = createSenders({
    port,
    remote: options.remote,
    health,
    now,
    processingDelayMs: options.processingDelayMs ?? 1000,
  });
  const log = options.log ?? processLog;
  let loop: Loop | undefined;
  const c: PassContext = {
    port,
    health,
    senders,
    loop: () => loop,
    now,
    concurrency: options.concurrency ?? 4,
    confirmBatch: options.confirmBatch ?? 100,
    refreshEveryMs,
    refreshBatch: options.refreshBatch ?? 20,
    remote: options.remote,
  };
  let lastRefresh = 0;

  /** One look at the outbox; answers how long to sleep before the next. */
  async function pass(): Promise<number> {
    if (health.paused) {
      health.report();
      return PAUSED_SLEEP_MS;
    }
    if (health.limitedUntil > now()) {
      health.report();
      return health.limitedUntil - now();
    }
    const worked = await sendReady(c);
    health.report();
    if (worked) return 0;
    if (now() - lastRefresh >= Math.min(refreshEveryMs, LONGEST_SLEEP_MS)) {
      lastRefresh = now();
      if (await refresh(c)) health.report();
    }
    const due = port.nextDueAt();
    const untilDue = due === undefined ? refreshEveryMs : due - now();
    return Math.min(Math.max(untilDue, 5), refreshEveryMs, LONGEST_SLEEP_MS);
  }

  /**
   * A bug, or a database locked by another process, must neither spin nor end the loop (an escaping error would take
   * the whole station down): note it, wait longer each time, and look again.
   */
  function onError(error: unknown, failures: number): number {
    const message = errorMessage(error);
    health.failed(message);
    const waitMs = Math.min(MAX_LOOP_BACKOFF_MS, 1000 * 2 ** Math.min(failures - 1, 5));
    log.warn(`sync: ${message}; nuovo tentativo tra ${waitMs} ms`);
    try {
      health.report();
    } catch {
      // The status reads the same database: it goes out on the next pass that can read it.
    }
    return waitMs;
  }

  const unsubscribe = port.onChange(() => loop?.kick());
  return {
    start() {
      if (loop?.running) return;
      loop = startLoop({ clock, pass, onError });
    },
    async stop() {
      unsubscribe();
      await loop?.stop();
    },
    kick: () => loop?.kick(),
    resume() {
      health.resume();
      loop?.kick();
    },
    status: () => health.status(),
    drained: (timeoutMs) =>
      waitUntil(clock, () => port.counts().pending === 0, {
        timeoutMs,
        everyMs: 25,
        failure: () => `outbox not drained in ${timeoutMs} ms: ${JSON.stringify(health.status())}`,
      }),
  };
}
