// What the station tells of a scale's readings, on a clock the test moves: each change once, a steady reading again
// only when asked to, a listener's failure kept away from the line, and which reading is a parcel's weight.
import { describe, expect, it } from 'vitest';
import { SCALE_MESSAGES, type ScaleReading } from '../../../src/shared/domain/scale';
import { createReadingTeller, parcelWeightKg } from '../../../src/scale/readings';

const stable = (weightKg: number) => ({ state: 'stable' as const, weightKg, message: SCALE_MESSAGES.stable });

function teller(retellEveryMs?: number, onReading?: (reading: ScaleReading) => void) {
  const clock = { at: 5_000 };
  const told: ScaleReading[] = [];
  const logged: string[] = [];
  const readings = createReadingTeller(
    { state: 'disconnected', message: SCALE_MESSAGES.connecting },
    { onReading: onReading ?? ((r) => told.push(r)), retellEveryMs, log: (l) => logged.push(l), now: () => clock.at },
  );
  return { readings, told, logged, clock };
}

describe('the readings told', () => {
  it('tells each change once, and keeps the time the scale last said so', () => {
    const { readings, told, clock } = teller();
    readings.tell(stable(1));
    clock.at += 100;
    readings.tell(stable(1));
    clock.at += 100;
    readings.tell(stable(2));
    expect(told).toEqual([
      { ...stable(1), at: 5_000 },
      { ...stable(2), at: 5_200 },
    ]);
    expect(readings.current()).toEqual({ ...stable(2), at: 5_200 });
  });

  it('tells an unchanged reading again, fresh, once retellEveryMs went by since the last told', () => {
    const { readings, told, clock } = teller(1_000);
    readings.tell(stable(1));
    clock.at += 999;
    readings.tell(stable(1));
    clock.at += 1;
    readings.tell(stable(1));
    expect(told.map((r) => r.at)).toEqual([5_000, 6_000]);
  });

  it('keeps reading when the listener throws, and logs why', () => {
    const { readings, logged } = teller(undefined, () => {
      throw new Error('screen gone');
    });
    readings.tell(stable(1));
    expect(readings.current().weightKg).toBe(1);
    expect(logged).toEqual(['onReading: screen gone']);
  });

  it('starts with the first reading, at the time the teller was made, told to no one', () => {
    const { readings, told } = teller();
    expect(readings.current()).toEqual({ state: 'disconnected', message: SCALE_MESSAGES.connecting, at: 5_000 });
    expect(told).toEqual([]);
  });
});

describe('a parcel’s weight', () => {
  it('is a stable weight above zero said at most staleAfterMs ago', () => {
    expect(parcelWeightKg({ ...stable(1.5), at: 1_000 }, 2_000, 3_000)).toBe(1.5);
    expect(parcelWeightKg({ ...stable(1.5), at: 1_000 }, 2_000, 3_001)).toBeUndefined();
  });

  it('is none for an empty pan, a settling one or a reading with no weight', () => {
    expect(parcelWeightKg({ ...stable(0), at: 0 }, 2_000, 0)).toBeUndefined();
    expect(parcelWeightKg({ state: 'unstable', weightKg: 2, message: SCALE_MESSAGES.unstable, at: 0 }, 2_000, 0)).toBe(
      undefined,
    );
    expect(parcelWeightKg({ state: 'error', message: SCALE_MESSAGES.noAnswer, at: 0 }, 2_000, 0)).toBeUndefined();
  });
});
