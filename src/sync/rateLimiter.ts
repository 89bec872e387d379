// Client-side sliding-window budgets per rate bucket, so the sync worker stays under the remote's limits instead of
// learning them from 403s. Calls sharing a bucket are served in arrival order; one wait never exceeds the window.
import type { RateBucket } from '../shared/api/endpoints';
import { inWindow, limitOf, type RateLimits } from '../shared/api/rateLimits';

export interface LimiterClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** A counted call. The remote counts it when it arrives, which can be well after we counted it (the request may wait
 * for a pooled connection), so once the call is over its count is moved to that moment: the window then never
 * reopens on our side before it has on the remote's. */
export interface Slot {
  settle(): void;
}

export interface RateLimiter {
  /** Waits until every bucket of the call has room (behind earlier callers on the same buckets), then counts it. */
  acquire(buckets: readonly RateBucket[]): Promise<Slot>;
  /** Counts the call and answers true only if it could go at once without overtaking a waiting caller. */
  tryAcquire(buckets: readonly RateBucket[]): boolean;
  /** How long until every bucket of the call has room, ignoring callers already waiting (0: room now). */
  waitMs(buckets: readonly RateBucket[]): number;
}

export interface RateLimiterOptions {
  /**
   * Share of each remote limit this client uses. The remote counts by arrival on its own clock, we count by departure
   * on ours; the headroom absorbs that skew and any other client of the same key.
   */
  share?: number;
}

const DEFAULT_SHARE = 0.95;

// Monotonic, so a wall-clock correction can neither free the window early nor stall it.
const systemClock: LimiterClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
};

interface Waiter {
  buckets: readonly RateBucket[];
  resolve(at: number): void;
}

const NO_SLOT: Slot = { settle: () => undefined };
const UNLIMITED: RateLimiter = { acquire: async () => NO_SLOT, tryAcquire: () => true, waitMs: () => 0 };

export function createRateLimiter(
  limits: RateLimits | false,
  clock: LimiterClock = systemClock,
  options: RateLimiterOptions = {},
): RateLimiter {
  if (limits === false) return UNLIMITED;
  const share = options.share ?? DEFAULT_SHARE;
  if (!(share > 0 && share <= 1)) throw new RangeError(`rate limiter share must be in (0, 1], got ${share}`);
  const { windowMs } = limits;
  const budget = (bucket: RateBucket) => Math.max(1, Math.floor(limitOf(limits, bucket) * share));
  const sentAt: Record<RateBucket, number[]> = { shipmentPost: [], confirmPost: [], post: [], delete: [], get: [] };
  const queue: Waiter[] = [];
  let wakeAt = Infinity;
  let generation = 0;

  /**
   * The bucket's send times still inside the window, oldest first (same rule as the service: `<= at - window` left).
   */
  const recent = (bucket: RateBucket, at: number): number[] => inWindow(sentAt[bucket], at, windowMs);

  const waitAt = (buckets: readonly RateBucket[], at: number): number => {
    let wait = 0;
    for (const bucket of buckets) {
      const list = recent(bucket, at);
      const over = list.length - budget(bucket);
      // Room comes back when the send at index `over` leaves the window.
      if (over >= 0) wait = Math.max(wait, (list[over] ?? at) + windowMs - at);
    }
    return Math.min(windowMs, Math.max(0, Math.ceil(wait)));
  };

  const record = (buckets: readonly RateBucket[], at: number) => {
    for (const bucket of new Set(buckets)) sentAt[bucket].push(at);
  };

  /** Lets through every waiter with room and no earlier waiter on its buckets; answers the shortest remaining wait. */
  const serve = (at: number): number => {
    const blocked = new Set<RateBucket>();
    let next = Infinity;
    for (let i = 0; i < queue.length;) {
      const waiter = queue[i] as Waiter;
      const behind = waiter.buckets.some((bucket) => blocked.has(bucket));
      const wait = behind ? Infinity : waitAt(waiter.buckets, at);
      if (wait === 0) {
        record(waiter.buckets, at);
        queue.splice(i, 1);
        waiter.resolve(at);
        continue;
      }
      if (!behind) next = Math.min(next, wait);
      for (const bucket of waiter.buckets) blocked.add(bucket);
      i += 1;
    }
    return next;
  };

  // One pending wake-up at a time: a newcomer that needs an earlier one supersedes it, the later one then does nothing.
  const schedule = () => {
    const at = clock.now();
    const wait = serve(at);
    if (wait === Infinity || at + wait >= wakeAt) return;
    wakeAt = at + wait;
    const mine = ++generation;
    const wake = () => {
      if (mine !== generation) return;
      wakeAt = Infinity;
      schedule();
    };
    void clock.sleep(wait).then(wake, wake);
  };

  const overtakes = (buckets: readonly RateBucket[]) =>
    queue.some((waiter) => waiter.buckets.some((bucket) => buckets.includes(bucket)));

  return {
    acquire(buckets) {
      return new Promise<Slot>((resolve) => {
        queue.push({
          buckets,
          resolve: (countedAt) => {
            let settled = false;
            resolve({
              settle() {
                if (settled) return;
                settled = true;
                // Every count is at or before now, so appending now keeps each list in order.
                const now = clock.now();
                for (const bucket of new Set(buckets)) {
                  const list = sentAt[bucket];
                  const index = list.indexOf(countedAt);
                  if (index >= 0) list.splice(index, 1);
                  list.push(now);
                }
              },
            });
          },
        });
        schedule();
      });
    },
    tryAcquire(buckets) {
      const at = clock.now();
      if (overtakes(buckets) || waitAt(buckets, at) > 0) return false;
      record(buckets, at);
      return true;
    },
    waitMs: (buckets) => waitAt(buckets, clock.now()),
  };
}
