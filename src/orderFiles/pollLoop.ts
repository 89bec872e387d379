// A poll repeated on a timer that keeps no process alive: never two at once (one asked for while one runs waits for
// it), a failed poll logged and the next one still held, and a stop that waits for the running poll a bounded time.

export interface PollLoop {
  /** No further poll starts; resolves once the one running has ended, or after STOP_WAIT_MS at most. */
  stop(): Promise<void>;
  /** One poll now, after the one running if any. */
  scanNow(): Promise<void>;
}

/** stop() never waits longer than this for a poll stuck in the file system (a hung share). */
const STOP_WAIT_MS = 5000;

/** Starts polling at once, then `everyMs` after the end of each poll; a poll asks `stopped()` to end early. */
export function startPollLoop(
  poll: (stopped: () => boolean) => Promise<void>,
  options: { everyMs: number; onError(error: unknown): void },
): PollLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();

  function run(): Promise<void> {
    queue = queue.then(() => poll(() => stopped).catch(options.onError));
    return queue;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run().then(() => schedule(options.everyMs));
    }, delay);
    timer.unref();
  }

  schedule(0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      let waited: NodeJS.Timeout | undefined;
      const late = new Promise<void>((done) => {
        waited = setTimeout(done, STOP_WAIT_MS);
      });
      await Promise.race([queue, late]);
      clearTimeout(waited);
    },
    scanNow: () => (stopped ? Promise.resolve() : run()),
  };
}
