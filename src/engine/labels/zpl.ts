// ZPL II for Zebra-compatible thermal printers: the label model scaled from millimetres to dots at 203 or 300 dpi,
// text in the printer's scalable font 0 (UTF-8 via ^CI28), Code 128 and QR drawn by the printer itself (^BC, ^BQ).
import { barcodeAreas, code128Pattern, MM_PER_INCH, placeBarcode, type BarcodeElement } from './barcode';
import { LINE_HEIGHT, textFitter, type TextElement, type TextFitter } from './fit';
import type { Resources } from '../resources';
import { placeQr, QR_ERROR_CORRECTION, qrModules, type QrElement } from './qr';
import type { LabelElement, LabelModel } from './types';

export type ZplDpi = 203 | 300;

/**
 * Field data goes through ^FH so user text cannot start a command: ^ and ~ (and the ^FH indicator _ itself) become
 * hex escapes. Non-ASCII stays as UTF-8 text, which ^CI28 prints.
 */
function escapeFieldData(value: string): string {
  return value.replace(/[_^~]/g, (ch) => `_${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Inside ^FB, `\&` is a line break and `\\` one backslash (ZPL II manual, ^FB special characters). */
function escapeBlockText(value: string): string {
  return escapeFieldData(value).replace(/\\/g, '\\\\');
}

class Dots {
  readonly perMm: number;

  constructor(dpi: ZplDpi) {
    this.perMm = dpi / MM_PER_INCH;
  }

  /** Millimetres to whole dots: every position scales with the dpi, so the layout never moves. */
  of(mm: number): number {
    return Math.round(mm * this.perMm);
  }
}

function textField(el: TextElement, d: Dots, fitter: TextFitter): string {
  const fitted = fitter.fitText(el);
  if (fitted.lines.length === 0) return '';
  const height = Math.max(1, d.of(fitted.size));
  // ^FB's spacing is added to the font height; keep the same line pitch as PDF and JPG.
  const spacing = d.of(fitted.size * LINE_HEIGHT) - height;
  const justify = el.align === 'center' ? 'C' : el.align === 'right' ? 'R' : 'L';
  const data = fitted.lines.map(escapeBlockText).join('\\&');
  // ^FR prints the field white where it lies on black: the filled box the layout put under a reversed text.
  return (
    `^FO${d.of(el.x)},${d.of(el.y)}^A0N,${height},${height}` +
    `^FB${d.of(el.w)},${fitted.lines.length},${spacing},${justify},0${el.reverse ? '^FR' : ''}^FH_^FD${data}^FS`
  );
}

function lineField(el: Extract<LabelElement, { kind: 'line' }>, d: Dots): string {
  const t = Math.max(1, d.of(el.thickness));
  const x = d.of(Math.min(el.x1, el.x2));
  const y = d.of(Math.min(el.y1, el.y2));
  const w = d.of(Math.abs(el.x2 - el.x1));
  const h = d.of(Math.abs(el.y2 - el.y1));
  if (h === 0) return `^FO${x},${y - Math.floor(t / 2)}^GB${Math.max(w, t)},${t},${t}^FS`;
  if (w === 0) return `^FO${x - Math.floor(t / 2)},${y}^GB${t},${Math.max(h, t)},${t}^FS`;
  // ^GD leans right ("/") when x grows while y shrinks, left ("\") when both grow.
  const leansLeft = (el.x2 - el.x1) * (el.y2 - el.y1) > 0;
  return `^FO${x},${y}^GD${w},${h},${t},B,${leansLeft ? 'L' : 'R'}^FS`;
}

function boxField(el: Extract<LabelElement, { kind: 'box' }>, d: Dots): string {
  const w = Math.max(1, d.of(el.w));
  const h = Math.max(1, d.of(el.h));
  const t = el.fill ? Math.min(w, h) : Math.max(1, d.of(el.thickness));
  return `^FO${d.of(el.x)},${d.of(el.y)}^GB${w},${h},${t}^FS`;
}

function barcodeField(el: BarcodeElement, d: Dots, fitter: TextFitter): string {
  const areas = barcodeAreas(el);
  // The module width comes from the symbol's length (barcode.ts). ^BC's automatic mode (A) also picks the most compact
  // code sets, so the printer's symbol has about that length; the quiet zones absorb a difference of a symbol.
  const { modules } = code128Pattern(el.data);
  const place = placeBarcode(modules, areas.bars.x, areas.bars.w, d.perMm);
  const h = d.of(areas.bars.h);
  const bars =
    `^FO${place.xDots},${d.of(areas.bars.y)}^BY${place.moduleDots},3,${h}` +
    `^BCN,${h},N,N,N,A^FH_^FD${escapeFieldData(el.data)}^FS`;
  return areas.text ? bars + '\n' + textField(areas.text, d, fitter) : bars;
}

/**
 * Zebra firmware moves a ^FO-placed ^BQ down by the current ^BY bar height (10 dots unless changed, the well-known
 * "QR prints 10 dots low"). The Code 128 field sets its own ^BY height, so the height is pinned here and the origin
 * raised by it: the symbol lands where placeQr put it whatever field came before.
 */
const QR_BY_HEIGHT = 10;

function qrField(el: QrElement, d: Dots): string {
  // The printer encodes the symbol; only its size is needed, to choose the magnification and centre it.
  const place = placeQr(qrModules(el.data), el, d.perMm);
  return (
    `^BY2,3,${QR_BY_HEIGHT}^FO${place.xDots},${place.yDots - QR_BY_HEIGHT}^BQN,2,${place.moduleDots}` +
    `^FH_^FD${QR_ERROR_CORRECTION}A,${escapeFieldData(el.data)}^FS`
  );
}

function field(el: LabelElement, d: Dots, fitter: TextFitter): string {
  switch (el.kind) {
    case 'text':
      return textField(el, d, fitter);
    case 'line':
      return lineField(el, d);
    case 'box':
      return boxField(el, d);
    case 'barcode':
      return barcodeField(el, d, fitter);
    case 'qr':
      return qrField(el, d);
  }
}

/** A UTF-16 surrogate without its pair: legal in a request's JSON (`"\\ud800"`), with no UTF-8 of its own. */
const LONE_SURROGATE = /\p{Cs}/gu;

export function renderZpl(resources: Resources, model: LabelModel, dpi: ZplDpi): string {
  const d = new Dots(dpi);
  const fitter = textFitter(resources);
  const fields = model.elements.map((el) => field(el, d, fitter)).filter((f) => f !== '');
  const setup = ['^XA', '^CI28', `^PW${d.of(model.widthMm)}`, `^LL${d.of(model.heightMm)}`, '^LH0,0'];
  // The label is UTF-8 (^CI28), stored and printed as its bytes, where a lone surrogate becomes U+FFFD: written so
  // here, the text a create answers is the label GET Shipment reads back.
  return [...setup, ...fields, '^XZ', ''].join('\n').replace(LONE_SURROGATE, '\uFFFD');
}
