// The wait for a just-started station's threads: the CPU counted thread by thread, and a busy thread waited for.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { otherThreads, untilThreadsQuiet, usedBetween } from '../../bench/threadsQuiet';

describe('usedBetween', () => {
  const sleeping = (ticks: number) => ({ ticks, runnable: false });

  it("counts each thread's own ticks: one that ended meanwhile takes none off the others' work", () => {
    // Thread 2 had used 40 ticks and ended; thread 1 used 10 in the window: a sum of each reading would say -30.
    const before = new Map([
      ['1', sleeping(5)],
      ['2', sleeping(40)],
    ]);
    expect(usedBetween(before, new Map([['1', sleeping(15)]]))).toEqual({ ticks: 10, runnable: 0 });
  });

  it('counts all the ticks of a thread started meanwhile, and the threads runnable at the second reading', () => {
    const before = new Map([['1', sleeping(5)]]);
    const after = new Map([
      ['1', { ticks: 6, runnable: true }],
      ['3', sleeping(4)],
    ]);
    expect(usedBetween(before, after)).toEqual({ ticks: 5, runnable: 1 });
  });
});

describe('untilThreadsQuiet', () => {
  it.runIf(otherThreads() !== undefined)(
    "resolves only after another thread's busy spell has ended",
    async () => {
      // A thread that keeps a core busy for 600 ms (60 ticks), then says so and waits to be ended.
      const busy = new Worker(
        `const { parentPort } = require('node:worker_threads');
         const end = Date.now() + 600; let x = 0; while (Date.now() < end) x += Math.sqrt(x + 1);
         parentPort.postMessage('done'); setInterval(() => {}, 1000);`,
        { eval: true },
      );
      let done = false;
      busy.on('message', () => (done = true));
      await new Promise((started) => busy.once('online', started));
      try {
        const waited = await untilThreadsQuiet({ windowMs: 100, quietTicks: 2, timeoutMs: 15_000 });
        expect(waited.quiet).toBe(true);
        expect(done).toBe(true);
      } finally {
        await busy.terminate();
      }
    },
    20_000,
  );
});
