// The label as a one-page vector PDF (100×150 mm) with pdf-lib: DejaVu subsets embedded (the process's prepared Latin
// subsets, pdfFonts.ts; per-label subsets for text outside them), Code 128 as rectangles, and byte-identical output
// for the same input (fixed dates and producer), so a stored label never "changes".
import { deflateSync } from 'node:zlib';
import {
  fill,
  PDFArray,
  PDFContentStream,
  PDFDocument,
  PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingRgbColor,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import type { FontWeight, Resources } from '../resources';
import { barcodeAreas, code128Pattern, MM_PER_INCH, placeBarcode, type BarcodeElement } from './barcode';
import { textFitter, type TextElement, type TextFitter } from './fit';
import type { LabelElement, LabelModel } from './types';
import { paintModel } from './paint';
import { CACHING_FONTKIT } from './parsedFonts';
import { OutsideRepertoire, preparedFonts, PreparedTextWriter } from './pdfFonts';
import { rectangle } from './pdfOperators';
import { placeQr, qrMatrix, type QrElement } from './qr';

const PT_PER_MM = 72 / MM_PER_INCH;
/**
 * Bars and QR modules snap to the dot grid of a 203 dpi printer, the commonest label printer, so a printed PDF scans.
 */
const BARCODE_DOTS_PER_MM = 203 / MM_PER_INCH;
/** Used when the caller gives no date: any fixed instant keeps the bytes stable. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));
const PRODUCER = 'shipping-station';
const BLACK = rgb(0, 0, 0);
const WHITE = rgb(1, 1, 1);

/**
 * The page's content streams deflated by node's zlib instead of pdf-lib's pako at save: the same deflate format,
 * 0.6 ms instead of 3 ms for a label's content (worst-case label, in process).
 */
function deflateContents(doc: PDFDocument, page: PDFPage): void {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [];
  for (const ref of refs) {
    if (!(ref instanceof PDFRef)) continue;
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFContentStream)) continue;
    doc.context.assign(ref, doc.context.stream(deflateSync(stream.getUnencodedContents()), { Filter: 'FlateDecode' }));
  }
}

/** How a line of text gets onto the page: the prepared fonts, or pdf-lib's per-label subsets. */
interface TextWriter {
  line(text: string, x: number, y: number, size: number, weight: FontWeight, white: boolean): void;
}

/**
 * OpenType shaping off: fontkit's GSUB/GPOS pass was most of the drawing time, Italian text needs no ligatures or
 * mark positioning (accented letters are precomposed), and without kerning the widths are exactly the advance
 * widths fit.ts measures, so PDF lines end where the fitting expected.
 */
const SHAPING_FEATURES = [
  'ccmp',
  'locl',
  'rlig',
  'mark',
  'mkmk',
  'calt',
  'clig',
  'liga',
  'dlig',
  'hlig',
  'rclt',
  'curs',
  'kern',
];
const NO_SHAPING = Object.fromEntries(SHAPING_FEATURES.map((feature) => [feature, false]));

/** Text outside the prepared fonts' repertoire: pdf-lib embeds a subset of exactly the glyphs this label uses. */
class SubsetTextWriter implements TextWriter {
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: Record<FontWeight, PDFFont>,
  ) {}

  line(text: string, x: number, y: number, size: number, weight: FontWeight, white: boolean): void {
    this.page.drawText(text, { x, y, size, font: this.fonts[weight], color: white ? WHITE : BLACK });
  }
}

/** Draws in model millimetres on a page whose origin pdf-lib puts bottom-left. */
class Canvas {
  constructor(
    private readonly page: PDFPage,
    private readonly writer: TextWriter,
    private readonly heightMm: number,
    private readonly fitter: TextFitter,
  ) {}

  private x(mm: number): number {
    return mm * PT_PER_MM;
  }

  private y(mm: number): number {
    return (this.heightMm - mm) * PT_PER_MM;
  }

  text(el: TextElement): void {
    const fitted = this.fitter.fitText(el);
    const bold = el.bold ?? false;
    fitted.lines.forEach((line, i) => {
      const top = el.y + i * fitted.lineHeight;
      this.writer.line(
        line,
        this.x(this.fitter.lineX(el, line, fitted.size)),
        this.y(top + this.fitter.ascentOf(fitted.size, bold)),
        fitted.size * PT_PER_MM,
        bold ? 'bold' : 'regular',
        el.reverse ?? false,
      );
    });
  }

  line(el: Extract<LabelElement, { kind: 'line' }>): void {
    this.page.drawLine({
      start: { x: this.x(el.x1), y: this.y(el.y1) },
      end: { x: this.x(el.x2), y: this.y(el.y2) },
      thickness: el.thickness * PT_PER_MM,
      color: BLACK,
    });
  }

  box(el: Extract<LabelElement, { kind: 'box' }>): void {
    if (el.fill) {
      this.rect(el.x, el.y, el.w, el.h);
      return;
    }
    // The border is drawn inside the box, as ZPL's ^GB does, so both keep the same outer size.
    const t = el.thickness;
    this.page.drawRectangle({
      x: this.x(el.x + t / 2),
      y: this.y(el.y + el.h - t / 2),
      width: (el.w - t) * PT_PER_MM,
      height: (el.h - t) * PT_PER_MM,
      borderWidth: t * PT_PER_MM,
      borderColor: BLACK,
    });
  }

  barcode(el: BarcodeElement): void {
    const areas = barcodeAreas(el);
    const pattern = code128Pattern(el.data);
    const place = placeBarcode(pattern.modules, areas.bars.x, areas.bars.w, BARCODE_DOTS_PER_MM);
    const moduleMm = place.moduleDots / BARCODE_DOTS_PER_MM;
    const leftMm = place.xDots / BARCODE_DOTS_PER_MM;
    const y = this.y(areas.bars.y + areas.bars.h);
    const h = areas.bars.h * PT_PER_MM;
    const bars = pattern.bars.map((bar) =>
      rectangle(this.x(leftMm + bar.start * moduleMm), y, bar.width * moduleMm * PT_PER_MM, h),
    );
    this.fillAll(bars);
    if (areas.text) this.text(areas.text);
  }

  qr(el: QrElement): void {
    const matrix = qrMatrix(el.data);
    const place = placeQr(matrix.modules, el, BARCODE_DOTS_PER_MM);
    const moduleMm = place.moduleDots / BARCODE_DOTS_PER_MM;
    const [leftMm, topMm] = [place.xDots / BARCODE_DOTS_PER_MM, place.yDots / BARCODE_DOTS_PER_MM];
    const side = moduleMm * PT_PER_MM;
    const runs = matrix.runs.map((run) =>
      rectangle(
        this.x(leftMm + run.start * moduleMm),
        this.y(topMm + (run.row + 1) * moduleMm),
        run.width * side,
        side,
      ),
    );
    this.fillAll(runs);
  }

  /** Many rectangles as one filled path: one fill operation instead of a drawRectangle (state, colour, fill) each. */
  private fillAll(rectangles: PDFOperator[]): void {
    this.page.pushOperators(
      pushGraphicsState(),
      setFillingRgbColor(0, 0, 0),
      ...rectangles,
      fill(),
      popGraphicsState(),
    );
  }

  private rect(x: number, y: number, w: number, h: number): void {
    const [width, height] = [w * PT_PER_MM, h * PT_PER_MM];
    this.page.drawRectangle({ x: this.x(x), y: this.y(y + h), width, height, color: BLACK });
  }
}

export async function renderPdf(
  resources: Resources,
  model: LabelModel,
  opts: { date?: Date } = {},
): Promise<Uint8Array> {
  const prepared = await preparedFonts(resources);
  try {
    return await draw(resources, model, opts, async (_doc, page) => new PreparedTextWriter(page, prepared));
  } catch (error) {
    if (!(error instanceof OutsideRepertoire)) throw error;
  }
  return draw(resources, model, opts, async (doc, page) => {
    doc.registerFontkit(resources.get(CACHING_FONTKIT));
    return new SubsetTextWriter(page, {
      regular: await doc.embedFont(resources.fontBytes('regular'), { subset: true, features: NO_SHAPING }),
      bold: await doc.embedFont(resources.fontBytes('bold'), { subset: true, features: NO_SHAPING }),
    });
  });
}

async function draw(
  resources: Resources,
  model: LabelModel,
  opts: { date?: Date },
  writerFor: (doc: PDFDocument, page: PDFPage) => Promise<TextWriter>,
): Promise<Uint8Array> {
  // updateMetadata:false stops pdf-lib stamping the current time and its own producer into every file.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const date = opts.date ?? FIXED_DATE;
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const page = doc.addPage([model.widthMm * PT_PER_MM, model.heightMm * PT_PER_MM]);
  const canvas = new Canvas(page, await writerFor(doc, page), model.heightMm, textFitter(resources));
  paintModel(model, canvas);
  deflateContents(doc, page);
  // Plain cross-reference table: object streams cost a second deflate pass for a few hundred bytes saved.
  return doc.save({ useObjectStreams: false });
}
