// The pause for wrong API keys, walked through with an injected clock: it starts at the 20th wrong key within a
// minute, lasts a minute, is per address, and wrong keys spread wider than the window never start it.
import { describe, expect, it } from 'vitest';
import { createKeyFailures, KEY_FAILURE_LIMITS } from '../../../src/service/keyFailures';

function clock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('wrong-key pauses', () => {
  it('pauses an address at its 20th wrong key within a minute, for a minute, and only that address', () => {
    const time = clock();
    const lines: string[] = [];
    const failures = createKeyFailures(KEY_FAILURE_LIMITS, time.now, (line) => lines.push(line));
    for (let i = 0; i < 19; i += 1) failures.failed('10.0.0.1');
    expect(failures.blocked('10.0.0.1')).toBe(false);
    failures.failed('10.0.0.1');
    expect(failures.blocked('10.0.0.1')).toBe(true);
    expect(failures.blocked('10.0.0.2')).toBe(false);
    expect(lines).toHaveLength(1);

    time.advance(59_999);
    expect(failures.blocked('10.0.0.1')).toBe(true);
    time.advance(1);
    expect(failures.blocked('10.0.0.1')).toBe(false);
  });

  it('never pauses wrong keys that come slower than 20 a minute', () => {
    const time = clock();
    const failures = createKeyFailures(KEY_FAILURE_LIMITS, time.now, () => undefined);
    for (let i = 0; i < 200; i += 1) {
      failures.failed('10.0.0.1');
      time.advance(3_200);
      expect(failures.blocked('10.0.0.1')).toBe(false);
    }
  });

  it('can be turned off', () => {
    const failures = createKeyFailures(false);
    for (let i = 0; i < 100; i += 1) failures.failed('10.0.0.1');
    expect(failures.blocked('10.0.0.1')).toBe(false);
  });
});
