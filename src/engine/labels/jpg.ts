// The label as a JPEG (default 203 dpi): drawn into an 8-bit grey raster (grayRaster.ts) with the embedded DejaVu
// fonts' glyphs (glyphs.ts), encoded on this thread as a one-channel baseline JPEG (jpegEncoder.ts). Barcode modules
// are whole pixels: a module smeared over two pixels is what makes a JPEG barcode fail to scan.
import type { Resources } from '../resources';
import { barcodeAreas, code128Pattern, MM_PER_INCH, placeBarcode, type BarcodeElement } from './barcode';
import { textFitter, type TextElement, type TextFitter } from './fit';
import { GLYPH_PHASES, glyphCache, type GlyphCache } from './glyphs';
import { GrayRaster } from './grayRaster';
import { encodeGrayJpeg } from './jpegEncoder';
import type { LabelElement, LabelModel } from './types';
import { paintModel } from './paint';
import { placeQr, qrMatrix, type QrElement } from './qr';

/** High enough that thin bars stay crisp after compression, low enough to keep a label under 200 kB. */
export const JPEG_QUALITY = 90;

class Painter {
  private readonly pxPerMm: number;

  constructor(
    private readonly raster: GrayRaster,
    dpi: number,
    private readonly fitter: TextFitter,
    private readonly glyphs: GlyphCache,
  ) {
    this.pxPerMm = dpi / MM_PER_INCH;
  }

  private px(mm: number): number {
    return mm * this.pxPerMm;
  }

  text(el: TextElement): void {
    const fitted = this.fitter.fitText(el);
    const bold = el.bold ?? false;
    const sizePx = this.px(fitted.size);
    const glyph = this.glyphs.font(sizePx, bold);
    fitted.lines.forEach((line, i) => {
      const baseline = Math.round(this.px(el.y + i * fitted.lineHeight + this.fitter.ascentOf(fitted.size, bold)));
      const advances = this.fitter.advancesOf(line, bold);
      let pen = this.px(this.fitter.lineX(el, line, fitted.size));
      let k = 0;
      for (const ch of line) {
        const x = Math.floor(pen);
        const phase = Math.min(GLYPH_PHASES - 1, Math.floor((pen - x) * GLYPH_PHASES));
        if (ch !== ' ') this.raster.glyph(glyph(ch, phase), x, baseline, el.reverse);
        pen += (advances[k] ?? 0) * sizePx;
        k += 1;
      }
    });
  }

  line(el: Extract<LabelElement, { kind: 'line' }>): void {
    const t = Math.max(1, Math.round(this.px(el.thickness)));
    if (el.y1 === el.y2 || el.x1 === el.x2) {
      // Axis-aligned rules as whole-pixel rectangles: crisp, like the dots a thermal printer burns.
      const x = Math.round(this.px(Math.min(el.x1, el.x2)));
      const y = Math.round(this.px(Math.min(el.y1, el.y2)));
      const horizontal = el.y1 === el.y2;
      const length = Math.max(t, Math.round(this.px(horizontal ? Math.abs(el.x2 - el.x1) : Math.abs(el.y2 - el.y1))));
      if (horizontal) this.raster.fillRect(x, y - Math.floor(t / 2), length, t);
      else this.raster.fillRect(x - Math.floor(t / 2), y, t, length);
      return;
    }
    // A slanted rule: a square of its thickness at every pixel step along it, as ZPL's ^GD draws one.
    const [x1, y1, x2, y2] = [this.px(el.x1), this.px(el.y1), this.px(el.x2), this.px(el.y2)];
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1))));
    for (let i = 0; i <= steps; i += 1) {
      const x = x1 + ((x2 - x1) * i) / steps;
      const y = y1 + ((y2 - y1) * i) / steps;
      this.raster.fillRect(Math.round(x - t / 2), Math.round(y - t / 2), t, t);
    }
  }

  box(el: Extract<LabelElement, { kind: 'box' }>): void {
    const x = Math.round(this.px(el.x));
    const y = Math.round(this.px(el.y));
    const w = Math.max(1, Math.round(this.px(el.w)));
    const h = Math.max(1, Math.round(this.px(el.h)));
    if (el.fill) {
      this.raster.fillRect(x, y, w, h);
      return;
    }
    // Border inside the box, as ZPL's ^GB draws it.
    const t = Math.min(Math.max(1, Math.round(this.px(el.thickness))), Math.floor(Math.min(w, h) / 2));
    this.raster.fillRect(x, y, w, t);
    this.raster.fillRect(x, y + h - t, w, t);
    this.raster.fillRect(x, y, t, h);
    this.raster.fillRect(x + w - t, y, t, h);
  }

  barcode(el: BarcodeElement): void {
    const areas = barcodeAreas(el);
    const pattern = code128Pattern(el.data);
    const place = placeBarcode(pattern.modules, areas.bars.x, areas.bars.w, this.pxPerMm);
    const top = Math.round(this.px(areas.bars.y));
    const height = Math.round(this.px(areas.bars.h));
    for (const bar of pattern.bars) {
      this.raster.fillRect(place.xDots + bar.start * place.moduleDots, top, bar.width * place.moduleDots, height);
    }
    if (areas.text) this.text(areas.text);
  }

  qr(el: QrElement): void {
    const matrix = qrMatrix(el.data);
    const place = placeQr(matrix.modules, el, this.pxPerMm);
    const m = place.moduleDots;
    for (const run of matrix.runs) {
      this.raster.fillRect(place.xDots + run.start * m, place.yDots + run.row * m, run.width * m, m);
    }
  }
}

export async function renderJpg(resources: Resources, model: LabelModel, dpi = 203): Promise<Buffer> {
  return encodeGrayJpeg(labelRaster(resources, model, dpi), JPEG_QUALITY);
}

/** The label drawn into its grey raster, before the JPEG's encode. */
export function labelRaster(resources: Resources, model: LabelModel, dpi = 203): GrayRaster {
  const pxPerMm = dpi / MM_PER_INCH;
  const raster = new GrayRaster(Math.round(model.widthMm * pxPerMm), Math.round(model.heightMm * pxPerMm));
  paintModel(model, new Painter(raster, dpi, textFitter(resources), glyphCache(resources)));
  return raster;
}
