// QR code geometry shared by the ZPL, PDF and JPG renderers: the module matrix comes from uqr (Nayuki's encoder, 2 ms
// a symbol where bwip-js took 12), placement snaps every module to whole device dots (a module smeared over two dots
// is what makes a printed 2D code fail to scan).
import { encode } from 'uqr';
import type { LabelElement } from './types';

export type QrElement = Extract<LabelElement, { kind: 'qr' }>;

/** Level Q (25% of the symbol can be lost): a parcel's corner gets scuffed. ZPL asks the printer for it (`^FDQA,`). */
export const QR_ERROR_CORRECTION = 'Q' as const;
/** ISO/IEC 18004 asks for four modules of blank space around the symbol; phones miss the finders without it. */
export const QR_QUIET_ZONE_MODULES = 4;
/** Bigger modules scan from farther away; past 0.5 mm they only push long links out of the box. */
const MAX_MODULE_MM = 0.5;
/** ^BQ's magnification (dots per module) goes from 1 to 10. */
const MAX_MODULE_DOTS = 10;

/** One horizontal run of dark modules: row, first column and length, in modules from the symbol's corner. */
export interface QrRun {
  row: number;
  start: number;
  width: number;
}

export interface QrMatrix {
  /** Modules per side, quiet zone excluded. */
  modules: number;
  runs: readonly QrRun[];
}

/** QR's alphanumeric mode alphabet. */
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]+$/;

/** Data codewords of versions 1–40 at level Q (ISO/IEC 18004, table 7); checked against bwip-js in qr.test.ts. */
const DATA_CODEWORDS_Q = [
  13, 22, 34, 48, 62, 76, 88, 110, 132, 154, 180, 206, 244, 261, 295, 325, 367, 397, 445, 485, 512, 568, 614, 664, 718,
  754, 808, 871, 911, 985, 1033, 1115, 1171, 1231, 1286, 1354, 1426, 1502, 1582, 1666,
];

type Mode = 'numeric' | 'alphanumeric' | 'byte';

/** Bits of the character count for versions 1–9, 10–26 and 27–40. */
const COUNT_BITS: Record<Mode, readonly [number, number, number]> = {
  numeric: [10, 12, 14],
  alphanumeric: [9, 11, 13],
  byte: [8, 16, 16],
};

/** Bits `n` characters take in one segment of `mode` in version `v`: mode indicator, count, data. */
function segmentBits(mode: Mode, n: number, v: number): number {
  const count = COUNT_BITS[mode][v < 10 ? 0 : v < 27 ? 1 : 2] ?? 16;
  if (mode === 'numeric') return 4 + count + 10 * Math.floor(n / 3) + (n % 3 === 0 ? 0 : n % 3 === 1 ? 4 : 7);
  if (mode === 'alphanumeric') return 4 + count + 11 * Math.floor(n / 2) + 6 * (n % 2);
  return 4 + count + 8 * n;
}

function assertQrData(data: string): void {
  if (!/^[\x20-\x7e]+$/.test(data)) {
    throw new Error(`QR data must be 1+ printable ASCII characters, got ${JSON.stringify(data)}`);
  }
}

/**
 * The version a plain encoder picks: one mode for the whole text (numeric, alphanumeric, else bytes), as a Zebra's
 * automatic mode and zpl-renderer-js do for a link. An encoder that mixes modes may pick a smaller version; forcing
 * this one makes the symbol the same size in ZPL, PDF and JPG, so the box the layout measured holds the printer's.
 */
function qrVersion(data: string): number {
  assertQrData(data);
  const mode: Mode = /^\d+$/.test(data) ? 'numeric' : ALPHANUMERIC.test(data) ? 'alphanumeric' : 'byte';
  const v = DATA_CODEWORDS_Q.findIndex((codewords, i) => segmentBits(mode, data.length, i + 1) <= 8 * codewords) + 1;
  if (v === 0) throw new Error(`QR data of ${data.length} characters is too long for any QR code at level Q`);
  return v;
}

/** Modules per side of the symbol for `data`, without encoding it: all ZPL needs, since the printer encodes. */
export function qrModules(data: string): number {
  return 17 + 4 * qrVersion(data);
}

const matrixCache = new Map<string, QrMatrix>();
const MATRIX_CACHE_LIMIT = 64;

/**
 * The dark modules of `data` as a QR code (model 2, level Q), as runs so a renderer draws a few hundred rectangles
 * rather than a thousand squares. Only printable ASCII is accepted: our encoder and a printer's ^BQ would encode other
 * characters differently, and the code printed must say what the label says.
 */
export function qrMatrix(data: string): QrMatrix {
  const cached = matrixCache.get(data);
  if (cached) return cached;
  const version = qrVersion(data);
  // One mode for the whole text, as qrVersion counts it; level Q kept (never boosted), no border: placeQr adds it.
  const symbol = encode(data, {
    ecc: QR_ERROR_CORRECTION,
    minVersion: version,
    maxVersion: version,
    boostEcc: false,
    border: 0,
  });
  if (symbol.size !== 17 + 4 * version) throw new Error('the QR encoder returned a symbol of another version');
  const modules = symbol.size;
  const runs: QrRun[] = [];
  for (let row = 0; row < modules; row += 1) {
    const cells = symbol.data[row] ?? [];
    let start = -1;
    for (let col = 0; col <= modules; col += 1) {
      const dark = col < modules && cells[col] === true;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push({ row, start, width: col - start });
        start = -1;
      }
    }
  }
  const matrix: QrMatrix = { modules, runs };
  if (matrixCache.size >= MATRIX_CACHE_LIMIT) matrixCache.clear();
  matrixCache.set(data, matrix);
  return matrix;
}

export interface QrPlacement {
  /** Module side in whole device dots. */
  moduleDots: number;
  /** Top-left corner of the symbol (quiet zone excluded), in whole dots from the label's top-left corner. */
  xDots: number;
  yDots: number;
  /** Side of the symbol in dots. */
  sizeDots: number;
}

/**
 * Largest whole-dot module that keeps the symbol and its quiet zone inside the element's square, centred in it.
 * Throws when even one-dot modules do not fit: a link too long for its box must be noticed, not printed unreadable.
 */
export function placeQr(modules: number, el: QrElement, dotsPerMm: number): QrPlacement {
  const left = Math.round(el.x * dotsPerMm);
  const top = Math.round(el.y * dotsPerMm);
  const boxDots = Math.min(
    Math.floor((el.x + el.size) * dotsPerMm) - left,
    Math.floor((el.y + el.size) * dotsPerMm) - top,
  );
  const maxModule = Math.min(MAX_MODULE_DOTS, Math.max(1, Math.round(MAX_MODULE_MM * dotsPerMm)));
  const moduleDots = Math.min(maxModule, Math.floor(boxDots / (modules + 2 * QR_QUIET_ZONE_MODULES)));
  if (moduleDots < 1) {
    throw new Error(`QR code of ${modules} modules does not fit ${el.size} mm at ${dotsPerMm.toFixed(2)} dots/mm`);
  }
  const sizeDots = modules * moduleDots;
  const offset = Math.floor((boxDots - sizeDots) / 2);
  return { moduleDots, xDots: left + offset, yDots: top + offset, sizeDots };
}
