import { afterEach, describe, expect, it } from 'vitest';
import { startPollLoop, type PollLoop } from '../../../src/orderFiles/pollLoop';
import { manualClock } from '../../helpers/manualClock';

describe('the order folder’s poll', () => {
  let loop: PollLoop | undefined;
  afterEach(async () => {
    await loop?.stop();
  });

  it('polls at once, then every N ms after each poll ends, a failed one said and the next still held', async () => {
    const clock = manualClock(0);
    const polls: number[] = [];
    const errors: unknown[] = [];
    loop = startPollLoop(
      async () => {
        polls.push(clock.now());
        if (polls.length === 2) throw new Error('share gone');
      },
      { everyMs: 100, onError: (error) => errors.push(error), clock },
    );
    await clock.advance(350);
    expect(polls).toEqual([0, 100, 200, 300]);
    expect(errors).toEqual([new Error('share gone')]);
  });

  it('polls now when asked, after the poll under way, never two at once', async () => {
    const clock = manualClock(0);
    let running = 0;
    let most = 0;
    let polls = 0;
    let release: (() => void) | undefined;
    loop = startPollLoop(
      async () => {
        polls += 1;
        most = Math.max(most, ++running);
        if (polls === 1) await new Promise<void>((resolve) => (release = resolve));
        running--;
      },
      { everyMs: 10_000, onError: () => undefined, clock },
    );
    await clock.advance(0);
    const asked = loop.scanNow();
    release?.();
    await asked;
    expect(polls).toBe(2);
    expect(most).toBe(1);
    await loop.scanNow();
    expect(polls).toBe(3);
  });

  it('ends a poll early when stopped, and polls no more', async () => {
    const clock = manualClock(0);
    const seen: boolean[] = [];
    let release: (() => void) | undefined;
    loop = startPollLoop(
      async (stopped) => {
        await new Promise<void>((resolve) => (release = resolve));
        seen.push(stopped());
      },
      { everyMs: 100, onError: () => undefined, clock },
    );
    await clock.advance(0);
    const stopping = loop.stop();
    release?.();
    await stopping;
    await loop.scanNow();
    await clock.advance(1_000);
    expect(seen).toEqual([true]);
  });
});
