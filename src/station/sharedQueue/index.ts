// A connected bench on its remote's shared order queue (Settings › Banco, "orders from the shared queue"): the bench's
// name at the hub kept with the connection (empty: not on the queue), the scan's claim, and the background worker.
import type { Caller, Engine } from '../../engine/index';
import { fail, type Result } from '../../shared/ipc/result';
import type { Log } from '../../shared/log';
import type { RemoteClient } from '../../sync/types';
import type { Services } from '../services';
import { ACCOUNT_SETTING_KEYS } from '../settings/keys';
import { claimOrder, type InFlight } from './claim';
import { QUEUE_MSG } from './messages';
import { startQueueWorker, type QueueWorker } from './worker';

export interface StationSharedQueue {
  /** This bench's name at the hub; undefined when the bench does not take its orders from the shared queue. */
  readonly bench: string | undefined;
  /** '' leaves the shared queue. */
  setBench(name: string): Result<{ bench: string }>;
  /** The scan's claim of a waiting order at the hub: the shipment made there, stored here, or why not. */
  claim(orderId: number, parcels: { packages: number; weight: number }): Promise<Result<{ id: number }>>;
  worker: QueueWorker;
}

/** Names the hub shows for a bench: a few words, as an operator writes them on the bench itself. */
export const BENCH_NAME_MAX = 40;

/** Present on a connected bench (its remote is the hub); the worker idles until the bench is given a name. */
export function startSharedQueue(
  engine: Engine,
  caller: Caller,
  remote: RemoteClient | undefined,
  options: { ordersChanged(): void; services: Services; log: Log; queueEveryMs?: number | undefined },
): StationSharedQueue | undefined {
  const queue = engine.sharedQueue;
  if (!remote || !queue) return undefined;
  const { ordersChanged, services, log } = options;
  const given = { engine, caller, queue, remote, log };
  const bench = () => engine.settings.get(ACCOUNT_SETTING_KEYS.sharedQueueBench)?.trim() || undefined;
  const inFlight: InFlight = new Set();
  const worker = startQueueWorker({ ...given, bench, ordersChanged, inFlight, everyMs: options.queueEveryMs });
  services.add('shared queue', () => worker.stop());
  return {
    get bench() {
      return bench();
    },
    setBench(name) {
      const trimmed = name.trim();
      if (trimmed.length > BENCH_NAME_MAX || /[\r\n\t]/.test(trimmed))
        return fail('invalid', `Nome del banco: al massimo ${BENCH_NAME_MAX} caratteri, su una riga`);
      // Off the queue, the hub's orders kept here are no longer this bench's to ship: shipped here as its own, each
      // would become a second shipment of an order another bench may claim at the hub. Dropped (all or none) before
      // the name is cleared, so that a failure leaves the bench on the queue with its orders, as it was.
      if (trimmed === '') queue.dropWaiting(caller);
      engine.settings.set(ACCOUNT_SETTING_KEYS.sharedQueueBench, trimmed);
      worker.kick();
      ordersChanged();
      return { ok: true, value: { bench: trimmed } };
    },
    async claim(orderId, parcels) {
      const name = bench();
      if (!name) return fail('refused', QUEUE_MSG.noBench);
      return claimOrder({ ...given, bench: name, ordersChanged }, inFlight, orderId, parcels);
    },
    worker,
  };
}
