// Which scale readings give a parcel its weight (issue 25): only a fresh, stable one within the scale's range; the pan
// must change between two parcels; and a weight far from what the order's lines weigh is one to confirm.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CAPACITY_KG,
  farFromExpected,
  panChanged,
  READING_FRESH_MS,
  usableWeight,
  type ScaleReading,
} from '../../../../src/shared/domain/scale';

const NOW = 1_700_000_000_000;
const reading = (weightKg: number | undefined, patch: Partial<ScaleReading> = {}): ScaleReading => ({
  state: 'stable',
  weightKg,
  at: NOW - 100,
  message: 'Stabile',
  raw: `ST,GS,+${weightKg}kg`,
  ...patch,
});

describe('the weight a reading gives a parcel', () => {
  it('is a fresh stable weight, rounded to the gram', () => {
    expect(usableWeight(reading(1.2344), DEFAULT_CAPACITY_KG, NOW)).toEqual({ ok: true, kg: 1.234 });
  });

  it('is none from a reading older than a second, however stable', () => {
    const old = reading(1.5, { at: NOW - READING_FRESH_MS - 1 });
    expect(usableWeight(old, DEFAULT_CAPACITY_KG, NOW)).toEqual({ ok: false, why: 'stale' });
  });

  it('is none for 10¹¹ kg or 0.0001 kg, stable as the scale may call them', () => {
    expect(usableWeight(reading(1e11), DEFAULT_CAPACITY_KG, NOW)).toEqual({ ok: false, why: 'overCapacity' });
    expect(usableWeight(reading(0.0001), DEFAULT_CAPACITY_KG, NOW)).toEqual({ ok: false, why: 'empty' });
    expect(usableWeight(reading(31), 30, NOW)).toEqual({ ok: false, why: 'overCapacity' });
    expect(usableWeight(reading(Number.NaN), DEFAULT_CAPACITY_KG, NOW)).toEqual({ ok: false, why: 'noReading' });
  });

  it('is none while the scale settles, is overloaded, below zero or gone', () => {
    expect(usableWeight(reading(2, { state: 'unstable' }), 150, NOW)).toEqual({ ok: false, why: 'unstable' });
    expect(usableWeight(reading(undefined, { state: 'overload' }), 150, NOW)).toEqual({
      ok: false,
      why: 'overCapacity',
    });
    expect(usableWeight(reading(-0.2, { state: 'underload' }), 150, NOW)).toEqual({ ok: false, why: 'empty' });
    expect(usableWeight(null, 150, NOW)).toEqual({ ok: false, why: 'noReading' });
  });
});

describe('the pan between two parcels', () => {
  it('has changed once it was emptied, or once it steadily holds a clearly different weight', () => {
    expect(panChanged(1.25, reading(0.01, { state: 'unstable' }))).toBe(true);
    expect(panChanged(1.25, reading(0.8))).toBe(true);
    expect(panChanged(1.25, reading(0.8, { state: 'unstable' }))).toBe(false);
    // A division of drift, or the same parcel lifted a little, is the same parcel.
    expect(panChanged(1.25, reading(1.26))).toBe(false);
    expect(panChanged(20, reading(20.3))).toBe(false);
  });
});

describe('a weight against what the order’s lines weigh', () => {
  it('is expected a little over the lines (the packaging), and far when a piece is missing or extra', () => {
    expect(farFromExpected(2, 2.3)).toBe(false);
    expect(farFromExpected(0.2, 0.6)).toBe(false);
    expect(farFromExpected(3, 2)).toBe(true);
    expect(farFromExpected(1, 2.3)).toBe(true);
  });
});
