// Auto-print's second chance within a run: a shipment whose labels could not be queued (the database was locked) is
// tried again on the station's loop with a growing wait. What a kill -9 loses here is found at start (owedLabels.ts).
import type { Log } from '../../shared/log';
import type { Clock } from '../../shared/clock';
import { startLoop, type Loop } from '../../shared/workLoop';
import { errorMessage } from '../../shared/errorMessage';

const AUTO_RETRY_BASE_MS = 250;
const AUTO_RETRY_MAX_MS = 5_000;

export interface AutoPrintRetry {
  /**
   * Queues a shipment's labels now; when that fails (the database was locked), again later with a growing wait. True
   * when one of its labels was queued now and waits for the printer.
   */
  queue(shipmentId: number): boolean;
  stop(): Promise<void>;
}

/**
 * Labels that could not be queued yet are tried again on the station's loop: after 250 ms, then doubling up to 5 s,
 * until every one is queued. Queuing twice is harmless, as a label is queued once per printer.
 */
export function startAutoPrintRetry(options: {
  clock: Clock;
  log: Log;
  /** Queues a shipment's labels; true when one was queued (not printed or queued before). */
  queue(shipmentId: number): boolean;
  autoPrint(): boolean;
}): AutoPrintRetry {
  const unqueued = new Set<number>();
  let failures = 0;
  let retryAt: number | undefined;
  const tryQueue = (shipmentId: number): { done: boolean; waits: boolean } => {
    try {
      const waits = options.queue(shipmentId);
      unqueued.delete(shipmentId);
      return { done: true, waits };
    } catch (error) {
      unqueued.add(shipmentId);
      const why = errorMessage(error);
      options.log.warn(`stampa automatica della spedizione ${shipmentId} rimandata: ${why}`);
      return { done: false, waits: false };
    }
  };
  const waitAfter = (rounds: number) => Math.min(AUTO_RETRY_MAX_MS, AUTO_RETRY_BASE_MS * 2 ** Math.min(rounds - 1, 6));
  const loop: Loop = startLoop({
    clock: options.clock,
    async pass() {
      if (retryAt === undefined) return undefined;
      const now = options.clock.now();
      if (now < retryAt) return retryAt - now;
      if ([...unqueued].every((id) => !options.autoPrint() || tryQueue(id).done)) {
        failures = 0;
        retryAt = undefined;
        return undefined;
      }
      failures += 1;
      retryAt = now + waitAfter(failures);
      return retryAt - now;
    },
    // The pass catches what queuing throws; anything else is a bug, said once per round like a failed label.
    onError(error, rounds) {
      options.log.warn(`stampa automatica: ${errorMessage(error)}`);
      return waitAfter(rounds);
    },
  });
  return {
    queue(shipmentId) {
      const { done, waits } = tryQueue(shipmentId);
      if (done || retryAt !== undefined) return waits;
      failures = 1;
      retryAt = options.clock.now() + waitAfter(failures);
      loop.kick();
      return false;
    },
    stop: () => loop.stop(),
  };
}
