// The outbox worker: sends queued changes to the remote in per-shipment order, applies each answer through the
// engine's sync port, retries what failed in transit with capped jittered backoff (forever), parks what the remote
// refused, pauses on an invalid key, and re-reads unconfirmed shipments so changes made elsewhere show up.
import type { Engine, OutboxItem, SyncPort } from '../engine/index';
import type { ShipmentRecord } from '../shared/api/shipmentRecord';
import { MSG } from '../shared/api/messages';
import { remoteStatusMeaning } from '../shared/domain/states';
import type { RemoteClient, RemoteOutcome } from './types';
import type { SyncStatusView } from '../shared/ipc/views';

/** The worker's side of the station's sync status view (the station adds its mode). */
export type SyncStatus = Omit<SyncStatusView, 'mode'>;

export interface SyncWorkerOptions {
  engine: Engine;
  remote: RemoteClient;
  now?: () => number;
  random?: () => number;
  /** First retry after about baseMs, doubling per attempt up to maxMs; each delay is jittered to 50–100 %. */
  backoff?: { baseMs: number; maxMs: number };
  /** After a rate-limit 403, the first wait; it doubles with each 403 in a row up to 5 minutes. */
  /** First wait before asking again about a shipment the remote is still processing (0.5); it doubles. */
  processingDelayMs?: number;
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
  log?(message: string): void;
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
const MAX_RATE_LIMITED_DELAY_MS = 5 * 60_000;
/** The longest wait before asking again about a shipment the remote is still processing. */
const MAX_PROCESSING_DELAY_MS = 60_000;

type Transient = Extract<RemoteOutcome<unknown>, { kind: 'unknown' | 'forbidden' }>;

/**
 * A remote record is whole when the courier refused it (0.6), or when it is a good shipment (0, or a later state from
 * 1.0 up) with its waybill and labels. Still processing (0.5) and the states before labels (-1, 0.2, 0.3) are not: the
 * worker asks again later, and never takes them as a failure.
 */
function isComplete(record: ShipmentRecord): boolean {
  const meaning = remoteStatusMeaning(record.status);
  if (meaning === 'refused') return true;
  if (meaning !== 'created' && meaning !== 'progress') return false;
  return record.num_spedizione !== '' && record.label_zpl.length + record.label_pdf.length > 0;
}

/** After a lost answer, a shipment found by ddt_alpha is ours only if it is the same shipment. */
function sameShipment(payload: Record<string, unknown>, record: ShipmentRecord): boolean {
  return (
    record.client_id === Number(payload.client_id) &&
    record.ddt_alpha === payload.ddt_alpha &&
    String(record.rcpt_cap) === String(payload.rcpt_cap) &&
    record.colli === Number(payload.colli)
  );
}

export function createSyncWorker(options: SyncWorkerOptions): SyncWorker {
  const sync: SyncPort | undefined = options.engine.sync;
  if (!sync) throw new Error('the sync worker needs a connected engine');
  const port = sync;
  const remote = options.remote;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? { baseMs: 1000, maxMs: 60_000 };
  const refreshEveryMs = options.refreshEveryMs ?? 60_000;
  const concurrency = options.concurrency ?? 4;
  const confirmBatch = options.confirmBatch ?? 100;

  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  let wake: (() => void) | undefined;
  let paused = false;
  let online = true;
  let lastError = '';
  let lastReported = '';
  // The remote's rate limit: 403s in a row, when the first came, and until when nothing is sent.
  let limited = { count: 0, since: 0, until: 0 };
  const unsubscribe = port.onChange(() => worker.kick());

  const status = (): SyncStatus => {
    const counts = port.counts();
    return {
      online,
      paused,
      rateLimitedUntil: limited.until > now() ? limited.until : 0,
      keyMaybeRevoked: limited.count > 0 && now() - limited.since >= (options.revokedAfterMs ?? 30 * 60_000),
      pending: counts.pending,
      parked: counts.parked,
      oldestPendingAgeMs: counts.oldestPendingAt === undefined ? 0 : Math.max(0, now() - counts.oldestPendingAt),
      lastError,
    };
  };
  const report = () => {
    const current = status();
    const key = JSON.stringify({ ...current, oldestPendingAgeMs: current.oldestPendingAgeMs > 0 });
    if (key !== lastReported) {
      lastReported = key;
      options.onStatus?.(current);
    }
  };

  /** Outbox row → how many answers in a row said "still processing" (kept in memory: a restart starts at 1 s). */
  const processing = new Map<number, number>();

  /**
   * A shipment the remote is still processing (0.5): asked again after 1 s, then 2, 4, … up to a minute, so a morning
   * of slow shipments does not spend the GET budget on lookups. Only these answers count, not failed attempts.
   */
  function stillProcessing(item: OutboxItem, inARow: number): void {
    processing.set(item.id, inARow + 1);
    const wait = (options.processingDelayMs ?? 1000) * 2 ** Math.min(inARow, 6);
    port.retryLater(item.id, now() + Math.min(MAX_PROCESSING_DELAY_MS, wait), MSG.syncProcessing, true);
  }

  const delayFor = (attempts: number) =>
    Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempts, 20)) * (0.5 + random() * 0.5);

  /** Network trouble, 5xx, 403: when to try again, and what the bench should see. */
  function transient(item: OutboxItem, outcome: Transient, maybeSent: boolean): void {
    if (outcome.kind === 'forbidden' && outcome.reason === 'invalid_key') {
      paused = true;
      online = true;
      lastError = outcome.error;
      port.retryLater(item.id, now(), outcome.error, maybeSent);
      return;
    }
    if (outcome.kind === 'forbidden') {
      // The rate limit holds every row, not just this one: the outbox waits as a whole and stays in order.
      online = true;
      const first = options.rateLimitedDelayMs ?? 30_000;
      if (limited.count === 0) limited.since = now();
      const wait = Math.min(MAX_RATE_LIMITED_DELAY_MS, first * 2 ** Math.min(limited.count, 10));
      limited = { ...limited, count: limited.count + 1, until: Math.max(limited.until, now() + wait) };
      lastError = MSG.syncRateLimited;
      port.retryLater(item.id, limited.until, outcome.error, maybeSent);
      return;
    }
    online = false;
    // A transport failure carries the client's technical words, which the bench sees after a plain Italian sentence.
    lastError = `${MSG.syncRemoteUnreachable}: ${outcome.error}`;
    port.retryLater(item.id, now() + delayFor(item.attempts), outcome.error, maybeSent);
  }

  /** Any answer that is not a 403: the remote is there and takes our requests again. */
  const answered = () => {
    online = true;
    if (limited.count > 0) {
      limited = { count: 0, since: 0, until: 0 };
      if (lastError === MSG.syncRateLimited) lastError = '';
    }
  };

  /** The remote id of a shipment, from the row or by its reference; undefined when the remote has no such shipment. */
  async function remoteIdOf(payload: Record<string, unknown>): Promise<RemoteOutcome<number>> {
    if (typeof payload.remote_id === 'number') return { kind: 'ok', status: 200, body: payload.remote_id };
    const found = await remote.getShipmentByDdtAlpha(String(payload.ddt_alpha), Number(payload.client_id));
    return found.kind === 'ok' ? { kind: 'ok', status: 200, body: found.body.id } : found;
  }

  async function sendCreate(item: OutboxItem): Promise<void> {
    const inARow = processing.get(item.id) ?? 0;
    processing.delete(item.id);
    if (item.maybeSent) {
      // The last attempt's answer was lost: the remote may have the shipment already. Look before sending again.
      const found = await remote.getShipmentByDdtAlpha(String(item.payload.ddt_alpha), Number(item.payload.client_id));
      if (found.kind === 'ok') {
        answered();
        if (!sameShipment(item.payload, found.body))
          return port.park(item.id, MSG.syncReferenceTaken(String(item.payload.ddt_alpha)));
        if (!isComplete(found.body)) return stillProcessing(item, inARow);
        return port.applyCreated(item.id, found.body);
      }
      if (found.kind === 'rejected' && found.status !== 404) return port.park(item.id, found.error);
      if (found.kind !== 'rejected') return transient(item, found, true);
      answered();
    }
    port.markAttempt(item.id, true);
    const created = await remote.createShipment(item.payload);
    if (created.kind === 'ok') {
      answered();
      // Taken but not labelled yet (0.5 and the like): looked up by reference later, like an answer that was lost.
      if (!isComplete(created.body)) return stillProcessing(item, inARow);
      // The real aggregator gives the parcels' barcodes (daticolli) only in the lookup by reference: one GET for them.
      if (created.body.daticolli === undefined && created.body.colli > 0) {
        const full = await remote.getShipmentByDdtAlpha(String(item.payload.ddt_alpha), Number(item.payload.client_id));
        if (full.kind === 'ok' && full.body.id === created.body.id && isComplete(full.body))
          return port.applyCreated(item.id, full.body);
      }
      return port.applyCreated(item.id, created.body);
    }
    if (created.kind === 'rejected') {
      answered();
      return port.park(item.id, created.error);
    }
    return transient(item, created, item.maybeSent || (created.kind === 'unknown' ? created.sent : false));
  }

  async function sendAmendOrDelete(item: OutboxItem): Promise<void> {
    port.markAttempt(item.id, true);
    const id = await remoteIdOf(item.payload);
    if (id.kind === 'rejected' && id.status === 404) {
      answered();
      // Nothing to change or delete any more: the remote no longer has it.
      if (item.kind === 'amend') port.applyRefresh(item.shipmentId, { kind: 'gone' });
      return port.complete(item.id);
    }
    if (id.kind === 'rejected') return port.park(item.id, id.error);
    if (id.kind !== 'ok') return transient(item, id, true);
    const outcome =
      item.kind === 'amend'
        ? await remote.amendShipment(id.body, (item.payload.fields ?? {}) as Record<string, unknown>)
        : await remote.deleteShipment(id.body);
    if (outcome.kind === 'ok' || (outcome.kind === 'rejected' && outcome.status === 404)) {
      answered();
      if (outcome.kind === 'rejected' && item.kind === 'amend') port.applyRefresh(item.shipmentId, { kind: 'gone' });
      return port.complete(item.id);
    }
    if (outcome.kind === 'rejected') {
      answered();
      return port.park(item.id, outcome.error);
    }
    return transient(item, outcome, true);
  }

  async function sendConfirms(items: OutboxItem[]): Promise<void> {
    const ids = new Map<number, OutboxItem>();
    for (const item of items) {
      port.markAttempt(item.id, true);
      const id = await remoteIdOf(item.payload);
      if (id.kind === 'ok') ids.set(id.body, item);
      else if (id.kind === 'rejected') {
        answered();
        port.applyRefresh(item.shipmentId, { kind: 'gone' });
        port.park(item.id, id.status === 404 ? MSG.confirmDeletedRemotely : id.error);
      } else transient(item, id, true);
    }
    if (ids.size === 0) return;
    const outcome = await remote.confirmByIds([...ids.keys()], false);
    if (outcome.kind !== 'ok') {
      for (const item of ids.values()) {
        if (outcome.kind === 'rejected') port.park(item.id, outcome.error);
        else transient(item, outcome, true);
      }
      return;
    }
    answered();
    const errors = new Map(outcome.body.errors.map((e) => [e.id, e.error]));
    for (const [remoteId, item] of ids) {
      const error = errors.get(remoteId);
      // Already confirmed there (a retry after a lost answer, or confirmed elsewhere) is what we wanted.
      if (error === undefined || error === MSG.confirmAlready) port.complete(item.id);
      else port.park(item.id, error);
    }
  }

  async function refresh(): Promise<void> {
    const candidates = port.refreshCandidates(now() - refreshEveryMs, options.refreshBatch ?? 20);
    for (const { shipmentId, remoteId } of candidates) {
      if (!running || paused) return;
      const found = await remote.getShipment(remoteId);
      if (found.kind === 'ok') port.applyRefresh(shipmentId, { kind: 'record', record: found.body });
      else if (found.kind === 'rejected' && found.status === 404) port.applyRefresh(shipmentId, { kind: 'gone' });
      else return;
      answered();
    }
  }

  async function step(): Promise<boolean> {
    const items = port.ready(now(), concurrency * 8);
    if (items.length === 0) return false;
    const confirms = items.filter((i) => i.kind === 'confirm').slice(0, confirmBatch);
    const others = items.filter((i) => i.kind !== 'confirm').slice(0, concurrency);
    const tasks: Promise<void>[] = others.map((item) =>
      item.kind === 'create' ? sendCreate(item) : sendAmendOrDelete(item),
    );
    if (confirms.length > 0) tasks.push(sendConfirms(confirms));
    await Promise.all(tasks);
    return true;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function loop(): Promise<void> {
    let lastRefresh = 0;
    let failures = 0;
    while (running) {
      try {
        if (paused) {
          report();
          await sleep(300_000);
          continue;
        }
        if (limited.until > now()) {
          report();
          await sleep(limited.until - now());
          continue;
        }
        const worked = await step();
        failures = 0;
        report();
        if (worked) continue;
        if (now() - lastRefresh >= Math.min(refreshEveryMs, 5000)) {
          lastRefresh = now();
          await refresh();
          report();
        }
        const due = port.nextDueAt();
        const untilDue = due === undefined ? refreshEveryMs : due - now();
        await sleep(Math.min(Math.max(untilDue, 5), refreshEveryMs, 5000));
      } catch (error) {
        // A bug, or a database locked by another process, must neither spin nor end the loop (an escaping error would
        // take the whole station down): note it, wait longer each time, and look again.
        failures += 1;
        lastError = error instanceof Error ? error.message : String(error);
        const waitMs = Math.min(MAX_LOOP_BACKOFF_MS, 1000 * 2 ** Math.min(failures - 1, 5));
        const log = options.log ?? ((m: string) => process.stderr.write(`${m}\n`));
        log(`sync: ${lastError}; nuovo tentativo tra ${waitMs} ms`);
        try {
          report();
        } catch {
          // The status reads the same database: it goes out on the next pass that can read it.
        }
        await sleep(waitMs);
      }
    }
  }

  const worker: SyncWorker = {
    start() {
      if (running) return;
      running = true;
      loopDone = loop();
    },
    async stop() {
      running = false;
      unsubscribe();
      wake?.();
      await loopDone;
    },
    kick() {
      wake?.();
    },
    resume() {
      paused = false;
      lastError = '';
      wake?.();
    },
    status,
    async drained(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (port.counts().pending > 0) {
        if (Date.now() > deadline)
          throw new Error(`outbox not drained in ${timeoutMs} ms: ${JSON.stringify(status())}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
  return worker;
}
