// The sending of what the shops are owed (fulfilments and withdrawals, then the parcel states after them), each shop in
// a lane of its own: a pass starts, for every shop not already being sent to, the first few rows it is owed, and never
// waits for a lane to end. A shop that answers a byte a second holds its own rows until its deadline, nobody else's.
import type { ShopEventDue, ShopFulfilmentDue, ShopPort } from '../engine/index';
import type { Clock } from '../shared/clock';
import { startWorkLoop, type WorkLoop } from '../shared/workLoop';
import { errorMessage } from '../shared/errorMessage';

export interface SenderJobs {
  /** A fulfilment or a withdrawal: tried, and its outcome kept; throws only on a bug or a failing database. */
  send(item: ShopFulfilmentDue): Promise<void>;
  /** A parcel state after the fulfilment, the same way. */
  tell(item: ShopEventDue): Promise<void>;
}

/** Rows taken in one pass, across the shops whose lanes are free (one shop's rows go in parallel, as many as this). */
const PER_PASS = 4;

const earliest = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);

export interface Sender {
  kick(): void;
  /** Resolves when nothing is due and no shop's lane is under way. */
  idle: WorkLoop['idle'];
  /** Ends the loop, then waits for the lanes under way (the caller's close signal cuts their requests short). */
  stop(): Promise<void>;
}

export function startSender(port: ShopPort, clock: Clock, log: (line: string) => void, jobs: SenderJobs): Sender {
  /** The lane of each shop being sent to, by connection id. */
  const lanes = new Map<number, Promise<void>>();
  const busy = () => [...lanes.keys()];

  function startLane(connectionId: number, runs: (() => Promise<void>)[]) {
    // Each settles on its own: one that throws must not end the lane while the others are in flight (sent twice).
    const lane = Promise.allSettled(runs.map((run) => run())).then((settled) => {
      for (const failed of settled) if (failed.status === 'rejected') log(`negozi: ${errorMessage(failed.reason)}`);
    });
    lanes.set(connectionId, lane);
    void lane.finally(() => {
      lanes.delete(connectionId);
      // The shop's next rows (and a state held back until this fulfilment was sent) are due now.
      loop.kick();
    });
  }

  const loop: WorkLoop = startWorkLoop({
    async runDue() {
      const skip = busy();
      const now = clock.now();
      const rows = port.due(now, PER_PASS, skip);
      const events = port.events.due(now, PER_PASS, skip);
      const byShop = new Map<number, (() => Promise<void>)[]>();
      const add = (connectionId: number, run: () => Promise<void>) =>
        byShop.set(connectionId, [...(byShop.get(connectionId) ?? []), run]);
      for (const row of rows) add(row.connection.id, () => jobs.send(row));
      for (const event of events) add(event.connection.id, () => jobs.tell(event));
      for (const [connectionId, runs] of byShop) startLane(connectionId, runs);
      return rows.length + events.length;
    },
    // A lane under way counts as work in hand: `idle` waits for it, and the pass after one that started lanes looks at
    // once for the other shops' rows.
    hasDue: () =>
      lanes.size > 0 ||
      port.due(clock.now(), 1, busy()).length > 0 ||
      port.events.due(clock.now(), 1, busy()).length > 0,
    nextDueAt: () => earliest(port.nextDueAt(busy()), port.events.nextDueAt(busy())),
    clock,
    pollMs: 5_000,
    onError: (error) => log(`negozi: ${errorMessage(error)}`),
  });

  return {
    kick: () => loop.kick(),
    idle: (timeoutMs, what) => loop.idle(timeoutMs, what),
    async stop() {
      await loop.stop();
      await Promise.all(lanes.values());
    },
  };
}
