// The courier-neutral 100×150 mm parcel label: where each piece of LabelData goes, in millimetres.
// Renderers only draw this model, so ZPL, PDF and JPG agree on every position.
import type { LabelAddress, LabelData, LabelElement, LabelModel, TextAlign } from './types';

const WIDTH = 100;
const HEIGHT = 150;
const LEFT = 3;
const INNER = WIDTH - 2 * LEFT;
const RULE = 0.4;
/** Right column (parcel count, COD and insurance boxes) starts here; a vertical rule sits just left of it. */
const COLUMN_X = 62;
const COLUMN_W = WIDTH - LEFT - COLUMN_X;

interface TextOptions {
  minSize?: number;
  bold?: boolean;
  align?: TextAlign;
}

function text(
  x: number,
  y: number,
  w: number,
  h: number,
  value: string,
  size: number,
  opts: TextOptions = {},
): LabelElement {
  return { kind: 'text', x, y, w, h, text: value, size, ...opts };
}

function hRule(y: number): LabelElement {
  return { kind: 'line', x1: 2, y1: y, x2: WIDTH - 2, y2: y, thickness: RULE };
}

function vRule(x: number, y1: number, y2: number): LabelElement {
  return { kind: 'line', x1: x, y1, x2: x, y2, thickness: RULE };
}

/** User text arrives from forms and shop systems: line breaks and tabs would only break the layout. */
function clean(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function joinParts(...parts: string[]): string {
  return parts.map(clean).filter((p) => p.length > 0).join(' ');
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Italian money: thousands with '.', two decimals after ','. Done by hand so output never depends on ICU data. */
export function formatAmount(value: number): string {
  const [whole = '0', decimals = '00'] = Math.abs(value).toFixed(2).split('.');
  return `${value < 0 ? '-' : ''}${groupThousands(whole)},${decimals}`;
}

/** Weights keep up to grams (3 decimals) but never print trailing zeros past the first decimal. */
export function formatKg(value: number): string {
  const fixed = value.toFixed(3).replace(/0{1,2}$/, '');
  return `${fixed.replace('.', ',')} kg`;
}

/** `YYYY-MM-DD` → `DD/MM/YYYY`, the way Italian couriers print dates; anything else is printed as given. */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim());
  return m ? `${m[3]}/${m[2]}/${m[1]}` : clean(iso);
}

function header(d: LabelData): LabelElement[] {
  const right = WIDTH - LEFT - 32;
  return [
    text(LEFT, 2.5, 62, 7.5, clean(d.courierName), 6.5, { minSize: 4, bold: true }),
    text(LEFT, 10.3, 62, 5, clean(d.serviceName), 3.8, { minSize: 2.5 }),
    text(right, 2.8, 32, 4, `Data ${formatDate(d.date)}`, 3, { minSize: 2.2, align: 'right' }),
    text(right, 7.2, 32, 3, 'Spedizione', 2.3, { align: 'right' }),
    text(right, 10.3, 32, 5, clean(d.numSpedizione), 3.8, { minSize: 2.2, bold: true, align: 'right' }),
    hRule(17),
  ];
}

function sender(s: LabelAddress): LabelElement[] {
  const w = COLUMN_X - 2 - LEFT;
  const phone = clean(s.phone) ? `Tel. ${clean(s.phone)}` : '';
  return [
    text(LEFT, 18.2, w, 3, 'Mittente', 2.3, { bold: true }),
    text(LEFT, 21.2, w, 3.6, clean(s.name), 3, { minSize: 2.2, bold: true }),
    text(LEFT, 24.8, w, 3.4, clean(s.addr), 2.7, { minSize: 2 }),
    text(LEFT, 28.2, w, 3.4, joinParts(s.cap, s.city, s.prov), 2.7, { minSize: 2 }),
    text(LEFT, 31.6, w, 3.4, joinParts(s.country, phone), 2.7, { minSize: 2 }),
  ];
}

function parcel(d: LabelData): LabelElement[] {
  return [
    vRule(COLUMN_X - 2, 17, 36),
    text(COLUMN_X, 18.2, COLUMN_W, 7, `Collo ${d.parcel.n}/${d.parcel.of}`, 5.5, {
      minSize: 3.5,
      bold: true,
      align: 'center',
    }),
    text(COLUMN_X, 26, COLUMN_W, 3.8, `Peso ${formatKg(d.parcel.pesoKg)}`, 3, { minSize: 2.2, align: 'center' }),
    text(COLUMN_X, 30.8, COLUMN_W, 3.8, `Peso totale ${formatKg(d.totalPesoKg)}`, 3, { minSize: 2.2, align: 'center' }),
    hRule(36),
  ];
}

function recipient(r: LabelAddress): LabelElement[] {
  const elements: LabelElement[] = [
    text(LEFT, 37.2, INNER, 3.2, 'Destinatario', 2.5, { bold: true }),
    // Two lines of 5.5 mm fit: a long company name wraps before it drops to the minimum size.
    text(LEFT, 40.5, INNER, 13, clean(r.name), 6, { minSize: 3.5, bold: true }),
  ];
  if (clean(r.contact)) elements.push(text(LEFT, 54, INNER, 5, `c.a. ${clean(r.contact)}`, 4, { minSize: 2.5 }));
  const phone = clean(r.phone) ? `Tel. ${clean(r.phone)}` : '';
  elements.push(
    text(LEFT, 59.5, INNER, 10.6, clean(r.addr), 4.5, { minSize: 3 }),
    text(LEFT, 70.5, INNER, 8, joinParts(r.cap, r.city, r.prov), 6.5, { minSize: 4, bold: true }),
    text(LEFT, 79, 30, 5, clean(r.country), 4.2, { minSize: 3, bold: true }),
    text(LEFT + 32, 79, INNER - 32, 5, phone, 4, { minSize: 2.5, align: 'right' }),
    hRule(85),
  );
  return elements;
}

/** A boxed notice in the right column: a small caption over a large amount. */
function notice(y: number, caption: string, amount: string, thickness: number): LabelElement[] {
  return [
    { kind: 'box', x: COLUMN_X, y, w: COLUMN_W, h: 10.5, thickness },
    text(COLUMN_X + 1, y + 0.9, COLUMN_W - 2, 3.2, caption, 2.6, { bold: true, align: 'center' }),
    text(COLUMN_X + 1, y + 4.3, COLUMN_W - 2, 5.6, amount, 4.6, { minSize: 2.5, bold: true, align: 'center' }),
  ];
}

function routing(d: LabelData): LabelElement[] {
  const currency = clean(d.valuta) || 'EUR';
  const elements: LabelElement[] = [
    text(LEFT, 86.2, COLUMN_X - 2 - LEFT, 3, 'Instradamento', 2.3, { bold: true }),
    // Sorters read the depot code from a distance: as large as the band allows.
    text(LEFT, 89.5, COLUMN_X - 3 - LEFT, 19.5, clean(d.routing), 16, { minSize: 7, bold: true, align: 'center' }),
    vRule(COLUMN_X - 2, 85, 110.5),
  ];
  // Stacked from the top of the column; COD gets the thicker frame because the driver must not miss it.
  const notices: Array<{ caption: string; amount: number; thickness: number }> = [];
  if (d.contrassegno > 0) notices.push({ caption: 'CONTRASSEGNO', amount: d.contrassegno, thickness: 0.8 });
  if (d.valore > 0) notices.push({ caption: 'ASSICURATA', amount: d.valore, thickness: 0.4 });
  notices.forEach((n, i) => {
    elements.push(...notice(86.8 + i * 12.2, n.caption, `${formatAmount(n.amount)} ${currency}`, n.thickness));
  });
  elements.push(hRule(110.5));
  return elements;
}

function references(d: LabelData): LabelElement[] {
  const elements: LabelElement[] = [
    text(LEFT, 111.6, 34, 4, `DDT ${d.ddtNum}`, 3, { minSize: 2.2, bold: true }),
    text(LEFT + 35, 111.6, INNER - 35, 4, clean(d.ddtAlpha) ? `Rif. ${clean(d.ddtAlpha)}` : '', 3, { minSize: 2.2 }),
  ];
  if (clean(d.note)) elements.push(text(LEFT, 115.8, INNER, 7.8, `Note: ${clean(d.note)}`, 3, { minSize: 2.2 }));
  elements.push(hRule(123.8));
  return elements;
}

export function buildLabelModel(data: LabelData): LabelModel {
  const elements: LabelElement[] = [
    ...header(data),
    ...sender(data.sender),
    ...parcel(data),
    ...recipient(data.recipient),
    ...routing(data),
    ...references(data),
    // Last on purpose: a label cut short by a printer or a broken field loses its barcode, which tests notice.
    { kind: 'barcode', x: LEFT, y: 125.5, w: INNER, h: 21.5, data: data.parcel.barcode, humanReadable: true },
  ];
  // Optional fields (no phone, no reference) leave no empty element behind.
  return { widthMm: WIDTH, heightMm: HEIGHT, elements: elements.filter((e) => e.kind !== 'text' || e.text !== '') };
}
