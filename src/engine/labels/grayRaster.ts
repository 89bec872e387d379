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

/** The side of the JPEG's blocks, which the raster tracks as drawn or still blank. */
export const BLOCK = 8;

export class GrayRaster {
  readonly data: Uint8Array;
  /** Per 8×8 block, row by row: 1 once anything was drawn over it; a 0 block is still white. */
  readonly drawn: Uint8Array;
  readonly blocksPerRow: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height).fill(255);
    this.blocksPerRow = Math.ceil(width / BLOCK);
    this.drawn = new Uint8Array(this.blocksPerRow * Math.ceil(height / BLOCK));
  }

  /** Marks the blocks under pixels [x0, x1) × [y0, y1), already clipped to the picture. */
  private markDrawn(x0: number, y0: number, x1: number, y1: number): void {
    if (x1 <= x0 || y1 <= y0) return;
    const bx0 = Math.floor(x0 / BLOCK);
    const bx1 = Math.floor((x1 - 1) / BLOCK);
    for (let by = Math.floor(y0 / BLOCK); by <= Math.floor((y1 - 1) / BLOCK); by += 1) {
      this.drawn.fill(1, by * this.blocksPerRow + bx0, by * this.blocksPerRow + bx1 + 1);
    }
  }

  /** Fills whole pixels, clipped to the picture: `value` 0 is black, 255 white. */
  fillRect(x: number, y: number, w: number, h: number, value = 0): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    if (x1 <= x0) return;
    this.markDrawn(x0, y0, x1, y1);
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
    this.markDrawn(left + gx0, top + gy0, left + gx1, top + gy1);
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
