// The client-side rate limiter, on a fake clock whose sleeps only end when the test moves time forward: budgets per
// bucket over a sliding window, with 5% headroom under the remote's limits, and arrival order among waiters.
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type RateBucket } from '../../../src/shared/api/endpoints';
import { createRateLimiter, type LimiterClock, type RateLimiter } from '../../../src/sync/rateLimiter';
import { REAL_LIMITS, type RateLimits } from '../../../src/sync/types';

const WINDOW_MS = REAL_LIMITS.windowMs;
const SHIPMENT_POST = ENDPOINTS.createShipment.limits;
const CONFIRM_POST = ENDPOINTS.confirmById.limits;
const GET = ENDPOINTS.getShipment.limits;
const PATCH = ENDPOINTS.amendShipment.limits;

/** Lets every promise callback that is ready run, without real time passing. */
const settle = () => new Promise<void>((done) => setImmediate(done));

function fakeClock(start = 1_000_000) {
  let now = start;
  const timers: { at: number; fire(): void }[] = [];
  const sleeps: number[] = [];
  const clock: LimiterClock = {
    now: () => now,
    sleep(ms) {
      sleeps.push(ms);
      return new Promise<void>((fire) => {
        timers.push({ at: now + ms, fire });
      });
    },
  };
  return {
    clock,
    start,
    sleeps,
    now: () => now,
    /** Moves time to `to`, firing due sleeps in time order and letting what they wake run before the next one. */
    async advanceTo(to: number) {
      for (let step = 0; step < 10_000; step += 1) {
        timers.sort((a, b) => a.at - b.at);
        const due = timers[0];
        if (!due || due.at > to) break;
        timers.shift();
        now = Math.max(now, due.at);
        due.fire();
        await settle();
      }
      now = Math.max(now, to);
      await settle();
    },
  };
}

/** Starts `count` acquires and records, per call, the fake time at which it was let through (filled in as they are). */
async function acquireMany(
  limiter: RateLimiter,
  buckets: readonly RateBucket[],
  count: number,
  now: () => number,
): Promise<(number | undefined)[]> {
  const grantedAt: (number | undefined)[] = new Array<number | undefined>(count).fill(undefined);
  for (let i = 0; i < count; i += 1)
    void limiter.acquire(buckets).then(() => {
      grantedAt[i] = now();
    });
  await settle();
  return grantedAt;
}

describe('client-side rate limiting', () => {
  it(
    'lets 285 shipment POSTs through at once and holds the ' + '286th until the oldest leaves the five-minute window',
    async () => {
      const fake = fakeClock();
      const limiter = createRateLimiter(REAL_LIMITS, fake.clock);
      const first = await acquireMany(limiter, SHIPMENT_POST, 1, fake.now);
      await fake.advanceTo(fake.start + 1_000);
      const rest = await acquireMany(limiter, SHIPMENT_POST, 284, fake.now);
      expect([...first, ...rest].every((at) => at !== undefined)).toBe(true);

      const held = await acquireMany(limiter, SHIPMENT_POST, 1, fake.now);
      expect(held[0]).toBeUndefined();
      expect(limiter.waitMs(SHIPMENT_POST)).toBe(WINDOW_MS - 1_000);

      await fake.advanceTo(fake.start + WINDOW_MS - 1);
      expect(held[0]).toBeUndefined();
      await fake.advanceTo(fake.start + WINDOW_MS);
      expect(held[0]).toBe(fake.start + WINDOW_MS);
    },
  );

  it('counts a confirm POST in both the confirm budget and the overall POST budget', async () => {
    const fake = fakeClock();
    const limiter = createRateLimiter(REAL_LIMITS, fake.clock);
    for (let i = 0; i < 285; i += 1) expect(limiter.tryAcquire(CONFIRM_POST)).toBe(true);
    expect(limiter.tryAcquire(CONFIRM_POST)).toBe(false);

    // 95% of 450 POSTs is 427: 285 confirms leave room for 142 shipment POSTs, though their own budget is 285.
    for (let i = 0; i < 142; i += 1) expect(limiter.tryAcquire(SHIPMENT_POST)).toBe(true);
    expect(limiter.tryAcquire(SHIPMENT_POST)).toBe(false);
    expect(limiter.waitMs(SHIPMENT_POST)).toBe(WINDOW_MS);
    expect(limiter.waitMs(GET)).toBe(0);
  });

  it('never waits when limits are off', async () => {
    const fake = fakeClock();
    const limiter = createRateLimiter(false, fake.clock);
    const granted = await acquireMany(limiter, SHIPMENT_POST, 5_000, fake.now);
    expect(granted.every((at) => at === fake.start)).toBe(true);
    expect(limiter.tryAcquire(CONFIRM_POST)).toBe(true);
    expect(limiter.waitMs(CONFIRM_POST)).toBe(0);
    expect(fake.sleeps).toEqual([]);
  });

  it('serves concurrent callers in arrival order and never lets more than the budget into one window', async () => {
    const fake = fakeClock();
    const limits: RateLimits = { ...REAL_LIMITS, windowMs: 1_000, gets: 20 };
    const limiter = createRateLimiter(limits, fake.clock);
    const granted = await acquireMany(limiter, GET, 50, fake.now);
    for (let step = 1; step <= 5 && granted.includes(undefined); step += 1)
      await fake.advanceTo(fake.start + step * 1_000);

    const times = granted.map((at) => at ?? Number.NaN);
    expect(times.every(Number.isFinite)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const at of times)
      expect(times.filter((t) => t > at - limits.windowMs && t <= at).length).toBeLessThanOrEqual(19);
    expect(times.at(-1)).toBe(fake.start + 2_000);
    expect(Math.max(...fake.sleeps)).toBeLessThanOrEqual(limits.windowMs);
  });

  it('does not hold a GET behind shipment POSTs that are waiting for room', async () => {
    const fake = fakeClock();
    const limiter = createRateLimiter({ ...REAL_LIMITS, shipmentPosts: 1 }, fake.clock);
    const posts = await acquireMany(limiter, SHIPMENT_POST, 2, fake.now);
    const get = await acquireMany(limiter, GET, 1, fake.now);
    const patch = await acquireMany(limiter, PATCH, 1, fake.now);
    expect(posts).toEqual([fake.start, undefined]);
    expect(get).toEqual([fake.start]);
    expect(patch).toEqual([fake.start]);
  });

  it('lets no tryAcquire overtake a caller already waiting on the same bucket', async () => {
    const fake = fakeClock();
    const limiter = createRateLimiter({ ...REAL_LIMITS, windowMs: 1_000, gets: 1 }, fake.clock);
    const granted = await acquireMany(limiter, GET, 2, fake.now);
    await fake.advanceTo(fake.start + 1_000);
    expect(granted).toEqual([fake.start, fake.start + 1_000]);

    const waiting = await acquireMany(limiter, GET, 1, fake.now);
    await fake.advanceTo(fake.start + 1_999);
    expect(limiter.waitMs(GET)).toBe(1);
    expect(limiter.tryAcquire(GET)).toBe(false);
    await fake.advanceTo(fake.start + 2_000);
    expect(waiting).toEqual([fake.start + 2_000]);
    expect(limiter.tryAcquire(GET)).toBe(false);
  });

  it('sleeps at most one window even when the clock steps backwards', async () => {
    let now = 10_000;
    const sleeps: number[] = [];
    const limiter = createRateLimiter(
      { ...REAL_LIMITS, windowMs: 1_000, gets: 1 },
      {
        now: () => now,
        sleep: (ms) => {
          sleeps.push(ms);
          return new Promise<void>(() => undefined);
        },
      },
    );
    await limiter.acquire(GET);
    now = 0;
    expect(limiter.waitMs(GET)).toBe(1_000);
    void limiter.acquire(GET);
    expect(sleeps).toEqual([1_000]);
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => createRateLimiter(REAL_LIMITS, undefined, { share: 0 })).toThrow(RangeError);
    expect(() => createRateLimiter(REAL_LIMITS, undefined, { share: 1.5 })).toThrow(RangeError);
  });
});

describe('counting a call from when it finished', () => {
  it(
    'keeps the window closed until the remote, which ' + 'counted the slow calls on arrival, has reopened it too',
    async () => {
      const time = fakeClock();
      const limits: RateLimits = {
        windowMs: 1000,
        shipmentPosts: 2,
        confirmPosts: 100,
        posts: 100,
        deletes: 100,
        gets: 100,
      };
      const limiter = createRateLimiter(limits, time.clock, { share: 1 });
      const first = await limiter.acquire(SHIPMENT_POST);
      const second = await limiter.acquire(SHIPMENT_POST);
      first.settle();
      // The second call waited for a connection and reached the remote 400 ms later.
      await time.advanceTo(time.start + 400);
      second.settle();
      let third = false;
      void limiter.acquire(SHIPMENT_POST).then(() => {
        third = true;
      });
      await time.advanceTo(time.start + 1000);
      expect(third).toBe(true);
      let fourth = false;
      void limiter.acquire(SHIPMENT_POST).then(() => {
        fourth = true;
      });
      await time.advanceTo(time.start + 1399);
      expect(fourth).toBe(false);
      await time.advanceTo(time.start + 1400);
      expect(fourth).toBe(true);
    },
  );
});
