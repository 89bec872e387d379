// Code 128 geometry shared by the PDF and JPG renderers (and the ZPL module width): the bar pattern comes from
// jsbarcode's encoder, placement snaps every module to whole device dots so the bars a printer or a JPEG shows decode
// reliably. jsbarcode rather than bwip-js: 0.006 ms a symbol instead of 0.09 (the ZPL path runs it on the request
// thread for every parcel), and always the same length as bwip-js's symbol (barcode.test.ts checks it).
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js';
import type { TextElement } from './fit';
import type { LabelElement } from './types';

export type BarcodeElement = Extract<LabelElement, { kind: 'barcode' }>;

export const MM_PER_INCH = 25.4;

/** One dark bar: where it starts and how wide it is, in modules from the first bar. */
export interface BarRun {
  start: number;
  width: number;
}

export interface BarcodePattern {
  bars: readonly BarRun[];
  /** Width of the symbol in modules, quiet zones excluded. */
  modules: number;
}

/** ISO/IEC 15417 asks for at least 10 modules of blank space each side; scanners miss the start bar without it. */
export const QUIET_ZONE_MODULES = 10;
/** Wider modules scan from farther away but push long codes out of the box; 0.5 mm is the wide end of labels. */
const MAX_MODULE_MM = 0.5;
/** Human-readable line under the bars (mm). */
const HUMAN_READABLE_SIZE = 3.2;
const HUMAN_READABLE_BAND = 4.5;

const patternCache = new Map<string, BarcodePattern>();
const PATTERN_CACHE_LIMIT = 64;

/**
 * The bars of `data` as Code 128. Only printable ASCII is accepted: anything else could be encoded differently
 * here and by a printer's native ^BC, and the barcode printed must be the barcode stored.
 */
export function code128Pattern(data: string): BarcodePattern {
  const cached = patternCache.get(data);
  if (cached) return cached;
  if (!/^[\x20-\x7e]+$/.test(data)) {
    throw new Error(`barcode data must be 1+ printable ASCII characters, got ${JSON.stringify(data)}`);
  }
  const symbol = new CODE128(data, {});
  if (!symbol.valid()) throw new Error(`no Code 128 symbol for ${JSON.stringify(data)}`);
  const dark = symbol.encode().data;
  // Dark runs of the module string, from the start character's first bar to the stop pattern's last.
  const bars: BarRun[] = [];
  for (const run of dark.matchAll(/1+/g)) bars.push({ start: run.index, width: run[0].length });
  const pattern: BarcodePattern = { bars, modules: dark.length };
  if (patternCache.size >= PATTERN_CACHE_LIMIT) patternCache.clear();
  patternCache.set(data, pattern);
  return pattern;
}

export interface BarcodePlacement {
  /** Module width in whole device dots. */
  moduleDots: number;
  /** Left edge of the first bar, in whole device dots from the label's left edge. */
  xDots: number;
  /** Width of the symbol (bars only) in dots. */
  widthDots: number;
}

/**
 * Widest whole-dot module that keeps the symbol and both quiet zones inside the element's box, centred in it.
 * Throws when even a one-dot module does not fit: a barcode squeezed below that would not scan.
 */
export function placeBarcode(modules: number, boxXmm: number, boxWmm: number, dotsPerMm: number): BarcodePlacement {
  const boxLeft = Math.round(boxXmm * dotsPerMm);
  const boxDots = Math.floor((boxXmm + boxWmm) * dotsPerMm) - boxLeft;
  const maxModule = Math.max(1, Math.round(MAX_MODULE_MM * dotsPerMm));
  const moduleDots = Math.min(maxModule, Math.floor(boxDots / (modules + 2 * QUIET_ZONE_MODULES)));
  if (moduleDots < 1) {
    throw new Error(`barcode of ${modules} modules does not fit ${boxWmm} mm at ${dotsPerMm.toFixed(2)} dots/mm`);
  }
  const widthDots = modules * moduleDots;
  return { moduleDots, xDots: boxLeft + Math.floor((boxDots - widthDots) / 2), widthDots };
}

/** Where the bars go and, when asked for, the human-readable line under them (both in mm). */
export function barcodeAreas(el: BarcodeElement): {
  bars: { x: number; y: number; w: number; h: number };
  text: TextElement | undefined;
} {
  if (!el.humanReadable) return { bars: { x: el.x, y: el.y, w: el.w, h: el.h }, text: undefined };
  const barsH = el.h - HUMAN_READABLE_BAND;
  return {
    bars: { x: el.x, y: el.y, w: el.w, h: barsH },
    text: {
      kind: 'text',
      x: el.x,
      y: el.y + barsH + 0.6,
      w: el.w,
      h: HUMAN_READABLE_BAND - 0.6,
      text: el.data,
      size: HUMAN_READABLE_SIZE,
      minSize: 2.2,
      align: 'center',
    },
  };
}
