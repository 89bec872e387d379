// An 8-bit grey picture of a label (255 white, 0 black) that the JPG renderer draws into itself: a label is
// rectangles (rules, boxes, bars, QR modules, all on whole pixels) and glyphs. Drawing here costs about a millisecond,
// and the pixels are already what the JPEG encoder takes; a canvas had to be read back (10 ms) or encoded by Skia in
// colour (15 ms) instead.

/** A glyph's coverage (0 none, 255 full), placed relative to the pen: `left`/`top` from the pen's pixel. */
export interface GlyphMask {
  width: number;
  height: number;
  left: number;
  top: number;
  coverage: Uint8Array;
}

export class GrayRaster {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height).fill(255);
  }

  /** Fills whole pixels, clipped to the picture: `value` 0 is black, 255 white. */
  fillRect(x: number, y: number, w: number, h: number, value = 0): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    if (x1 <= x0) return;
    for (let row = y0; row < y1; row += 1) this.data.fill(value, row * this.width + x0, row * this.width + x1);
  }

  /**
   * Lays a glyph at the pen (x, y: whole pixels, y on the baseline): black ink darkens what is under it, white ink
   * (reversed text, on a black badge) lightens it, each pixel by the glyph's coverage, as a canvas would blend it.
   */
  glyph(mask: GlyphMask, x: number, y: number, white = false): void {
    const { width, height, data } = this;
    const { coverage } = mask;
    const left = x + mask.left;
    const top = y + mask.top;
    // The glyph's rows and columns that fall inside the picture, worked out once rather than per pixel.
    const gx0 = Math.max(0, -left);
    const gx1 = Math.min(mask.width, width - left);
    const gy0 = Math.max(0, -top);
    const gy1 = Math.min(mask.height, height - top);
    const ink = white ? 255 : 0;
    for (let gy = gy0; gy < gy1; gy += 1) {
      let i = (top + gy) * width + left + gx0;
      let c = gy * mask.width + gx0;
      for (let gx = gx0; gx < gx1; gx += 1, i += 1, c += 1) {
        const a = coverage[c] ?? 0;
        if (a === 0) continue;
        const under = data[i] ?? 255;
        data[i] = Math.round(under + ((ink - under) * a) / 255);
      }
    }
  }
}
