import { createCanvas } from '@napi-rs/canvas';
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { code128Pattern, placeBarcode, QUIET_ZONE_MODULES } from '../../../../src/engine/labels/barcode';
import { decodeBarcodes } from '../../../helpers/barcode';
import { seededRandom } from '../../../helpers/random';

const DIGITS = '0123456789';
const CAPITALS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

/** Barcode data as couriers and operators make it: digits, capitals with digits, or any printable ASCII. */
function samples(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const pick = (chars: string) => chars[Math.floor(random() * chars.length)] ?? '0';
  const kinds = [DIGITS, CAPITALS, PRINTABLE];
  return Array.from({ length: count }, (_, i) => {
    const chars = kinds[i % kinds.length] ?? DIGITS;
    return Array.from({ length: 1 + Math.floor(random() * 24) }, () => pick(chars)).join('');
  });
}

/** The bars at two pixels a module with quiet zones, as a PNG a scanner library can read. */
async function drawn(data: string): Promise<Uint8Array> {
  const { bars, modules } = code128Pattern(data);
  const canvas = createCanvas((modules + 2 * QUIET_ZONE_MODULES) * 2, 60);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  for (const bar of bars) ctx.fillRect((QUIET_ZONE_MODULES + bar.start) * 2, 5, bar.width * 2, 50);
  return canvas.encode('png');
}

describe('Code 128 bar pattern', () => {
  it('starts with a bar and ends with the stop pattern’s final two-module bar', () => {
    const { bars, modules } = code128Pattern('1234567890ABC12');
    expect(bars[0]?.start).toBe(0);
    const last = bars.at(-1);
    expect(last && last.start + last.width).toBe(modules);
    // start C + 5 digit pairs + code B + 5 characters + check = 13 symbols of 11 modules, stop = 13 modules.
    expect(modules).toBe(13 * 11 + 13);
  });

  it('is exactly as long as bwip-js makes the same symbol, so ZPL module widths stay as they were', () => {
    for (const data of samples(3000, 128)) {
      const reference = bwipjs.raw('code128', data, {})[0];
      const width = reference && 'sbs' in reference ? reference.sbs.reduce((sum, w) => sum + w, 0) : -1;
      expect(code128Pattern(data).modules, data).toBe(width);
    }
  });

  it('draws symbols a scanner reads back as their data, whatever code sets they switch between', async () => {
    for (const data of [...samples(90, 7), 'SPED24000123', '00123456789012345678', 'a1B2 c3~D4']) {
      expect(await decodeBarcodes(await drawn(data)), data).toEqual([data]);
    }
  });

  it('refuses data a printer would encode differently (non-ASCII, empty)', () => {
    expect(() => code128Pattern('Città')).toThrow(/printable ASCII/);
    expect(() => code128Pattern('')).toThrow(/printable ASCII/);
  });

  it('uses whole-dot modules and keeps both quiet zones inside the box', () => {
    const dotsPerMm = 203 / 25.4;
    const place = placeBarcode(156, 3, 94, dotsPerMm);
    expect(Number.isInteger(place.moduleDots)).toBe(true);
    const quiet = QUIET_ZONE_MODULES * place.moduleDots;
    expect(place.xDots - quiet).toBeGreaterThanOrEqual(Math.round(3 * dotsPerMm));
    expect(place.xDots + place.widthDots + quiet).toBeLessThanOrEqual(Math.floor(97 * dotsPerMm));
  });

  it('fails loudly when even one-dot modules would not fit the box', () => {
    expect(() => placeBarcode(400, 0, 20, 203 / 25.4)).toThrow(/does not fit/);
  });
});
