import { describe, expect, it } from 'vitest';
import { code128Pattern, placeBarcode, QUIET_ZONE_MODULES } from '../../../../src/engine/labels/barcode';

describe('Code 128 bar pattern', () => {
  it('starts with a bar and ends with the stop pattern’s final two-module bar', () => {
    const { bars, modules } = code128Pattern('1234567890ABC12');
    expect(bars[0]?.start).toBe(0);
    const last = bars.at(-1);
    expect(last && last.start + last.width).toBe(modules);
    // start C + 5 digit pairs + code B + 5 characters + check = 13 symbols of 11 modules, stop = 13 modules.
    expect(modules).toBe(13 * 11 + 13);
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
