// The loop both notice workers run (src/mail, src/webhooks): take what is due, do it, then sleep until the next thing
// falls due (at most `pollMs`) or a kick says something was queued. `idle` waits until nothing is due now (tests and
// a clean stop); `stop` lets the batch in hand finish. Timers only: no I/O of its own.

export interface WorkLoopOptions {
  /** Does what is due now; returns how many items it handled (0: nothing was due). */
  runDue(): Promise<number>;
  /** Whether anything is due now. */
  hasDue(): boolean;
  /** When the next item falls due (ms, the worker's clock), if any. */
  nextDueAt(): number | undefined;
  now(): number;
  pollMs: number;
  /** A batch that threw (the storage refused a read): said, and tried again at the next wake. */
  onError(error: unknown): void;
}

export interface WorkLoop {
  kick(): void;
  idle(timeoutMs: number, what: string): Promise<void>;
  /** Resolves once the loop has ended. */
  stop(): Promise<void>;
  readonly running: boolean;
}

export function startWorkLoop(options: WorkLoopOptions): WorkLoop {
  let running = true;
  let busy = false;
  let wake: (() => void) | undefined;

  const ended = (async () => {
    // The first batch starts once startWorkLoop has returned: a runDue that reads the loop it belongs to
    // (`loop.running`) would otherwise meet a variable not yet assigned.
    await Promise.resolve();
    while (running) {
      busy = true;
      let handled = 0;
      try {
        handled = await options.runDue();
      } catch (error) {
        options.onError(error);
      } finally {
        busy = false;
      }
      if (!running) break;
      if (handled > 0 && options.hasDue()) continue;
      const next = options.nextDueAt();
      const sleep = next === undefined ? options.pollMs : Math.max(10, Math.min(options.pollMs, next - options.now()));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, sleep);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();

  return {
    kick: () => wake?.(),
    async idle(timeoutMs, what) {
      const end = Date.now() + timeoutMs;
      while (busy || options.hasDue()) {
        if (Date.now() > end) throw new Error(`${what} not idle after ${timeoutMs} ms`);
        wake?.();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      running = false;
      wake?.();
      await ended;
    },
    get running() {
      return running;
    },
  };
}
