// Time as the background loops see it (src/shared/workLoop.ts and the workers on it): the time now and a timer that
// can be cancelled, injected so that tests drive the loops with vitest's fake timers or a clock they move by hand.
// The real clock is the default everywhere.

export interface Clock {
  /** Epoch ms. */
  now(): number;
  /** Calls `fire` once, `ms` from now; the answer cancels it (nothing once it has fired). */
  setTimer(ms: number, fire: () => void): () => void;
}

/** The real clock. It reads the globals at each call, so vitest's fake timers drive it as well. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fire) {
    const timer = setTimeout(fire, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

/**
 * The real clock for waits that must not keep a process alive that is otherwise done (a retry waiting for a disk, the
 * order folder's next poll): its timers are unref'd where the runtime has that (Node), plain elsewhere.
 */
export const backgroundClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fire) {
    const timer = setTimeout(fire, Math.max(0, ms));
    unref(timer);
    return () => clearTimeout(timer);
  },
};

function unref(timer: unknown): void {
  if (typeof timer === 'object' && timer !== null && 'unref' in timer && typeof timer.unref === 'function') {
    timer.unref();
  }
}

export interface WaitOptions {
  timeoutMs: number;
  /** The error's message when the time is up (read then, so it can say how things stand). */
  failure(): string;
  /** How often to look (ms of the clock). */
  everyMs?: number;
  /** Called before each wait while `done` does not hold (a worker's idle kicks its loop). */
  nudge?(): void;
  /** Something that may have made `done` true (a loop's pass ended): looked at then, not only at the next tick. */
  sooner?(): Promise<void>;
}

/**
 * Resolves once `done()` holds; rejects with `failure()` once `timeoutMs` of the clock have gone by. For a worker's
 * `idle`/`drained`: the work it waits for runs in the worker's own loop. Each look that finds work left waits for the
 * next tick, so a loop that keeps finding work never turns this into a spin.
 */
export async function waitUntil(clock: Clock, done: () => boolean, options: WaitOptions): Promise<void> {
  const end = clock.now() + options.timeoutMs;
  while (!done()) {
    if (clock.now() > end) throw new Error(options.failure());
    options.nudge?.();
    let cancel: () => void = () => undefined;
    const tick = new Promise<void>((resolve) => {
      cancel = clock.setTimer(options.everyMs ?? 20, resolve);
    });
    const early = options.sooner?.().then(() => (done() ? undefined : tick));
    await (early ? Promise.race([tick, early]) : tick);
    // A timer left behind would keep a test clock (or the process) waiting for nothing.
    cancel();
  }
}

/** A wait of `ms` on the clock's own timer (a moved clock ends it when the test moves time on). */
export function sleepOn(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => {
    clock.setTimer(ms, resolve);
  });
}
