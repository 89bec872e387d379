// The label as a JPEG (default 203 dpi) drawn with @napi-rs/canvas and the embedded DejaVu fonts only.
// Barcode modules are whole pixels: a module smeared over two pixels is what makes a JPEG barcode fail to scan.
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { derived, type Resources } from '../resources';
import { barcodeAreas, code128Pattern, MM_PER_INCH, placeBarcode, type BarcodeElement } from './barcode';
import { textFitter, type TextElement, type TextFitter } from './fit';
import type { LabelElement, LabelModel } from './types';
import { paintModel } from './paint';
import { placeQr, qrMatrix, type QrElement } from './qr';

/** A private family name, so a system font of the same name can never be picked instead of ours. */
const FAMILY = 'ShippingStationLabelSans';
/** High enough that thin bars stay crisp after compression, low enough to keep a label near 100 kB. */
const JPEG_QUALITY = 90;

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

class Painter {
  private readonly pxPerMm: number;

  constructor(
    private readonly ctx: SKRSContext2D,
    dpi: number,
    private readonly fitter: TextFitter,
  ) {
    this.pxPerMm = dpi / MM_PER_INCH;
  }

  private px(mm: number): number {
    return mm * this.pxPerMm;
  }

  text(el: TextElement): void {
    const fitted = this.fitter.fitText(el);
    const bold = el.bold ?? false;
    this.ctx.font = `${bold ? 'bold ' : ''}${this.px(fitted.size).toFixed(2)}px ${FAMILY}`;
    if (el.reverse) this.ctx.fillStyle = '#ffffff';
    fitted.lines.forEach((line, i) => {
      const baseline = el.y + i * fitted.lineHeight + this.fitter.ascentOf(fitted.size, bold);
      this.ctx.fillText(line, this.px(this.fitter.lineX(el, line, fitted.size)), this.px(baseline));
    });
    this.ctx.fillStyle = '#000000';
  }

  line(el: Extract<LabelElement, { kind: 'line' }>): void {
    const t = Math.max(1, Math.round(this.px(el.thickness)));
    if (el.y1 === el.y2 || el.x1 === el.x2) {
      // Axis-aligned rules as whole-pixel rectangles: crisp, like the dots a thermal printer burns.
      const x = Math.round(this.px(Math.min(el.x1, el.x2)));
      const y = Math.round(this.px(Math.min(el.y1, el.y2)));
      const horizontal = el.y1 === el.y2;
      const length = Math.max(t, Math.round(this.px(horizontal ? Math.abs(el.x2 - el.x1) : Math.abs(el.y2 - el.y1))));
      if (horizontal) this.ctx.fillRect(x, y - Math.floor(t / 2), length, t);
      else this.ctx.fillRect(x - Math.floor(t / 2), y, t, length);
      return;
    }
    this.ctx.lineWidth = t;
    this.ctx.beginPath();
    this.ctx.moveTo(this.px(el.x1), this.px(el.y1));
    this.ctx.lineTo(this.px(el.x2), this.px(el.y2));
    this.ctx.stroke();
  }

  box(el: Extract<LabelElement, { kind: 'box' }>): void {
    const x = Math.round(this.px(el.x));
    const y = Math.round(this.px(el.y));
    const w = Math.max(1, Math.round(this.px(el.w)));
    const h = Math.max(1, Math.round(this.px(el.h)));
    if (el.fill) {
      this.ctx.fillRect(x, y, w, h);
      return;
    }
    // Border inside the box, as ZPL's ^GB draws it.
    const t = Math.min(Math.max(1, Math.round(this.px(el.thickness))), Math.floor(Math.min(w, h) / 2));
    this.ctx.fillRect(x, y, w, t);
    this.ctx.fillRect(x, y + h - t, w, t);
    this.ctx.fillRect(x, y, t, h);
    this.ctx.fillRect(x + w - t, y, t, h);
  }

  barcode(el: BarcodeElement): void {
    const areas = barcodeAreas(el);
    const pattern = code128Pattern(el.data);
    const place = placeBarcode(pattern.modules, areas.bars.x, areas.bars.w, this.pxPerMm);
    const top = Math.round(this.px(areas.bars.y));
    const height = Math.round(this.px(areas.bars.h));
    for (const bar of pattern.bars) {
      this.ctx.fillRect(place.xDots + bar.start * place.moduleDots, top, bar.width * place.moduleDots, height);
    }
    if (areas.text) this.text(areas.text);
  }

  qr(el: QrElement): void {
    const matrix = qrMatrix(el.data);
    const place = placeQr(matrix.modules, el, this.pxPerMm);
    const m = place.moduleDots;
    for (const run of matrix.runs) {
      this.ctx.fillRect(place.xDots + run.start * m, place.yDots + run.row * m, run.width * m, m);
    }
  }
}

export async function renderJpg(resources: Resources, model: LabelModel, dpi = 203): Promise<Buffer> {
  resources.get(CANVAS_FONTS);
  const pxPerMm = dpi / MM_PER_INCH;
  const canvas = createCanvas(Math.round(model.widthMm * pxPerMm), Math.round(model.heightMm * pxPerMm));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  ctx.strokeStyle = '#000000';
  ctx.textBaseline = 'alphabetic';
  const painter = new Painter(ctx, dpi, textFitter(resources));
  paintModel(model, painter);
  return canvas.encode('jpeg', JPEG_QUALITY);
}
