// The packing slip as a receipt printer's bytes, in Italian, for Epson (ESC/POS) or Star (Star Line Mode):
// node-thermal-printer builds the commands (init, code page, sizes, barcode, feed and cut), the text is laid out here
// to the paper's width and encoded by ./cp1252, and nothing is sent from here: the spooler's transports do that.
import { createRequire } from 'node:module';
import type { ThermalPrinter } from 'node-thermal-printer';
import type { PackingSlip, ReceiptModel } from '../../shared/domain/packingSlip';
import { SLIP_BARCODE_PATTERN } from '../../shared/domain/packingSlip';
import { formats } from '../../shared/format';
import { cp1252Bytes, printableText } from './cp1252';

export interface PackingSlipOptions {
  /** Characters per line in the printer's normal font: 48 on 80 mm paper (42 on some models), 32 on 58 mm. */
  width?: number;
}

export const DEFAULT_SLIP_WIDTH = 48;
const MIN_WIDTH = 24;
const MAX_WIDTH = 64;

export const SLIP_TITLE = 'DISTINTA DI IMBALLO';
export const COD_TITLE = 'CONTRASSEGNO';
/** Said in place of bars wider than the paper, or of a value Code 128 cannot carry; short enough for a 58 mm roll. */
export const BARCODE_TOO_LONG = 'Codice a barre troppo lungo';
export const BARCODE_NOT_PRINTABLE = 'Codice a barre non stampabile';

/** Font A is 12 dots wide on both makers' 203 dpi printers: the columns give the printable width in dots. */
const DOTS_PER_COLUMN = 12;
const BARCODE_HEIGHT_DOTS = 96;
/** Module widths tried widest first: wide bars scan best, narrower ones let a long waybill fit the paper. */
const MODULE_DOTS = [3, 2] as const;
const STAR_MODULE = { 2: 'SMALL', 3: 'MEDIUM' } as const;
/** Epson HRI below the bars (GS H 2); Star "text under the bars, then a line feed" (ESC b n2 = 2). */
const EPSON_HRI_BELOW = 2;
const STAR_TEXT_BELOW = 2;
const EPSON_CODE128 = 73;
/** The quantity column: room for "1000" or "2,5" right-aligned, then a space. */
const QTY_COLUMN = 5;
/**
 * Items a slip lists one by one: an order of more (up to the 500 an order may have) prints the first SLIP_SHOWN and a
 * summary line, so a slip stays a slip and never a roll; the picking list of a big order is the shop's own document.
 */
export const SLIP_MAX_ITEMS = 60;
export const SLIP_SHOWN_ITEMS = 50;
export const moreItemsText = (lines: number, pieces: string) => `… e altre ${lines} righe, ${pieces} pezzi in tutto`;

const italian = formats('it');

type ThermalPrinterLibrary = typeof import('node-thermal-printer');
let library: ThermalPrinterLibrary | undefined;

/**
 * node-thermal-printer required with the first slip, not with the station: with the PNG and code-page libraries it
 * loads, about 0.1 s of every start, for a printer many benches do not have. A require, not import(), because making
 * a slip is synchronous (the spooler queues it in the same call).
 */
function thermalPrinterLibrary(): ThermalPrinterLibrary {
  return (library ??= createRequire(import.meta.url)('node-thermal-printer') as ThermalPrinterLibrary);
}

/** `initHardware` (ESC @) is there at run time in 4.6.1, only missing from the package's type declarations. */
type Printer = ThermalPrinter & { initHardware(): void };

/** Text wrapped at word boundaries to `width` columns; a word longer than a line is cut where the line ends. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = printableText(text)
    .split(' ')
    .filter((w) => w !== '');
  for (const word of words) {
    let rest = word;
    if (line !== '' && line.length + 1 + rest.length <= width) {
      line += ` ${rest}`;
      continue;
    }
    if (line !== '') lines.push(line);
    while (rest.length > width) {
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    line = rest;
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * Code 128's width in modules for `length` characters of set B: start, data and check symbols of 11 modules each and
 * the 13-module stop; the quiet zones are the paper's own margins.
 */
const code128Modules = (length: number): number => (length + 2) * 11 + 13;

class SlipWriter {
  readonly printer: Printer;

  constructor(
    readonly model: ReceiptModel,
    readonly width: number,
  ) {
    const { CharacterSet, PrinterTypes, ThermalPrinter } = thermalPrinterLibrary();
    // The interface is required by the constructor and never used: nothing here executes or connects.
    this.printer = new ThermalPrinter({
      type: model === 'star' ? PrinterTypes.STAR : PrinterTypes.EPSON,
      interface: 'tcp://127.0.0.1:9',
      width,
    }) as Printer;
    // ESC @ first: it resets the code page, so a page selected before it (the library's `characterSet` option puts
    // its selection at the very start of the buffer) would be undone and the accents print from page 0.
    this.printer.initHardware();
    this.printer.setCharacterSet(CharacterSet.WPC1252);
  }

  line(text = '') {
    if (text !== '') this.printer.add(cp1252Bytes(text));
    this.printer.newLine();
  }

  wrapped(text: string, indent = 0) {
    for (const line of wrap(text, this.width - indent)) this.line(' '.repeat(indent) + line);
  }

  /** `left` and `right` on one line when they fit with a space between, else one under the other. */
  leftRight(left: string, right: string) {
    const [l, r] = [printableText(left), printableText(right)];
    if (r === '') this.wrapped(l);
    else if (l.length + 1 + r.length <= this.width) this.line(l + ' '.repeat(this.width - l.length - r.length) + r);
    else {
      this.wrapped(l);
      this.wrapped(r);
    }
  }

  rule() {
    this.line('-'.repeat(this.width));
  }

  title(text: string) {
    this.printer.alignCenter();
    // Double width only when the title fits the halved line; the printer would break it anywhere otherwise.
    if (printableText(text).length <= Math.floor(this.width / 2)) this.printer.setTextQuadArea();
    else this.printer.setTextDoubleHeight();
    this.printer.bold(true);
    this.line(text);
    this.printer.bold(false);
    this.printer.setTextNormal();
    this.printer.alignLeft();
  }

  bold(text: string) {
    this.printer.bold(true);
    this.wrapped(text);
    this.printer.bold(false);
  }

  /** The value as Code 128 with its text under the bars, centred; a line saying why when it cannot be printed. */
  barcode(value: string) {
    if (!SLIP_BARCODE_PATTERN.test(value)) return this.wrapped(BARCODE_NOT_PRINTABLE);
    const modules = code128Modules(value.length);
    const dots = MODULE_DOTS.find((d) => modules * d <= this.width * DOTS_PER_COLUMN);
    if (dots === undefined) return this.wrapped(BARCODE_TOO_LONG);
    this.printer.alignCenter();
    if (this.model === 'star') {
      // Star Line Mode reads "%" as its escape in Code 128 data: a literal one is sent as "%0".
      this.printer.code128(value.replaceAll('%', '%0'), {
        width: STAR_MODULE[dots],
        height: BARCODE_HEIGHT_DOTS,
        text: STAR_TEXT_BELOW,
      });
    } else {
      // Epson's GS k 73 reads "{" as a code-set switch: a literal one is sent as "{{". The library selects set B.
      this.printer.printBarcode(value.replaceAll('{', '{{'), EPSON_CODE128, {
        hriPos: EPSON_HRI_BELOW,
        hriFont: 0,
        width: dots,
        height: BARCODE_HEIGHT_DOTS,
      });
      this.printer.newLine();
    }
    this.printer.alignLeft();
  }

  /** Feeds the last line past the cutter, cuts, and leaves the printer as it found it (ESC @). */
  cut() {
    // Epson: ESC d 4 (the library's "vertical tab") then GS V 0. Star: ESC d 2 feeds to the cutter by itself.
    this.printer.cut({ verticalTabAmount: this.model === 'star' ? 0 : 1 });
  }

  bytes(): Buffer {
    return Buffer.from(this.printer.getBuffer());
  }
}

const quantity = (qty: number): string => italian.number(qty, 3);

function cityLine(r: PackingSlip['recipient']): string {
  const prov = r.prov.trim() === '' ? '' : ` (${r.prov.trim()})`;
  return `${r.cap} ${r.city}${prov}`.trim();
}

/**
 * The slip's bytes for a receipt printer: title, order and date, the cash to collect, sender and recipient, the lines
 * (quantity, description, code), parcels and weight, courier and waybill with its barcode, the note; then feed and cut.
 */
export function packingSlipBytes(slip: PackingSlip, model: ReceiptModel, options: PackingSlipOptions = {}): Buffer {
  const width = options.width ?? DEFAULT_SLIP_WIDTH;
  if (!Number.isInteger(width) || width < MIN_WIDTH || width > MAX_WIDTH)
    throw new RangeError(`larghezza della distinta fuori intervallo: ${width} (${MIN_WIDTH}-${MAX_WIDTH} caratteri)`);
  const w = new SlipWriter(model, width);

  w.title(SLIP_TITLE);
  w.line();
  w.leftRight(`Ordine: ${slip.orderRef}`, `Data: ${italian.date(slip.date) ?? slip.date}`);
  w.rule();
  if (slip.cod) {
    // The first thing the packer reads after the order: this parcel's courier collects cash.
    w.title(`${COD_TITLE} ${italian.money(slip.cod.amount)}`);
    w.wrapped(`Da incassare: ${slip.cod.collect}`);
    w.rule();
  }
  if (slip.sender?.trim()) w.wrapped(`Mittente: ${slip.sender}`);
  w.line('Destinatario:');
  const r = slip.recipient;
  w.printer.bold(true);
  w.wrapped(r.name, 2);
  w.printer.bold(false);
  for (const part of [r.addr, r.addr2 ?? '', cityLine(r), r.country.trim().toUpperCase() === 'IT' ? '' : r.country]) {
    if (part.trim() !== '') w.wrapped(part, 2);
  }
  w.rule();

  w.line(`${'Qtà'.padStart(QTY_COLUMN - 1)} Articolo`);
  w.rule();
  if (slip.lines.length === 0) w.line('(nessun articolo)');
  const shown = slip.lines.length > SLIP_MAX_ITEMS ? slip.lines.slice(0, SLIP_SHOWN_ITEMS) : slip.lines;
  for (const item of shown) {
    const qty = quantity(item.qty);
    const column = Math.max(QTY_COLUMN, qty.length + 1);
    const [first = '', ...rest] = wrap(item.description, width - column);
    w.line(`${qty.padStart(column - 1)} ${first}`);
    for (const line of rest) w.line(' '.repeat(column) + line);
    if (item.sku?.trim()) w.wrapped(`Cod. ${item.sku}`, column);
  }
  if (shown.length < slip.lines.length) {
    const pieces = slip.lines.reduce((sum, item) => sum + item.qty, 0);
    w.bold(moreItemsText(slip.lines.length - shown.length, quantity(pieces)));
  }
  w.rule();

  const weight = slip.weightKg === undefined ? '' : `Peso: ${italian.kg(slip.weightKg)}`;
  w.leftRight(`Colli: ${slip.parcels}`, weight);
  if (slip.courier.trim()) w.wrapped(`Corriere: ${slip.courier}`);
  w.bold(`Lettera di vettura: ${slip.waybill}`);
  w.line();
  w.barcode(slip.barcode);
  if (slip.note?.trim()) {
    w.line();
    const [first = '', ...more] = slip.note.trim().split(/\r?\n/);
    w.wrapped(`Note: ${first}`);
    for (const line of more) w.wrapped(line);
  }
  w.cut();
  return w.bytes();
}
