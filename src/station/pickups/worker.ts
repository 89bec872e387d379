// The bench's pickups after the operator asked for them: a pickup still waiting is sent (again after a failure, every
// two minutes: offline, the remote's limit), a booked one is read again every ten minutes until the courier has come
// (or said it will not), and none is followed past the day after its own. The first try is the command's own
// (tryPickup), at once, so the operator sees the courier's answer; the worker's rows fall due a minute later.
import type { BenchPickup, BenchPickupsPort } from '../../engine/index';
import { realClock, type Clock } from '../../shared/clock';
import { PICKUP_STATUS } from '../../shared/domain/pickups';
import type { Log } from '../../shared/log';
import { startWorkLoop, type WorkLoop } from '../../shared/workLoop';
import type { PickupCourier } from './courier';
import { errorMessage } from '../../shared/errorMessage';

export const PICKUP_FOLLOW_EVERY_MS = 10 * 60_000;
export const PICKUP_RETRY_MS = 2 * 60_000;
/** How long a pickup just asked for is the command's own before the worker may send it. */
export const PICKUP_FIRST_TRY_MS = 60_000;

/** Past this instant a booked pickup is no longer read: the day after its own has ended. */
function followUntil(pickup: BenchPickup): number {
  const [y, m, d] = pickup.day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + 2).getTime();
}

/** One try of one pickup: sent if waiting, read again if booked. True when what the screen shows changed. */
export async function tryPickup(
  port: BenchPickupsPort,
  courier: PickupCourier,
  pickup: BenchPickup,
  now: () => number,
): Promise<boolean> {
  if (pickup.state === 'waiting') {
    const reply = await courier.book(pickup);
    if (reply.kind === 'later') {
      port.failed(pickup.id, reply.error, now(), now() + PICKUP_RETRY_MS);
      return pickup.lastError !== reply.error;
    }
    const answer =
      reply.kind === 'answer'
        ? reply.answer
        : { remoteId: null, status: PICKUP_STATUS.refused, numOrm: '', error: reply.error, note: '' };
    port.answered(pickup.id, answer, now(), now() + PICKUP_FOLLOW_EVERY_MS);
    return true;
  }
  if (pickup.state !== 'booked') return false;
  if (pickup.remoteId === null || now() > followUntil(pickup)) {
    port.failed(pickup.id, pickup.remoteId === null ? 'ritiro senza ID: stato non seguito' : '', now(), null);
    return false;
  }
  const reply = await courier.read(pickup.remoteId);
  if (reply.kind === 'answer')
    return port.followed(pickup.id, reply.answer.status, reply.answer.numOrm, now(), now() + PICKUP_FOLLOW_EVERY_MS);
  port.failed(pickup.id, reply.error, now(), reply.kind === 'later' ? now() + PICKUP_RETRY_MS : null);
  return pickup.lastError !== reply.error;
}

export interface PickupWorkerOptions {
  port: BenchPickupsPort;
  courier: PickupCourier;
  clock?: Clock;
  log: Log;
  /** After a pass that changed what the screen shows. */
  onChange(): void;
}

export function startPickupWorker(options: PickupWorkerOptions): Pick<WorkLoop, 'kick' | 'stop'> {
  const { port, courier, log } = options;
  const clock = options.clock ?? realClock;
  const now = () => clock.now();
  const loop = startWorkLoop({
    clock,
    pollMs: PICKUP_FOLLOW_EVERY_MS,
    hasDue: () => (port.nextDueAt() ?? Number.POSITIVE_INFINITY) <= now(),
    nextDueAt: () => port.nextDueAt(),
    async runDue() {
      const due = port.due(now(), 10);
      let changed = false;
      for (const pickup of due) {
        const tried = await tryPickup(port, courier, pickup, now).catch((error: unknown) => {
          log.warn(`ritiri: ritiro ${pickup.id} non inviato (${String(error)}); riprovo`);
          port.failed(pickup.id, String(error), now(), now() + PICKUP_RETRY_MS);
          return false;
        });
        changed ||= tried;
      }
      if (changed) options.onChange();
      return due.length;
    },
    onError: (error) => log.warn(`ritiri: ${errorMessage(error)}`),
  });
  return { kick: () => loop.kick(), stop: () => loop.stop() };
}
