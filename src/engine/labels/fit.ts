// Fitting label text into its box, shared by every renderer: shrink to minSize, then wrap, never cut silently.
// Widths come from the embedded DejaVu fonts' own metrics, so PDF and JPG break lines at the same words and ZPL
// (whose font 0 is narrower) always has room for the lines chosen here.
import { derived, type FontWeight, type Resources } from '../resources';
import { readFontMetrics } from './fontMetrics';
import type { LabelElement } from './types';

export type TextElement = Extract<LabelElement, { kind: 'text' }>;

/** Line pitch as a multiple of the font size: DejaVu's ascent + descent (1.164 em) plus a hair. */
export const LINE_HEIGHT = 1.17;
/** Shrinking steps in mm: fine enough to use the space, coarse enough to keep fitting cheap. */
const STEP_MM = 0.25;
const ELLIPSIS = '…';
/** When the layout gives no minSize, text may still shrink this far before it wraps. */
const DEFAULT_MIN_RATIO = 0.75;

interface Metrics {
  unitsPerEm: number;
  ascent: number;
  advance: (codePoint: number) => number;
}

function metricsOf(resources: Resources, weight: FontWeight): Metrics {
  const font = readFontMetrics(resources.fontBytes(weight));
  const advances = new Map<number, number>();
  return {
    unitsPerEm: font.unitsPerEm,
    ascent: font.ascent,
    advance: (cp) => {
      let a = advances.get(cp);
      if (a === undefined) {
        a = font.advance(cp);
        advances.set(cp, a);
      }
      return a;
    },
  };
}

/** Measuring and fitting with the label fonts of one Resources (made once per Resources: textFitter). */
export interface TextFitter {
  /** Width in mm of one line of text set at `sizeMm`. */
  textWidth(text: string, sizeMm: number, bold: boolean): number;
  /** Distance from the top of a line to its baseline, in mm, for a font size in mm. */
  ascentOf(sizeMm: number, bold: boolean): number;
  /** Each character's advance in em (no kerning, as textWidth sums them): where a renderer places its glyphs. */
  advancesOf(line: string, bold: boolean): number[];
  fitText(el: TextElement): FittedText;
  /** Left edge of a fitted line inside its box, honouring the element's alignment. */
  lineX(el: TextElement, line: string, size: number): number;
}

type Width = TextFitter['textWidth'];

export interface FittedText {
  size: number;
  lines: string[];
  lineHeight: number;
  /** True only when the text did not fit even wrapped at minSize and the last line ends with an ellipsis. */
  truncated: boolean;
}

/** Collapses control characters and runs of spaces; `\n` stays as a deliberate line break. */
function paragraphsOf(text: string): string[] {
  return (
    text
      .split('\n')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
      .map((p) => p.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim())
      .filter((p) => p.length > 0)
  );
}

function sizesFrom(size: number, minSize: number): number[] {
  const sizes: number[] = [];
  for (let s = size; s > minSize + 1e-9; s -= STEP_MM) sizes.push(Math.round(s * 1000) / 1000);
  sizes.push(minSize);
  return sizes;
}

function maxLines(h: number, size: number): number {
  return Math.max(1, Math.floor((h + 1e-6) / (size * LINE_HEIGHT)));
}

/** Greedy word wrap; a word wider than the box is broken between characters rather than overflowing it. */
function wrap(textWidth: Width, paragraph: string, w: number, size: number, bold: boolean): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of paragraph.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate, size, bold) <= w) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    if (textWidth(word, size, bold) <= w) {
      current = word;
      continue;
    }
    for (const ch of word) {
      if (current && textWidth(current + ch, size, bold) > w) {
        lines.push(current);
        current = '';
      }
      current += ch;
    }
  }
  if (current) lines.push(current);
  return lines;
}

function withEllipsis(textWidth: Width, line: string, w: number, size: number, bold: boolean): string {
  const chars = Array.from(line.trimEnd());
  while (chars.length > 0 && textWidth(chars.join('') + ELLIPSIS, size, bold) > w) chars.pop();
  return chars.join('').trimEnd() + ELLIPSIS;
}

function fitText(textWidth: Width, el: TextElement): FittedText {
  const bold = el.bold ?? false;
  const minSize = Math.min(el.size, el.minSize ?? el.size * DEFAULT_MIN_RATIO);
  const paragraphs = paragraphsOf(el.text);
  const sizes = sizesFrom(el.size, minSize);
  const fitted = (size: number, lines: string[], truncated = false): FittedText => ({
    size,
    lines,
    lineHeight: size * LINE_HEIGHT,
    truncated,
  });
  if (paragraphs.length === 0) return fitted(el.size, []);

  for (const size of sizes) {
    if (paragraphs.length <= maxLines(el.h, size) && paragraphs.every((p) => textWidth(p, size, bold) <= el.w)) {
      return fitted(size, paragraphs);
    }
  }
  for (const size of sizes) {
    const lines = paragraphs.flatMap((p) => wrap(textWidth, p, el.w, size, bold));
    if (lines.length <= maxLines(el.h, size)) return fitted(size, lines);
  }
  const lines = paragraphs.flatMap((p) => wrap(textWidth, p, el.w, minSize, bold));
  const kept = lines.slice(0, maxLines(el.h, minSize));
  const last = kept.length - 1;
  kept[last] = withEllipsis(textWidth, kept[last] ?? '', el.w, minSize, bold);
  return fitted(minSize, kept, true);
}

const UNITS_CACHE_LIMIT = 4096;

const FITTER = derived<TextFitter>('label text fitter', (resources) => {
  const fonts = { regular: metricsOf(resources, 'regular'), bold: metricsOf(resources, 'bold') };
  // A text's width in font units, kept: fitting tries one text at several sizes, and a label's texts recur (field
  // names, the sender). Bounded, cleared when full.
  const unitsCache = new Map<string, number>();
  const textWidth: Width = (text, sizeMm, bold) => {
    const m = fonts[bold ? 'bold' : 'regular'];
    const key = (bold ? 'b' : 'r') + text;
    let units = unitsCache.get(key);
    if (units === undefined) {
      units = 0;
      for (const ch of text) units += m.advance(ch.codePointAt(0) ?? 0);
      if (unitsCache.size >= UNITS_CACHE_LIMIT) unitsCache.clear();
      unitsCache.set(key, units);
    }
    return (units / m.unitsPerEm) * sizeMm;
  };
  return {
    textWidth,
    ascentOf(sizeMm, bold) {
      const m = fonts[bold ? 'bold' : 'regular'];
      return (m.ascent / m.unitsPerEm) * sizeMm;
    },
    advancesOf(line, bold) {
      const m = fonts[bold ? 'bold' : 'regular'];
      return Array.from(line, (ch) => m.advance(ch.codePointAt(0) ?? 0) / m.unitsPerEm);
    },
    fitText: (el) => fitText(textWidth, el),
    lineX(el, line, size) {
      const align = el.align ?? 'left';
      if (align === 'left') return el.x;
      const free = Math.max(0, el.w - textWidth(line, size, el.bold ?? false));
      return align === 'center' ? el.x + free / 2 : el.x + free;
    },
  };
});

/** The fitter of these resources' label fonts (their metrics read once). */
export const textFitter = (resources: Resources): TextFitter => resources.get(FITTER);
