import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { placeQr, QR_QUIET_ZONE_MODULES, qrMatrix, qrModules, type QrElement } from '../../../../src/engine/labels/qr';

const LINK = 'https://tracking.example.test/240510000123';

function dark(matrix: ReturnType<typeof qrMatrix>, row: number, col: number): boolean {
  return matrix.runs.some((r) => r.row === row && col >= r.start && col < r.start + r.width);
}

describe('QR module matrix', () => {
  it('has the three finder patterns in its corners', () => {
    const matrix = qrMatrix(LINK);
    const n = matrix.modules;
    // A finder is a 7×7 dark ring around a 3×3 dark core: its top row is seven dark modules.
    for (const [row, col] of [
      [0, 0],
      [0, n - 7],
      [n - 7, 0],
    ] as const) {
      for (let i = 0; i < 7; i += 1) expect(dark(matrix, row, col + i)).toBe(true);
      expect(dark(matrix, row + 1, col + 1)).toBe(false);
      expect(dark(matrix, row + 3, col + 3)).toBe(true);
    }
  });

  it('uses error correction level Q, as the ZPL asks of the printer (version 4 for a 42-character link)', () => {
    expect(qrMatrix(LINK).modules).toBe(33);
    expect(qrModules(LINK)).toBe(33);
  });

  it(
    'is as large as a one-mode encoder (a printer, ' + 'zpl-renderer-js) makes it, even where bwip-js could mix modes',
    () => {
      // 12 digits in a lowercase link: bwip-js alone would switch to numeric mode for them and pick version 6.
      const link = 'https://tracking.example.test/track?spedizione=240510000123&collo=1&lang=it';
      expect(qrMatrix(link).modules).toBe(45);
      expect(qrModules(link)).toBe(45);
    },
  );

  it.each([
    ['a', [1, 7, 8, 13, 14, 42, 43, 60, 61, 84, 85, 100, 214, 215, 400, 1000, 1663]],
    ['A', [1, 16, 17, 60, 61, 200, 500, 2420]],
    ['0', [1, 27, 28, 100, 1000, 3993]],
  ] as const)('knows the capacity of every version for texts of "%s"', (ch, lengths) => {
    for (const n of lengths) {
      const side = bwipjs.raw('qrcode', ch.repeat(n), 'eclevel=Q')[0];
      expect(side && 'pixx' in side ? side.pixx : 0, `${n} × "${ch}"`).toBe(qrModules(ch.repeat(n)));
    }
  });

  it('fails loudly for a text too long for any QR code', () => {
    expect(() => qrModules('a'.repeat(1664))).toThrow(/too long/);
  });

  it('refuses data a printer would encode differently (non-ASCII, empty)', () => {
    expect(() => qrMatrix('https://example.test/Città')).toThrow(/printable ASCII/);
    expect(() => qrMatrix('')).toThrow(/printable ASCII/);
  });
});

describe('placing a QR code in its box', () => {
  const el: QrElement = { kind: 'qr', x: 75.6, y: 106.4, size: 21.4, data: LINK };

  it.each([203, 300])('uses whole-dot modules and keeps the quiet zone inside the box at %i dpi', (dpi) => {
    const dotsPerMm = dpi / 25.4;
    const place = placeQr(33, el, dotsPerMm);
    expect(Number.isInteger(place.moduleDots)).toBe(true);
    expect(place.sizeDots).toBe(33 * place.moduleDots);
    const quiet = QR_QUIET_ZONE_MODULES * place.moduleDots;
    expect(place.xDots - quiet).toBeGreaterThanOrEqual(Math.round(el.x * dotsPerMm));
    expect(place.yDots - quiet).toBeGreaterThanOrEqual(Math.round(el.y * dotsPerMm));
    expect(place.xDots + place.sizeDots + quiet).toBeLessThanOrEqual(Math.floor((el.x + el.size) * dotsPerMm));
    expect(place.yDots + place.sizeDots + quiet).toBeLessThanOrEqual(Math.floor((el.y + el.size) * dotsPerMm));
  });

  it('fails loudly when even one-dot modules would not fit the box', () => {
    expect(() => placeQr(177, { ...el, size: 10 }, 203 / 25.4)).toThrow(/does not fit/);
  });
});
