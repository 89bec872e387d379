// The service markers (SABATO, AL PIANO, RESO, …) as white bold text on black boxes, so a driver sees them at a
// glance: one row of large boxes when they fit, else two rows of smaller ones, never a badge left out.
import { LINE_HEIGHT, type TextFitter } from './fit';
import type { LabelElement } from './types';

export interface Band {
  x: number;
  y: number;
  w: number;
  h: number;
}

const GAP_X = 1.2;
const GAP_Y = 0.8;
const PAD_X = 1.2;
/** Blank black above and below the text of a one-row badge: the box reads as a block, not as underlined text. */
const PAD_Y = 1.2;
/** One row of large boxes while the text can be at least ONE_ROW_MIN mm; two rows of smaller ones otherwise. */
const ONE_ROW_MAX = 5;
const ONE_ROW_MIN = 3.6;
const TWO_ROW_MAX = 3.2;
/** Bold capitals of 2 mm still read at arm's length; below it, fit.ts shrinks further and marks a cut with "…". */
const MIN_SIZE = 2;
/** Sizes are rounded down to this step so a size never depends on the last bit of a float. */
const SIZE_STEP = 0.05;

/** Width of the text of each badge at a 1 mm font; the box grows linearly with the font size. */
function unitWidths(fitter: TextFitter, texts: readonly string[]): number[] {
  return texts.map((t) => fitter.textWidth(t, 1, true));
}

/** Largest font size at which these badges fill at most `w` on one row. */
function rowSize(units: readonly number[], w: number): number {
  const fixed = units.length * 2 * PAD_X + (units.length - 1) * GAP_X;
  const sum = units.reduce((a, b) => a + b, 0);
  return (w - fixed) / sum;
}

function floorSize(size: number): number {
  return Math.floor(size / SIZE_STEP + 1e-9) * SIZE_STEP;
}

/**
 * One row of boxes at `size`, left to right. When even the minimum size is too wide, the boxes are narrowed in
 * proportion and fit.ts shrinks each text to its box (the last resort, for more badges than any courier sends).
 */
function row(
  texts: readonly string[],
  units: readonly number[],
  size: number,
  y: number,
  h: number,
  band: Band,
): LabelElement[] {
  const natural = units.map((u) => u * size + 2 * PAD_X + 0.02);
  const room = band.w - (texts.length - 1) * GAP_X;
  const total = natural.reduce((a, b) => a + b, 0);
  const scale = total > room ? room / total : 1;
  let x = band.x;
  return texts.flatMap((text, i) => {
    const w = (natural[i] ?? 0) * scale;
    const elements = badge(text, x, y, w, h, size);
    x += w + GAP_X;
    return elements;
  });
}

function badge(text: string, x: number, y: number, w: number, h: number, size: number): LabelElement[] {
  const textH = size * LINE_HEIGHT;
  return [
    { kind: 'box', x, y, w, h, thickness: 0, fill: true },
    {
      kind: 'text',
      x: x + PAD_X,
      y: y + (h - textH) / 2,
      w: w - 2 * PAD_X,
      h: textH,
      text,
      size,
      minSize: Math.min(size, MIN_SIZE),
      bold: true,
      align: 'center',
      reverse: true,
    },
  ];
}

export function badgeElements(fitter: TextFitter, badges: readonly string[], band: Band): LabelElement[] {
  const texts = badges.map((b) => b.replace(/\s+/g, ' ').trim()).filter((b) => b.length > 0);
  if (texts.length === 0) return [];
  const units = unitWidths(fitter, texts);
  const oneRow = Math.min(ONE_ROW_MAX, (band.h - 2 * PAD_Y) / LINE_HEIGHT, floorSize(rowSize(units, band.w)));
  if (oneRow >= ONE_ROW_MIN || texts.length === 1) {
    const size = Math.max(oneRow, MIN_SIZE);
    const h = Math.min(band.h, size * LINE_HEIGHT + 2 * PAD_Y);
    return row(texts, units, size, band.y + (band.h - h) / 2, h, band);
  }
  // Two rows, split where the smaller of the two rows' sizes is largest: the badges stay in the given order.
  const rowH = (band.h - GAP_Y) / 2;
  let best = { split: 1, size: -Infinity };
  for (let split = 1; split < texts.length; split += 1) {
    const size = Math.min(rowSize(units.slice(0, split), band.w), rowSize(units.slice(split), band.w));
    if (size > best.size) best = { split, size };
  }
  const size = Math.max(MIN_SIZE, Math.min(TWO_ROW_MAX, (rowH - 0.4) / LINE_HEIGHT, floorSize(best.size)));
  return [
    ...row(texts.slice(0, best.split), units.slice(0, best.split), size, band.y, rowH, band),
    ...row(texts.slice(best.split), units.slice(best.split), size, band.y + rowH + GAP_Y, rowH, band),
  ];
}
