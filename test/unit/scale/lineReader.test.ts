// One connection's reading of a scale's lines, on a clock the test moves: a stable weight is trusted only once the
// scale repeats it, an MT-SICS scale has one question outstanding at a time, and a quiet scale is told apart from a
// scale talking in a format the station cannot read.
import { describe, expect, it } from 'vitest';
import { SCALE_MESSAGES, type ScaleProtocol } from '../../../src/shared/domain/scale';
import { ANSWER_TIMEOUT_MS, createLineReader } from '../../../src/scale/lineReader';
import type { LineReading } from '../../../src/scale/protocols';

function reader(protocol: ScaleProtocol, staleAfterMs = 1_500) {
  const clock = { at: 10_000 };
  const told: LineReading[] = [];
  const logged: string[] = [];
  const lines = createLineReader({
    protocol,
    staleAfterMs,
    tell: (reading) => told.push(reading),
    log: (line) => logged.push(line),
    now: () => clock.at,
  });
  return { lines, told, logged, clock };
}

describe('a scale’s lines on one connection', () => {
  it('reads a first stable weight as settling, and trusts it once the next line says the same', () => {
    const { lines, told } = reader('mt-sics');
    lines.line('S S      1.234 kg');
    lines.line('S S      1.234 kg');
    lines.line('S S      1.34 kg');
    expect(told).toEqual([
      { state: 'unstable', weightKg: 1.234, message: SCALE_MESSAGES.unstable, raw: 'S S      1.234 kg' },
      { state: 'stable', weightKg: 1.234, message: SCALE_MESSAGES.stable, raw: 'S S      1.234 kg' },
      { state: 'unstable', weightKg: 1.34, message: SCALE_MESSAGES.unstable, raw: 'S S      1.34 kg' },
    ]);
  });

  it('ignores an unreadable line, logging only the first of a run, and tells nothing for it', () => {
    const { lines, told, logged } = reader('continuous');
    lines.line('garbage');
    lines.line('more garbage');
    expect(told).toEqual([]);
    expect(logged).toEqual(['riga illeggibile ignorata: "garbage"']);
  });
});

describe('asking an MT-SICS scale for the weight', () => {
  it('asks at once, then not again until the answer came or a second went by unanswered', () => {
    const { lines, told, clock } = reader('mt-sics');
    expect(lines.tick()).toBe(true);
    clock.at += ANSWER_TIMEOUT_MS - 1;
    expect(lines.tick()).toBe(false);
    lines.line('S S      2.000 kg');
    expect(lines.tick()).toBe(true);
    expect(told).toHaveLength(1);
  });

  it('tells a question left unanswered as no answer, and asks again', () => {
    const { lines, told, clock } = reader('mt-sics');
    lines.tick();
    clock.at += ANSWER_TIMEOUT_MS;
    expect(lines.tick()).toBe(true);
    expect(told).toEqual([{ state: 'error', message: SCALE_MESSAGES.noAnswer }]);
  });

  it('tells a scale that answered only unreadable lines as giving an invalid answer, not as quiet', () => {
    const { lines, told, clock } = reader('mt-sics');
    lines.tick();
    lines.unreadable();
    clock.at += ANSWER_TIMEOUT_MS;
    lines.tick();
    expect(told).toEqual([{ state: 'error', message: SCALE_MESSAGES.invalid }]);
  });

  it('trusts no weight after a silence until it is repeated again', () => {
    const { lines, told, clock } = reader('mt-sics');
    lines.line('S S      1.000 kg');
    lines.tick();
    clock.at += ANSWER_TIMEOUT_MS;
    lines.tick();
    lines.line('S S      1.000 kg');
    expect(told.at(-1)?.state).toBe('unstable');
  });
});

describe('a scale that sends its weight by itself (continuous)', () => {
  it('is never asked, and is told silent once it said nothing for longer than staleAfterMs', () => {
    const { lines, told, clock } = reader('continuous', 1_500);
    clock.at += 1_500;
    expect(lines.tick()).toBe(false);
    expect(told).toEqual([]);
    clock.at += 1;
    expect(lines.tick()).toBe(false);
    expect(told).toEqual([{ state: 'error', message: SCALE_MESSAGES.silent }]);
  });

  it('counts from the last line read', () => {
    const { lines, told, clock } = reader('continuous', 1_500);
    clock.at += 1_000;
    lines.line('ST,GS,+  1.234kg');
    clock.at += 1_000;
    lines.tick();
    expect(told.map((r) => r.state)).toEqual(['unstable']);
  });
});
