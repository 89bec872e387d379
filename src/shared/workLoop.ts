// The one background loop every worker runs (sync, each printer's queue, the notice workers, the auto-print retry): a
// pass, then a sleep that a kick ends early; a pass that throws is said and tried again after a wait the worker
// chooses; `stop` lets the pass in hand finish. Time comes from an injected clock, so tests drive it without waiting.
import { realClock, waitUntil, type Clock } from './clock';

export interface LoopOptions {
  clock?: Clock;
  /** One pass; resolves with how long to sleep before the next: 0 for at once, undefined for until a kick. */
  pass(): Promise<number | undefined>;
  /** A pass threw (a locked database, a bug): how long to wait before the next. `failures` counts them in a row. */
  onError(error: unknown, failures: number): number;
}

export interface Loop {
  /** Something changed: the sleep ends now, and a kick that comes during a pass makes the next pass follow at once. */
  kick(): void;
  /** A wait inside a pass (ms of the loop's clock), ended early by a kick or by stop. */
  sleep(ms: number): Promise<void>;
  /** Resolves when the next pass that does not throw has ended. */
  nextPass(): Promise<void>;
  /** Resolves once the pass in hand has finished and the loop has ended. */
  stop(): Promise<void>;
  readonly running: boolean;
  /** A pass is under way. */
  readonly busy: boolean;
}

/** Runs `run` in a later turn of the event loop: Node's check phase where there is one, a zero timer elsewhere. */
function inNextTurn(run: () => void): void {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  if (typeof immediate === 'function') immediate(run);
  else setTimeout(run, 0);
}

export function startLoop(options: LoopOptions): Loop {
  const clock = options.clock ?? realClock;
  let running = true;
  let busy = false;
  let kicked = false;
  let wake: (() => void) | undefined;
  let passWaiters: (() => void)[] = [];

  const sleep = (ms: number | undefined): Promise<void> => {
    if (!running) return Promise.resolve();
    return new Promise((resolve) => {
      const cancel = ms === undefined ? () => undefined : clock.setTimer(ms, done);
      function done() {
        cancel();
        if (wake === done) wake = undefined;
        resolve();
      }
      wake = done;
    });
  };

  const ended = (async () => {
    // The first pass starts once startLoop has returned: a pass that reads the loop it belongs to (`loop.running`)
    // would otherwise meet a variable not yet assigned.
    await Promise.resolve();
    let failures = 0;
    while (running) {
      busy = true;
      kicked = false;
      let next: number | undefined;
      try {
        next = await options.pass();
        failures = 0;
        const waiters = passWaiters;
        passWaiters = [];
        for (const passed of waiters) passed();
      } catch (error) {
        failures += 1;
        next = options.onError(error, failures);
      } finally {
        busy = false;
      }
      if (!running) break;
      // A kick during the pass may be about work the pass had already looked past.
      if (kicked || next === 0) continue;
      await sleep(next);
    }
    const waiters = passWaiters;
    passWaiters = [];
    for (const passed of waiters) passed();
  })();

  return {
    kick() {
      if (busy) kicked = true;
      // The pass starts in a turn of the event loop of its own, never inside the kicker's: a command that queues work
      // (a batch of 150 orders, a label to print) answers first, and the pass's own time is not added to the command's
      // turn (the batch bench's longest stall was the batch's creation and its first order in one turn).
      const woken = wake;
      if (woken) inNextTurn(woken);
    },
    sleep: (ms) => sleep(Math.max(0, ms)),
    nextPass: () => (running ? new Promise((resolve) => passWaiters.push(resolve)) : Promise.resolve()),
    async stop() {
      running = false;
      wake?.();
      await ended;
    },
    get running() {
      return running;
    },
    get busy() {
      return busy;
    },
  };
}

export interface WorkLoopOptions {
  clock?: Clock;
  /** Does what is due now; returns how many items it handled (0: nothing was due). */
  runDue(): Promise<number>;
  /** Whether anything is due now. */
  hasDue(): boolean;
  /** When the next item falls due (ms of `now`), if any. */
  nextDueAt(): number | undefined;
  /** The clock the due times are in, when it is not the loop's own (default: the clock's). */
  now?(): number;
  pollMs: number;
  /** A batch that threw (the storage refused a read): said, and tried again at the next wake. */
  onError(error: unknown): void;
}

export interface WorkLoop {
  kick(): void;
  /** Resolves when nothing is due now and no batch is under way; rejects after `timeoutMs` of the clock. */
  idle(timeoutMs: number, what: string): Promise<void>;
  /** Resolves once the loop has ended. */
  stop(): Promise<void>;
  readonly running: boolean;
}

/**
 * The loop of a queue with due times (the notice workers in src/mail, src/partners): take what is due, do it, then
 * sleep until the next thing falls due (at most `pollMs`) or a kick says something was queued.
 */
export function startWorkLoop(options: WorkLoopOptions): WorkLoop {
  const clock = options.clock ?? realClock;
  const now = options.now ?? (() => clock.now());
  const untilNextDue = () => {
    const next = options.nextDueAt();
    return next === undefined ? options.pollMs : Math.max(10, Math.min(options.pollMs, next - now()));
  };
  const loop = startLoop({
    clock,
    async pass() {
      const handled = await options.runDue();
      return handled > 0 && options.hasDue() ? 0 : untilNextDue();
    },
    onError(error) {
      options.onError(error);
      try {
        return untilNextDue();
      } catch {
        // The same storage refused this read too: look again after the longest sleep.
        return options.pollMs;
      }
    },
  });

  return {
    kick: () => loop.kick(),
    idle: (timeoutMs, what) =>
      waitUntil(clock, () => !loop.busy && !options.hasDue(), {
        timeoutMs,
        failure: () => `${what} not idle after ${timeoutMs} ms`,
        nudge: () => loop.kick(),
        // A pass that ends with a kick (this wait's own nudge) is followed at once by another: look after that one.
        async sooner() {
          do await loop.nextPass();
          while (loop.running && loop.busy);
        },
      }),
    stop: () => loop.stop(),
    get running() {
      return loop.running;
    },
  };
}
