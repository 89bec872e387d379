// Glyph pictures for the grey raster (grayRaster.ts): each character drawn once by the canvas library with the
// embedded DejaVu fonts, at a size and a quarter-pixel offset, its coverage kept. Labels repeat their characters and
// sizes (the layout's sizes are steps of 0.25 mm), so after the first labels every glyph comes from here.
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { derived, type Resources } from '../resources';
import type { GlyphMask } from './grayRaster';

/** A private family name, so a system font of the same name can never be picked instead of ours. */
const FAMILY = 'ShippingStationLabelSans';
/** Pen positions are kept to a quarter of a pixel: closer than the eye (or a scanner) can tell at 203 dpi. */
export const GLYPH_PHASES = 4;
/** Bounded: a few hundred glyphs make a label's whole alphabet at its sizes; cleared when full. */
const GLYPH_CACHE_LIMIT = 8192;

/**
 * The canvas library's font registry is the process's: these resources' fonts are registered there once (kept by
 * the Resources object), both weights under one family, the canvas picking the bold face from the font's weight.
 */
const CANVAS_FONTS = derived('canvas label fonts', (resources) => {
  for (const weight of ['regular', 'bold'] as const) {
    if (!GlobalFonts.registerFromPath(resources.fontPath(weight), FAMILY)) {
      throw new Error(`could not register label font ${resources.fontPath(weight)}`);
    }
  }
  return true;
});

function drawGlyph(ch: string, sizePx: number, bold: boolean, phase: number): GlyphMask {
  // Room for any glyph of the font: two ems wide, accents above the capitals, descenders below.
  const pad = Math.ceil(sizePx * 0.3) + 2;
  const baseline = pad + Math.ceil(sizePx * 1.1);
  const width = Math.ceil(sizePx * 2) + 2 * pad;
  const height = baseline + Math.ceil(sizePx * 0.4) + pad;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.font = `${bold ? 'bold ' : ''}${sizePx.toFixed(2)}px ${FAMILY}`;
  ctx.fillStyle = '#000000';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(ch, pad + phase / GLYPH_PHASES, baseline);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((rgba[(y * width + x) * 4 + 3] ?? 0) === 0) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0) return { width: 0, height: 0, left: 0, top: 0, coverage: new Uint8Array(0) };
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const coverage = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) coverage[y * w + x] = rgba[((y0 + y) * width + x0 + x) * 4 + 3] ?? 0;
  }
  return { width: w, height: h, left: x0 - pad, top: y0 - baseline, coverage };
}

export interface GlyphCache {
  /**
   * The glyphs of one size (`sizePx`, as a CSS font size) and weight: each character at its pen `phase`, in quarters
   * of a pixel right of a whole pixel. Asked once per text, then once per character.
   */
  font(sizePx: number, bold: boolean): (ch: string, phase: number) => GlyphMask;
}

const GLYPHS = derived<GlyphCache>('label glyphs', (resources) => {
  resources.get(CANVAS_FONTS);
  const fonts = new Map<string, Map<string, GlyphMask>>();
  let count = 0;
  return {
    font(sizePx, bold) {
      const size = Number(sizePx.toFixed(2));
      const fontKey = `${bold ? 'b' : 'r'}${size}`;
      let glyphs = fonts.get(fontKey);
      if (!glyphs) {
        glyphs = new Map();
        fonts.set(fontKey, glyphs);
      }
      const kept = glyphs;
      return (ch, phase) => {
        const key = `${phase}${ch}`;
        let mask = kept.get(key);
        if (!mask) {
          mask = drawGlyph(ch, size, bold, phase);
          if (count >= GLYPH_CACHE_LIMIT) {
            for (const other of fonts.values()) other.clear();
            count = 0;
          }
          kept.set(key, mask);
          count += 1;
        }
        return mask;
      };
    },
  };
});

/** The glyph pictures of these resources' label fonts (the fonts registered with the canvas library once). */
export const glyphCache = (resources: Resources): GlyphCache => resources.get(GLYPHS);
