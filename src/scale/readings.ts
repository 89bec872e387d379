// The scale's latest reading as the station tells it: each change told once (and a steady one again, fresh, when
// asked to), a listener's failure kept from the line, and which reading is a parcel's weight (stable, above zero,
// young enough). No port here: the line's end (./scale) and each connection's reader (./lineReader) feed it.
import type { ScaleReading } from '../shared/domain/scale';
import type { LineReading } from './protocols';
import { errorMessage } from '../shared/errorMessage';

function sameReading(a: LineReading, b: LineReading): boolean {
  return a.state === b.state && a.weightKg === b.weightKg && a.message === b.message;
}

export interface ReadingTellerOptions {
  onReading(reading: ScaleReading): void;
  /** An unchanged reading is told again at most this often (undefined: never). */
  retellEveryMs: number | undefined;
  log(line: string): void;
  now(): number;
}

export interface ReadingTeller {
  /** The latest reading; its `at` is when the scale last said so. */
  current(): ScaleReading;
  /** A reading as a line (or the line's end) gives it: kept with its time, told when it changed or is due again. */
  tell(next: LineReading): void;
}

export function createReadingTeller(first: LineReading, options: ReadingTellerOptions): ReadingTeller {
  let reading: ScaleReading = { ...first, at: options.now() };
  let toldAt = 0;
  return {
    current: () => ({ ...reading }),
    tell(next) {
      const changed = !sameReading(reading, next);
      const now = options.now();
      reading = { ...next, at: now };
      const retell = options.retellEveryMs !== undefined && now - toldAt >= options.retellEveryMs;
      if (!changed && !retell) return;
      toldAt = now;
      try {
        options.onReading({ ...reading });
      } catch (error) {
        // The listener's failure is its own: the line keeps being read.
        options.log(`onReading: ${errorMessage(error)}`);
      }
    },
  };
}

/** The weight a reading gives a parcel: stable, above zero and said at most staleAfterMs ago; otherwise none. */
export function parcelWeightKg(reading: ScaleReading, staleAfterMs: number, now: number): number | undefined {
  const { state, weightKg, at } = reading;
  if (state !== 'stable' || weightKg === undefined || weightKg <= 0) return undefined;
  return now - at <= staleAfterMs ? weightKg : undefined;
}
