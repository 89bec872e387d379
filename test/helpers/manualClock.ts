// A clock a test moves by hand (src/shared/clock.ts's Clock): the loops given it sleep until the test says time has
// passed, so a test sees a poll every N ms or a retry after a backoff without waiting for either. Other timers
// (sockets, the library's own time-outs) stay on the real clock.
import type { Clock } from '../../src/shared/clock';

export interface ManualClock extends Clock {
  /**
   * Moves time on by `ms`, firing each timer that falls due in order and letting what it woke run in between (a loop it
   * kicked included).
   */
  advance(ms: number): Promise<void>;
  /** When the waiting timers fire (ms of this clock), soonest first. */
  timers(): number[];
}

/**
 * Lets promise callbacks and ready I/O callbacks run, and the pass of a loop they kicked. A kick wakes its loop in the
 * next check phase (src/shared/workLoop.ts), so this wait's own turn is asked for only once the promise callbacks have
 * all run (process.nextTick comes after them): a kick among them is then queued first and its pass runs before the
 * wait ends, in the same turn of the event loop, so I/O gets no more turns than it had. A loop kicked by that kicked
 * pass is woken in the turn after, which this does not wait for.
 */
const settle = () => new Promise<void>((resolve) => process.nextTick(() => setImmediate(resolve)));

export function manualClock(start = Date.now()): ManualClock {
  let now = start;
  let nextId = 0;
  const waiting = new Map<number, { at: number; fire: () => void }>();
  return {
    now: () => now,
    setTimer(ms, fire) {
      const id = nextId++;
      waiting.set(id, { at: now + Math.max(0, ms), fire });
      return () => waiting.delete(id);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        await settle();
        let soonest: [number, { at: number; fire: () => void }] | undefined;
        for (const entry of waiting)
          if (entry[1].at <= end && (!soonest || entry[1].at < soonest[1].at)) soonest = entry;
        if (!soonest) break;
        waiting.delete(soonest[0]);
        now = soonest[1].at;
        soonest[1].fire();
      }
      now = end;
      await settle();
    },
    timers: () => [...waiting.values()].map((t) => t.at).sort((a, b) => a - b),
  };
}
