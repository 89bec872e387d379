// The goals table that ends `npm run bench`: each goal a figure ÷ its same-run baseline, judged on the ratio as the
// table shows it, every goal listed in one order whether or not this run measured it.
import { describe, expect, it } from 'vitest';
import { amount, GOALS, goalOf, goalsJson, goalTable, holds, ratioOf, type Goal } from '../../bench/goals';

const goal = (key: Goal['key'], measured: number, baseline: number, unit = 'ms'): Goal => ({
  key,
  ...GOALS[key],
  measured,
  baseline,
  unit,
});

describe('a goal of the bench', () => {
  it('is the ratio of its figure to its baseline, to two decimals', () => {
    expect(ratioOf(goal('scanToLabel', 15.2, 8.2))).toBe(1.85);
    expect(ratioOf(goal('orderImport', 736, 32))).toBe(23);
  });

  it('holds below an upper target and above a lower one, the target itself included', () => {
    expect(holds(goal('scanToLabel', 10, 8))).toBe(true);
    expect(holds(goal('scanToLabel', 15.2, 8.2))).toBe(false);
    expect(holds(goal('fullCreatesScale', 54, 60))).toBe(true);
    expect(holds(goal('fullCreatesScale', 40, 60))).toBe(false);
    expect(holds(goal('zplCreate', 1, 2))).toBe(true);
  });

  it('is judged on the ratio shown: 1.104 reads 1.10 and holds ≤ 1.1, 1.106 reads 1.11 and does not', () => {
    expect(holds(goal('syncDrain', 1.104, 1))).toBe(true);
    expect(holds(goal('syncDrain', 1.106, 1))).toBe(false);
  });

  it('has no ratio and no verdict when its baseline is zero or not a number', () => {
    expect(ratioOf(goal('memoryFlat', 0, 0, 'MB'))).toBeUndefined();
    expect(holds(goal('memoryFlat', 10, 0, 'MB'))).toBeUndefined();
    expect(holds(goal('memoryFlat', 10, Number.NaN, 'MB'))).toBeUndefined();
  });

  it('is read from the row that measures it, in the row’s unit (milliseconds unless told)', () => {
    const row = {
      name: 'x',
      medianMs: 44,
      baseline: 'y',
      baselineMs: 27,
      unit: '/s',
      goal: 'fullCreatesScale' as const,
    };
    expect(goalOf(row)).toEqual(goal('fullCreatesScale', 44, 27, '/s'));
    expect(goalOf({ name: 'x', medianMs: 1, baseline: 'y', baselineMs: 1, goal: 'syncDrain' })?.unit).toBe('ms');
    expect(goalOf({ name: 'x', medianMs: 1, baseline: 'y', baselineMs: 1 })).toBeUndefined();
  });
});

describe('the goals table', () => {
  it('lists every goal in order with both figures, the ratio and the verdict, and "not run" for the others', () => {
    const table = goalTable([goal('orderImport', 736, 32), goal('fullCreatesScale', 54.2, 29.9, '/s')]).split('\n');
    expect(table).toHaveLength(2 + Object.keys(GOALS).length);
    const cells = (line: string | undefined) =>
      (line ?? '')
        .split('|')
        .map((cell) => cell.trim())
        .slice(1, -1);
    expect(cells(table[0])).toEqual(['figure', 'goal', 'measured', 'baseline', 'ratio', 'holds']);
    expect(cells(table[2])).toEqual([GOALS.fullCreatesScale.figure, '≥ 0.9', '54.2 /s', '29.9 /s', '1.81', 'yes']);
    expect(cells(table[2 + Object.keys(GOALS).indexOf('orderImport')])).toEqual([
      GOALS.orderImport.figure,
      `≤ ${GOALS.orderImport.target}`,
      '736 ms',
      '32.0 ms',
      '23.00',
      'no',
    ]);
    expect(cells(table[3])).toEqual([GOALS.serviceCpu.figure, '≤ 1.2', '—', '—', '—', 'not run']);
    expect(new Set(table.map((line) => line.length)).size).toBe(1);
  });

  it('refuses a goal measured twice in one run', () => {
    expect(() => goalTable([goal('syncDrain', 1, 1), goal('syncDrain', 2, 1)])).toThrow(/measured twice/);
  });

  it('says "not measured" when a run had no baseline to divide by', () => {
    expect(goalTable([goal('memoryFlat', 0, 0, 'MB')])).toMatch(
      /\| 0\.00 MB +\| 0\.00 MB +\| n\/a +\| not measured +\|/,
    );
  });

  it('keeps each goal with its ratio and verdict for bench-results/', () => {
    expect(goalsJson([goal('scanToLabel', 15.2, 8.2), goal('memoryFlat', 1, 0, 'MB')])).toEqual([
      { ...goal('scanToLabel', 15.2, 8.2), ratio: 1.85, holds: false },
      { ...goal('memoryFlat', 1, 0, 'MB'), ratio: null, holds: null },
    ]);
  });
});

describe('an amount in the table', () => {
  it('has the digits worth reading, with its unit', () => {
    expect(amount(736.4, 'ms')).toBe('736 ms');
    expect(amount(15.24, 'ms')).toBe('15.2 ms');
    expect(amount(0.974, 'ms')).toBe('0.97 ms');
    expect(amount(Number.NaN, 'ms')).toBe('n/a ms');
  });
});
