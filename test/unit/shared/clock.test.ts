import { describe, expect, it } from 'vitest';
import { backgroundClock, realClock } from '../../../src/shared/clock';

const timeouts = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('the background clock', () => {
  it('fires like the real clock, and its waiting timer keeps no process alive', async () => {
    const before = timeouts();
    const cancelReal = realClock.setTimer(60_000, () => undefined);
    expect(timeouts()).toBe(before + 1);
    cancelReal();
    const cancelled = backgroundClock.setTimer(60_000, () => undefined);
    expect(timeouts()).toBe(before);
    cancelled();
    await new Promise<void>((resolve) => backgroundClock.setTimer(5, resolve));
  });
});
