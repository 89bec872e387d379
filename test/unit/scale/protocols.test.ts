// What the station reads in a scale's lines, both protocols, quirks included: the weights it takes, the readings that
// are never a parcel's weight, and the noise it ignores rather than guesses at.
import { describe, expect, it } from 'vitest';
import { SCALE_MESSAGES } from '../../../src/shared/domain/scale';
import {
  lineSplitter,
  MAX_LINE_BYTES,
  parseContinuousLine,
  parseMtSicsLine,
  parseScaleLine,
} from '../../../src/scale/protocols';

const stable = (weightKg: number) => ({ state: 'stable', weightKg, message: SCALE_MESSAGES.stable });
const unstable = (weightKg: number) => ({ state: 'unstable', weightKg, message: SCALE_MESSAGES.unstable });
const belowZero = (weightKg: number) => ({ state: 'underload', weightKg, message: SCALE_MESSAGES.negative });
const overload = { state: 'overload', message: SCALE_MESSAGES.overload };
const wrongUnit = { state: 'error', message: SCALE_MESSAGES.unsupportedUnit };

describe('a Mettler Toledo scale answering S and SI (MT-SICS)', () => {
  it('gives a stable weight in kg or g, however the value is padded', () => {
    expect(parseMtSicsLine('S S      1.234 kg')).toEqual(stable(1.234));
    expect(parseMtSicsLine('S S     1234.5 g')).toEqual(stable(1.2345));
    expect(parseMtSicsLine('S S          9 g')).toEqual(stable(0.009));
    expect(parseMtSicsLine('S S 12.5 kg   ')).toEqual(stable(12.5));
    expect(parseMtSicsLine('S  S      +2.000 kg')).toEqual(stable(2));
  });

  it('gives a dynamic weight as settling', () => {
    expect(parseMtSicsLine('S D      1.234 kg')).toEqual(unstable(1.234));
  });

  it('keeps a weight below zero as a reading, but as underload, stable or not', () => {
    expect(parseMtSicsLine('S S     -0.120 kg')).toEqual(belowZero(-0.12));
    expect(parseMtSicsLine('S D       -120 g')).toEqual(belowZero(-0.12));
    expect(parseMtSicsLine('S S    -  0.120 kg')).toEqual(belowZero(-0.12));
  });

  it('reads an empty pan as zero, including the minus zero some scales show after a tare', () => {
    expect(parseMtSicsLine('S S      0.000 kg')).toEqual(stable(0));
    expect(parseMtSicsLine('S S     -0.000 kg')).toEqual(stable(0));
    expect(Object.is(parseMtSicsLine('S S     -0.000 kg')?.weightKg, 0)).toBe(true);
  });

  it('tells overload and underload without a weight', () => {
    expect(parseMtSicsLine('S +')).toEqual(overload);
    expect(parseMtSicsLine('S -')).toEqual({ state: 'underload', message: SCALE_MESSAGES.underload });
  });

  it('shows a busy scale (taring, zeroing) as settling, not as a fault', () => {
    expect(parseMtSicsLine('S I')).toEqual({ state: 'unstable', message: SCALE_MESSAGES.busy });
  });

  it('reports the scale’s error answers each with its own reason', () => {
    expect(parseMtSicsLine('ES')).toEqual({ state: 'error', message: SCALE_MESSAGES.commandUnknown });
    expect(parseMtSicsLine('ET')).toEqual({ state: 'error', message: SCALE_MESSAGES.lineError });
    expect(parseMtSicsLine('EL')).toEqual({ state: 'error', message: SCALE_MESSAGES.commandRefused });
  });

  it('refuses pounds and ounces rather than converting them', () => {
    expect(parseMtSicsLine('S S      2.500 lb')).toEqual(wrongUnit);
    expect(parseMtSicsLine('S D     12.000 oz')).toEqual(wrongUnit);
  });

  it('ignores half lines, lost units, noise and other commands’ answers', () => {
    for (const line of [
      '',
      'S',
      'S S',
      'S S      1.234',
      '      1.234 kg',
      'S      1.234 kg',
      'S X      1.234 kg',
      'SS      1.234 kg',
      '\u0000S S      1.234 kg',
      'S S      1.2.3 kg',
      'S S      1,234 kg',
      'S S      1.234 kg x',
      'I4 A "0123456789"',
      'ST,GS,+  1.234kg',
      '\u00ff\u00fe\u0013',
    ]) {
      expect(parseMtSicsLine(line), JSON.stringify(line)).toBeUndefined();
    }
  });
});

describe('a scale streaming ST/US/OL lines by itself (continuous)', () => {
  it('gives the gross or net weight, stable or settling, with spaces and signs as each scale puts them', () => {
    expect(parseContinuousLine('ST,GS,+  1.234kg')).toEqual(stable(1.234));
    expect(parseContinuousLine('US,GS,+  1.234kg')).toEqual(unstable(1.234));
    expect(parseContinuousLine('ST,NT,+  0.500kg')).toEqual(stable(0.5));
    expect(parseContinuousLine('ST,GS,+0001234g')).toEqual(stable(1.234));
    expect(parseContinuousLine('ST,GS,   12.30 kg')).toEqual(stable(12.3));
    expect(parseContinuousLine('ST,GS,  1.234,kg')).toEqual(stable(1.234));
    expect(parseContinuousLine('ST , NT , +1.234 KG')).toEqual(stable(1.234));
  });

  it('keeps a net weight below zero as underload', () => {
    expect(parseContinuousLine('ST,NT,-  0.120kg')).toEqual(belowZero(-0.12));
    expect(parseContinuousLine('US,GS,-    120g')).toEqual(belowZero(-0.12));
  });

  it('never takes the figure on an overload line for a weight', () => {
    expect(parseContinuousLine('OL,GS,+  9.999kg')).toEqual(overload);
    expect(parseContinuousLine('OL,GS,+ -----kg')).toEqual(overload);
    expect(parseContinuousLine('OL,NT,')).toEqual(overload);
  });

  it('skips the tare line and refuses pounds', () => {
    expect(parseContinuousLine('ST,TR,+  0.200kg')).toBeUndefined();
    expect(parseContinuousLine('ST,GS,+  2.500lb')).toEqual(wrongUnit);
  });

  it('ignores half lines and noise', () => {
    for (const line of [
      '',
      'ST,GS,+  1.2',
      'ST,GS,+  1.234',
      'GS,+  1.234kg',
      ',+  1.234kg',
      '1.234kg',
      '\u0000ST,GS,+  1.234kg',
      'XX,GS,+  1.234kg',
      'ST,XX,+  1.234kg',
      'ST,GS,+  1.2.34kg',
      'ST,GS,+  1.234kg kg',
      'S S      1.234 kg',
    ]) {
      expect(parseContinuousLine(line), JSON.stringify(line)).toBeUndefined();
    }
  });
});

describe('each protocol reading its own lines', () => {
  it('reads a line by the protocol the scale is set to', () => {
    expect(parseScaleLine('mt-sics', 'S S      1.000 kg')).toEqual(stable(1));
    expect(parseScaleLine('mt-sics', 'ST,GS,+  1.000kg')).toBeUndefined();
    expect(parseScaleLine('continuous', 'ST,GS,+  1.000kg')).toEqual(stable(1));
    expect(parseScaleLine('continuous', 'S S      1.000 kg')).toBeUndefined();
  });
});

describe('the bytes from the line, cut into lines', () => {
  function split(chunks: (string | Buffer)[]) {
    const lines: string[] = [];
    let dropped = 0;
    const feed = lineSplitter(
      (line) => lines.push(line),
      () => (dropped += 1),
    );
    for (const chunk of chunks) feed(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
    return { lines, dropped };
  }

  it('ends a line at CR, LF or CR LF, even when a chunk ends between CR and LF', () => {
    expect(split(['S S  1 kg\r\nS S  2 kg\rS S  3 kg\nS S  4 kg\r', '\nS S  5', ' kg\r\n']).lines).toEqual([
      'S S  1 kg',
      'S S  2 kg',
      'S S  3 kg',
      'S S  4 kg',
      'S S  5 kg',
    ]);
  });

  it('keeps an unfinished line until its end arrives', () => {
    expect(split(['ST,GS,+  1.2']).lines).toEqual([]);
  });

  it('keeps every noise byte as one character, so noise never becomes a readable line', () => {
    expect(split([Buffer.from([0x00, 0xff, 0x53, 0x0a])]).lines).toEqual(['\u0000\u00ffS']);
  });

  it('drops a run of noise without line ends, with the rest of its line, and reads the next line', () => {
    const noise = Buffer.alloc(1_000, 0x55);
    const { lines, dropped } = split([noise, noise, noise, 'ST,GS,+  9.999kg\r\n', 'ST,GS,+  1.234kg\r\n']);
    expect(lines).toEqual(['ST,GS,+  1.234kg']);
    expect(dropped).toBe(1);
  });

  it('drops an over-long line that arrives whole', () => {
    const long = `${'x'.repeat(MAX_LINE_BYTES + 1)}ST,GS,+  9.999kg\r\n`;
    expect(split([long, 'ST,GS,+  1.234kg\r\n'])).toEqual({ lines: ['ST,GS,+  1.234kg'], dropped: 1 });
  });

  it('holds no more than a line’s worth of bytes however much noise comes', () => {
    let dropped = 0;
    const feed = lineSplitter(
      () => undefined,
      () => (dropped += 1),
    );
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const started = performance.now();
    for (let i = 0; i < 200; i += 1) feed(chunk);
    // 12.5 MB of noise: if the splitter kept it, each chunk would cost more than the last (quadratic).
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(dropped).toBe(1);
  });
});
