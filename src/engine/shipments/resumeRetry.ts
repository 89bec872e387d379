// While the storage refuses writes (disk full, read-only, locked), shipments wait "processing" with their waybill.
// This tries resume() again on its own, backing off from `baseMs` to at most `maxMs` between attempts, until the labels
// are stored or the engine closes; a restart resumes them too. At most one attempt is waiting or running at a time.
// It runs on the shared work loop: a pass either waits for a schedule(), waits out the delay, or makes an attempt.
import { backgroundClock, type Clock } from '../../shared/clock';
import { startLoop } from '../../shared/workLoop';
import { isStorageFailure } from '../db/storageFailure';

export interface RetryTiming {
  baseMs: number;
  maxMs: number;
}

export interface ResumeRetry {
  /** A storage failure was seen: make sure an attempt is scheduled. */
  schedule(): void;
  stop(): void;
}

export interface ResumeRetryOptions {
  timing?: RetryTiming;
  /** The loop's clock; by default the real one, whose waits keep no process alive that is otherwise done. */
  clock?: Clock;
  /** Where a failure that is not the storage's is said (a bug: it is not retried). */
  warn(message: string): void;
}

const DEFAULT_TIMING: RetryTiming = { baseMs: 1000, maxMs: 60_000 };

export function createResumeRetry(resume: () => Promise<number>, options: ResumeRetryOptions): ResumeRetry {
  const timing = options.timing ?? DEFAULT_TIMING;
  /** idle: nothing owed; armed: scheduled, the delay not yet started; waiting: the delay is being waited out. */
  let state: 'idle' | 'armed' | 'waiting' = 'idle';
  /** A failure reported while an attempt was running: that attempt may not have seen its shipment. */
  let again = false;
  let attempting = false;
  let delay = timing.baseMs;

  const attempt = async (): Promise<number | undefined> => {
    attempting = true;
    again = false;
    let failure: unknown;
    try {
      await resume();
      delay = timing.baseMs;
    } catch (error) {
      failure = error;
    } finally {
      attempting = false;
    }
    // Anything but a storage failure is a bug, not a full disk: retrying it forever would only hide it.
    if (failure !== undefined && !isStorageFailure(failure)) {
      if (loop.running) options.warn(`resuming unfinished shipments failed: ${String(failure)}`);
      state = 'idle';
      return undefined;
    }
    if (failure !== undefined) delay = Math.min(timing.maxMs, delay * 2);
    if (failure === undefined && !again) {
      state = 'idle';
      return undefined;
    }
    state = 'waiting';
    return delay;
  };

  const loop = startLoop({
    clock: options.clock ?? backgroundClock,
    pass() {
      if (state === 'idle') return Promise.resolve(undefined);
      if (state === 'armed') {
        state = 'waiting';
        return Promise.resolve(delay);
      }
      return attempt();
    },
    // attempt() catches what resume() throws: a pass that still throws is a bug here, said once and not retried.
    onError(error) {
      options.warn(`resuming unfinished shipments failed: ${String(error)}`);
      state = 'idle';
      return timing.maxMs;
    },
  });

  return {
    schedule() {
      if (!loop.running) return;
      if (attempting) {
        again = true;
        return;
      }
      if (state !== 'idle') return;
      state = 'armed';
      loop.kick();
    },
    stop: () => void loop.stop(),
  };
}
