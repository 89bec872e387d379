// While the storage refuses writes (disk full, read-only, locked), shipments wait "processing" with their waybill.
// This tries resume() again on its own, backing off from `baseMs` to at most `maxMs` between attempts, until the labels
// are stored or the engine closes; a restart resumes them too. At most one attempt is scheduled or running at a time.
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

const DEFAULT_TIMING: RetryTiming = { baseMs: 1000, maxMs: 60_000 };

export function createResumeRetry(resume: () => Promise<number>, timing: RetryTiming = DEFAULT_TIMING): ResumeRetry {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  /** A failure reported while an attempt was running: that attempt may not have seen its shipment. */
  let again = false;
  let stopped = false;
  let delay = timing.baseMs;

  const attempt = async () => {
    timer = undefined;
    running = true;
    again = false;
    let failure: unknown;
    try {
      await resume();
      delay = timing.baseMs;
    } catch (error) {
      failure = error;
    }
    running = false;
    // Anything but a storage failure is a bug, not a full disk: retrying it forever would only hide it.
    if (failure !== undefined && !isStorageFailure(failure)) {
      if (!stopped) process.stderr.write(`resuming unfinished shipments failed: ${String(failure)}\n`);
      return;
    }
    if (failure !== undefined) delay = Math.min(timing.maxMs, delay * 2);
    if (failure !== undefined || again) schedule();
  };

  function schedule(): void {
    if (stopped || timer) return;
    if (running) {
      again = true;
      return;
    }
    timer = setTimeout(() => void attempt(), delay);
    // Waiting for a disk must not keep a process alive that is otherwise done.
    timer.unref();
  }

  return {
    schedule,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
