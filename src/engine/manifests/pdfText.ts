// Text drawing for PDFs with thousands of cells: glyph codes and widths per character, fitting a text into a width
// (shrink, then cut with "…"), and one text object per page instead of one per cell.
import {
  beginText,
  endText,
  PDFHexString,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';

const ELLIPSIS = '…';
// A cell is one line: line breaks, tabs and other control characters have no glyph and would draw as boxes.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u0085]+/g;

export interface FittedText {
  text: string;
  size: number;
}

/** Rounds a coordinate so the content stream stays short and byte-identical across runs. */
function r2(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * A font with per-character caches. pdf-lib shapes every string it measures or draws through fontkit, about 0.1 ms
 * each here; a 1,000-row manifest has over 11,000 cells. Encoding one character at a time also leaves out ligatures,
 * so the width we measure is exactly the width drawn and a text extractor reads plain letters back.
 */
export class GlyphFont {
  private readonly hexByChar = new Map<string, string>();
  private readonly widthByChar = new Map<string, number>();

  constructor(readonly font: PDFFont) {}

  /** Text as drawn: NFC (so accents are one glyph), no control characters. */
  static clean(text: string): string {
    return text.normalize('NFC').replace(CONTROL_CHARS, ' ');
  }

  private learn(ch: string): void {
    // encodeText also registers the glyph in the subset and its code point in the ToUnicode map.
    this.hexByChar.set(ch, this.font.encodeText(ch).asString());
    this.widthByChar.set(ch, this.font.widthOfTextAtSize(ch, 1));
  }

  charWidth(ch: string): number {
    let w = this.widthByChar.get(ch);
    if (w === undefined) {
      this.learn(ch);
      w = this.widthByChar.get(ch) ?? 0;
    }
    return w;
  }

  /** Width of already cleaned text at `size`. */
  width(text: string, size: number): number {
    let w = 0;
    for (const ch of text) w += this.charWidth(ch);
    return w * size;
  }

  hex(text: string): PDFHexString {
    let out = '';
    for (const ch of text) {
      let h = this.hexByChar.get(ch);
      if (h === undefined) {
        this.learn(ch);
        h = this.hexByChar.get(ch) ?? '';
      }
      out += h;
    }
    return PDFHexString.of(out);
  }

  /**
   * Fits text into maxWidth: as is, else shrunk down to minSize, else cut with "…" at minSize. A cell never draws
   * past its column, so neighbouring columns stay readable.
   */
  fit(raw: string, size: number, maxWidth: number, minSize = size): FittedText {
    const text = GlyphFont.clean(raw);
    const unit = this.width(text, 1);
    if (unit * size <= maxWidth) return { text, size };
    if (unit * minSize <= maxWidth) return { text, size: Math.floor((maxWidth / unit) * 10) / 10 };
    const budget = maxWidth / minSize - this.charWidth(ELLIPSIS);
    let used = 0;
    let cut = '';
    for (const ch of text) {
      const w = this.charWidth(ch);
      if (used + w > budget) break;
      used += w;
      cut += ch;
    }
    return { text: cut.trimEnd() + ELLIPSIS, size: minSize };
  }
}

export type Align = 'left' | 'right' | 'center';

/**
 * The text of one page, collected and written as one BT…ET block when the page is finished. Drawn last, so text
 * lies on top of the shading and rules drawn with pdf-lib's own calls.
 */
export class PageText {
  private readonly ops: PDFOperator[] = [beginText()];
  private readonly keys = new Map<GlyphFont, PDFName>();
  private currentKey: PDFName | undefined;
  private currentSize = 0;

  constructor(private readonly page: PDFPage) {}

  private keyOf(font: GlyphFont): PDFName {
    let key = this.keys.get(font);
    if (!key) {
      key = this.page.node.newFontDictionary(font.font.name, font.font.ref);
      this.keys.set(font, key);
    }
    return key;
  }

  /** Draws already fitted (or known to fit) text with its baseline at y. */
  draw(font: GlyphFont, fitted: FittedText, x: number, y: number, align: Align = 'left', boxWidth = 0): void {
    if (fitted.text.length === 0) return;
    const key = this.keyOf(font);
    if (key !== this.currentKey || fitted.size !== this.currentSize) {
      this.ops.push(setFontAndSize(key, fitted.size));
      this.currentKey = key;
      this.currentSize = fitted.size;
    }
    let left = x;
    if (align !== 'left') {
      const slack = boxWidth - font.width(fitted.text, fitted.size);
      left = align === 'right' ? x + slack : x + slack / 2;
    }
    this.ops.push(setTextMatrix(1, 0, 0, 1, r2(left), r2(y)), showText(font.hex(fitted.text)));
  }

  /** Fits and draws in one step, for texts drawn once per page. */
  put(
    font: GlyphFont,
    text: string,
    size: number,
    x: number,
    y: number,
    maxWidth: number,
    align: Align = 'left',
  ): void {
    this.draw(font, font.fit(text, size, maxWidth, Math.min(size, 6)), x, y, align, maxWidth);
  }

  finish(): void {
    this.ops.push(endText());
    this.page.pushOperators(...this.ops);
  }
}
