// The manifest's Code 128 for a driver's handheld scanner: the labels' encoder and placement (labels/barcode.ts),
// snapped to the dot grid of an A4 office printer, with modules and quiet zones a scanner reads at arm's length.
import { fill, popGraphicsState, pushGraphicsState, setFillingGrayscaleColor, type PDFPage } from 'pdf-lib';
import { code128Pattern, MM_PER_INCH, placeBarcode } from '../labels/barcode';
import { rectangle } from '../labels/pdfOperators';

const PT_PER_MM = 72 / MM_PER_INCH;
/** 300 dpi: whole dots there are whole dots on a 600 dpi printer too, the two resolutions offices print A4 at. */
const DOTS_PER_MM = 300 / MM_PER_INCH;
/** Handheld scanners want a module of 0.25 mm or more; below it a symbol is refused rather than printed unread. */
export const MIN_MODULE_MM = 0.25;
/** Bar height: 12 mm, above the 10 mm a handheld scanner needs to find the symbol without aiming. */
export const BAR_HEIGHT_PT = 12 * PT_PER_MM;

export interface DrawnBarcode {
  /** Left edge and width of the bars, quiet zones excluded, in points. */
  x: number;
  width: number;
  moduleMm: number;
}

/**
 * Draws `data` as Code 128 bars, centred in the box from `boxX` (width `boxW`) with quiet zones inside the box, the
 * bars' top at `top` (points from the page's bottom). Throws when the module would come out under MIN_MODULE_MM.
 */
export function drawCode128(page: PDFPage, data: string, boxX: number, boxW: number, top: number): DrawnBarcode {
  const pattern = code128Pattern(data);
  const place = placeBarcode(pattern.modules, boxX / PT_PER_MM, boxW / PT_PER_MM, DOTS_PER_MM);
  const moduleMm = place.moduleDots / DOTS_PER_MM;
  if (moduleMm < MIN_MODULE_MM) {
    throw new Error(`manifest barcode ${data}: module ${moduleMm.toFixed(3)} mm, under ${MIN_MODULE_MM} mm`);
  }
  const modulePt = moduleMm * PT_PER_MM;
  const left = (place.xDots / DOTS_PER_MM) * PT_PER_MM;
  const bottom = top - BAR_HEIGHT_PT;
  const bars = pattern.bars.map((bar) =>
    rectangle(left + bar.start * modulePt, bottom, bar.width * modulePt, BAR_HEIGHT_PT),
  );
  // One filled path for all bars, in its own graphics state so the table's shading colours stay untouched.
  page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0), ...bars, fill(), popGraphicsState());
  return { x: left, width: pattern.modules * modulePt, moduleMm };
}
