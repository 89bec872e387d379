import { afterEach, describe, expect, it, vi } from 'vitest';
import { realClock } from '../../../src/shared/clock';
import { startLoop, startWorkLoop, type WorkLoop } from '../../../src/shared/workLoop';
import { manualClock } from '../../helpers/manualClock';

/** Lets the loop's promise callbacks run (its passes here do no I/O). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the notice workers’ loop', () => {
  it('starts its first batch once it was handed back, so the batch may ask the loop whether it runs', async () => {
    const errors: unknown[] = [];
    const seen: boolean[] = [];
    let due = 1;
    const loop: WorkLoop = startWorkLoop({
      async runDue() {
        // The mail worker's batch does exactly this between two e-mails.
        seen.push(loop.running);
        const handled = due;
        due = 0;
        return handled;
      },
      hasDue: () => due > 0,
      nextDueAt: () => undefined,
      now: () => Date.now(),
      pollMs: 50,
      onError: (error) => errors.push(error),
    });
    await loop.idle(2_000, 'work loop');
    await loop.stop();
    expect(errors).toEqual([]);
    expect(seen[0]).toBe(true);
  });
});

/** A queue whose items fall due at given times of the clock; the loop hands each due one to `handled`. */
function dueQueue(clock: { now(): number }) {
  const dueAt: number[] = [];
  const handled: number[] = [];
  return {
    dueAt,
    handled,
    add: (at: number) => dueAt.push(at),
    options: {
      async runDue() {
        const now = clock.now();
        const due = dueAt.filter((at) => at <= now);
        for (const at of due) dueAt.splice(dueAt.indexOf(at), 1);
        handled.push(...due);
        return due.length;
      },
      hasDue: () => dueAt.some((at) => at <= clock.now()),
      nextDueAt: () => (dueAt.length ? Math.min(...dueAt) : undefined),
    },
  };
}

describe('the background loop on an injected clock', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
    vi.useRealTimers();
  });

  it('wakes at once when kicked, without the clock moving', async () => {
    const clock = manualClock(1_000_000);
    const queue = dueQueue(clock);
    const loop = startWorkLoop({ clock, ...queue.options, pollMs: 60_000, onError: () => undefined });
    stop = () => loop.stop();
    await settle();
    expect(clock.timers()).toEqual([1_060_000]);

    queue.add(1_000_000);
    loop.kick();
    await settle();
    expect(queue.handled).toEqual([1_000_000]);
    expect(clock.now()).toBe(1_000_000);
  });

  it("starts a kicked pass in a turn of its own, never inside the kicker's", async () => {
    const clock = manualClock(1_000_000);
    const queue = dueQueue(clock);
    const loop = startWorkLoop({ clock, ...queue.options, pollMs: 60_000, onError: () => undefined });
    stop = () => loop.stop();
    await settle();

    queue.add(1_000_000);
    loop.kick();
    // Everything the kicker's turn still does (its promise chains) comes first: a command answers before the pass.
    for (let i = 0; i < 50; i += 1) await Promise.resolve();
    expect(queue.handled).toEqual([]);
    await settle();
    expect(queue.handled).toEqual([1_000_000]);
  });

  it('sleeps until the next item falls due, and runs it then, not sooner', async () => {
    const clock = manualClock(1_000_000);
    const queue = dueQueue(clock);
    queue.add(1_000_700);
    const loop = startWorkLoop({ clock, ...queue.options, pollMs: 5_000, onError: () => undefined });
    stop = () => loop.stop();
    await settle();
    expect(clock.timers()).toEqual([1_000_700]);

    await clock.advance(699);
    expect(queue.handled).toEqual([]);
    await clock.advance(1);
    expect(queue.handled).toEqual([1_000_700]);
    // Nothing left: the next look is one poll later.
    expect(clock.timers()).toEqual([1_005_700]);
  });

  it('lets the batch in hand finish when stopped, then runs no more', async () => {
    const clock = manualClock();
    let release: () => void = () => undefined;
    const batches: string[] = [];
    const loop = startLoop({
      clock,
      async pass() {
        batches.push('started');
        await new Promise<void>((resolve) => (release = resolve));
        batches.push('finished');
        return 0;
      },
      onError: () => 1_000,
    });
    await settle();
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    expect(loop.running).toBe(false);

    release();
    await stopping;
    expect(batches).toEqual(['started', 'finished']);
    loop.kick();
    await clock.advance(60_000);
    expect(batches).toEqual(['started', 'finished']);
  });

  it('says what was not idle once the time-out has passed on its clock', async () => {
    const clock = manualClock();
    const loop = startWorkLoop({
      clock,
      runDue: async () => {
        throw new Error('database is locked');
      },
      hasDue: () => true,
      nextDueAt: () => undefined,
      pollMs: 5_000,
      onError: () => undefined,
    });
    stop = () => loop.stop();
    let outcome: unknown;
    const idle = loop.idle(100, 'mail queue').catch((error: unknown) => (outcome = error));
    await clock.advance(99);
    expect(outcome).toBeUndefined();
    await clock.advance(30);
    await idle;
    expect(outcome).toEqual(new Error('mail queue not idle after 100 ms'));
  });

  it('hands a batch that threw to onError and tries again at the next wake', async () => {
    const clock = manualClock();
    const errors: unknown[] = [];
    let locked = true;
    let runs = 0;
    const loop = startWorkLoop({
      clock,
      async runDue() {
        runs += 1;
        if (locked) throw new Error('database is locked');
        return 0;
      },
      hasDue: () => false,
      nextDueAt: () => undefined,
      pollMs: 5_000,
      onError: (error) => errors.push(error),
    });
    stop = () => loop.stop();
    await settle();
    expect(errors).toEqual([new Error('database is locked')]);
    expect(runs).toBe(1);

    locked = false;
    await clock.advance(4_999);
    expect(runs).toBe(1);
    await clock.advance(1);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('backs off by the wait its onError chooses, longer for each failure in a row', async () => {
    const clock = manualClock(0);
    const passes: number[] = [];
    const loop = startLoop({
      clock,
      async pass() {
        passes.push(clock.now());
        throw new Error('still locked');
      },
      onError: (_error, failures) => 100 * 2 ** (failures - 1),
    });
    stop = () => loop.stop();
    await clock.advance(1_000);
    expect(passes).toEqual([0, 100, 300, 700]);
  });

  it('follows a kick that came during a pass with another pass at once', async () => {
    const clock = manualClock();
    let release: () => void = () => undefined;
    let passes = 0;
    const loop = startLoop({
      clock,
      async pass() {
        passes += 1;
        if (passes === 1) await new Promise<void>((resolve) => (release = resolve));
        return undefined;
      },
      onError: () => 1_000,
    });
    stop = () => loop.stop();
    await settle();
    loop.kick();
    release();
    await settle();
    expect(passes).toBe(2);
  });

  it('runs on the real clock under vitest’s fake timers too', async () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const queue = dueQueue(realClock);
    queue.add(5_002_000);
    const loop = startWorkLoop({ ...queue.options, pollMs: 10_000, onError: () => undefined });
    stop = () => loop.stop();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(queue.handled).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(queue.handled).toEqual([5_002_000]);
  });
});
