import { describe, expect, it } from 'vitest';
import { startWorkLoop, type WorkLoop } from '../../../src/shared/workLoop';

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
