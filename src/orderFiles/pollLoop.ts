// A poll repeated on the shared work loop, whose waits keep no process alive: never two at once (one asked for while
// one runs follows it), a failed poll logged and the next one still held, and a stop that waits for the running poll a
// bounded time.
import { backgroundClock, type Clock } from '../shared/clock';
import { startLoop } from '../shared/workLoop';

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
  options: { everyMs: number; onError(error: unknown): void; clock?: Clock },
): PollLoop {
  const clock = options.clock ?? backgroundClock;
  const stopped = () => !loop.running;
  const loop = startLoop({
    clock,
    // A failed poll is said here, not thrown to the loop: a scanNow() waiting for this pass is answered either way.
    async pass() {
      await poll(stopped).catch(options.onError);
      return options.everyMs;
    },
    onError(error) {
      options.onError(error);
      return options.everyMs;
    },
  });

  return {
    async stop() {
      let cancel: () => void = () => undefined;
      const late = new Promise<void>((done) => {
        cancel = clock.setTimer(STOP_WAIT_MS, done);
      });
      await Promise.race([loop.stop(), late]);
      cancel();
    },
    scanNow() {
      if (!loop.running) return Promise.resolve();
      // A kick during a pass makes the next pass follow it at once: the one asked for is that next one.
      const busy = loop.busy;
      loop.kick();
      return busy ? loop.nextPass().then(() => loop.nextPass()) : loop.nextPass();
    },
  };
}
