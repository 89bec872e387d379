// PDF operators whose numbers we write ourselves, to a thousandth of a point (a third of a micrometre): a label has
// over a thousand of them, and pdf-lib's own number formatting (exponent-safe, through string splitting) was a seventh
// of a PDF label's time, with 15-digit fractions that doubled the content stream.
import { PDFOperator, PDFOperatorNames, type PDFName } from 'pdf-lib';

/** Rounding first keeps String() out of exponent notation (nothing between 0 and 0.001 is left). */
export function pt(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

export function rectangle(x: number, y: number, w: number, h: number): PDFOperator {
  return PDFOperator.of(PDFOperatorNames.AppendRectangle, [pt(x), pt(y), pt(w), pt(h)]);
}

export function setFontAndSize(font: PDFName, size: number): PDFOperator {
  return PDFOperator.of(PDFOperatorNames.SetFontAndSize, [font, pt(size)]);
}

/** Text space placed at (x, y), unscaled and unrotated. */
export function moveTextTo(x: number, y: number): PDFOperator {
  return PDFOperator.of(PDFOperatorNames.SetTextMatrix, ['1', '0', '0', '1', pt(x), pt(y)]);
}
