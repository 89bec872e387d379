import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createResumeRetry, type ResumeRetry } from '../../../../src/engine/shipments/resumeRetry';
import { manualClock } from '../../../helpers/manualClock';

/** What better-sqlite3 throws when the disk is full (src/engine/db/storageFailure.ts reads its code). */
const diskFull = () => new Database.SqliteError('database or disk is full', 'SQLITE_FULL');

describe('resuming shipments a full disk left processing', () => {
  let retry: ResumeRetry | undefined;
  afterEach(() => retry?.stop());

  it('tries again after the base wait, doubling it while the disk stays full, until one succeeds', async () => {
    const clock = manualClock(0);
    const attempts: number[] = [];
    let full = 3;
    retry = createResumeRetry(
      async () => {
        attempts.push(clock.now());
        if (full-- > 0) throw diskFull();
        return 1;
      },
      { timing: { baseMs: 100, maxMs: 300 }, clock, warn: () => undefined },
    );
    retry.schedule();
    await clock.advance(2_000);
    // 100, then 200, then 300 (the most), then 300 again: the fourth attempt stores the labels.
    expect(attempts).toEqual([100, 300, 600, 900]);
    expect(clock.timers()).toEqual([]);
  });

  it('keeps one attempt at a time: asked while one waits, nothing changes; while one runs, one follows', async () => {
    const clock = manualClock(0);
    const attempts: number[] = [];
    let during: (() => void) | undefined;
    retry = createResumeRetry(
      async () => {
        attempts.push(clock.now());
        during?.();
        during = undefined;
        return 0;
      },
      { timing: { baseMs: 100, maxMs: 1_000 }, clock, warn: () => undefined },
    );
    retry.schedule();
    await clock.advance(50);
    retry.schedule();
    during = () => retry?.schedule();
    await clock.advance(1_000);
    expect(attempts).toEqual([100, 200]);
  });

  it('says a failure that is not the storage’s and does not retry it', async () => {
    const clock = manualClock(0);
    const said: string[] = [];
    let attempts = 0;
    retry = createResumeRetry(
      () => {
        attempts += 1;
        return Promise.reject(new Error('a bug'));
      },
      { timing: { baseMs: 100, maxMs: 1_000 }, clock, warn: (message) => said.push(message) },
    );
    retry.schedule();
    await clock.advance(5_000);
    expect(attempts).toBe(1);
    expect(said).toEqual(['resuming unfinished shipments failed: Error: a bug']);
  });

  it('makes no attempt once stopped', async () => {
    const clock = manualClock(0);
    let attempts = 0;
    retry = createResumeRetry(() => Promise.resolve((attempts += 1)), {
      timing: { baseMs: 100, maxMs: 1_000 },
      clock,
      warn: () => undefined,
    });
    retry.schedule();
    retry.stop();
    retry.schedule();
    await clock.advance(5_000);
    expect(attempts).toBe(0);
  });
});
