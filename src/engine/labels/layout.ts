// The courier-neutral 100×150 mm parcel label: where each piece of LabelData goes, in millimetres.
// Renderers only draw this model, so ZPL, PDF and JPG agree on every position.
import { badgeElements, type Band } from './badges';
import { LINE_HEIGHT, textFitter } from './fit';
import { formats } from '../../shared/format';
import type { Resources } from '../resources';
import type { LabelAddress, LabelData, LabelElement, LabelModel, TextAlign } from './types';

const IT = formats('it');
const WIDTH = 100;
const HEIGHT = 150;
const LEFT = 3;
const INNER = WIDTH - 2 * LEFT;
const RULE = 0.4;
/** Right column (parcel count, COD and insurance boxes) starts here; a vertical rule sits just left of it. */
const COLUMN_X = 62;
const COLUMN_W = WIDTH - LEFT - COLUMN_X;
/** Left of the vertical rule at COLUMN_X - 2, clear of its thickness. */
const LEFT_COLUMN_W = COLUMN_X - 2.6 - LEFT;

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
  return parts
    .map(clean)
    .filter((p) => p.length > 0)
    .join(' ');
}

/**
 * Bands from top to bottom, in mm. Each ends on a rule; the worst case (two-line names, every badge, several courier
 * lines, COD and insurance, a QR code) fits without two elements sharing a millimetre (test/unit/…/layout.test.ts).
 */
const HEADER_END = 13.2;
const SENDER_END = 31;
const RECIPIENT_END = 75;
/** Badges sit between the recipient and the routing: where the driver's eye goes after the address. */
const BADGES: Band = { x: LEFT, y: 75.8, w: INNER, h: 9.6 };
const BADGES_END = 86.2;
const ROUTING_END = 106;
const QR_SIZE = 21.4;
const BARCODE_Y = 128.6;

/**
 * Where the header's names and its caption start: a station reads the courier's and the service's names back from a
 * label this layout drew (zplHeader.ts), and knows the layout by the caption.
 */
export const HEADER_PLACES = {
  courier: { x: LEFT, y: 1.8 },
  service: { x: LEFT, y: 8.4 },
  caption: { x: WIDTH - LEFT - 32, y: 5.6, text: 'Spedizione' },
} as const;

function header(d: LabelData): LabelElement[] {
  const right = WIDTH - LEFT - 32;
  const { courier, service, caption } = HEADER_PLACES;
  return [
    text(courier.x, courier.y, 62, 6.6, clean(d.courierName), 5.6, { minSize: 3.5, bold: true }),
    text(service.x, service.y, 62, 4.4, clean(d.serviceName), 3.5, { minSize: 2.5 }),
    text(right, 1.8, 32, 3.6, `Data ${IT.date(d.date) ?? clean(d.date)}`, 3, { minSize: 2.2, align: 'right' }),
    text(caption.x, caption.y, 32, 2.8, caption.text, 2.3, { align: 'right' }),
    text(right, 8.4, 32, 4.4, clean(d.numSpedizione), 3.6, { minSize: 2.2, bold: true, align: 'right' }),
    hRule(HEADER_END),
  ];
}

function sender(s: LabelAddress): LabelElement[] {
  const w = LEFT_COLUMN_W;
  const phone = clean(s.phone) ? `Tel. ${clean(s.phone)}` : '';
  return [
    text(LEFT, 14, w, 2.8, 'Mittente', 2.3, { bold: true }),
    text(LEFT, 16.9, w, 3.6, clean(s.name), 3, { minSize: 2.2, bold: true }),
    text(LEFT, 20.6, w, 3.3, clean(s.addr), 2.7, { minSize: 2 }),
    text(LEFT, 23.9, w, 3.3, joinParts(s.cap, s.city, s.prov), 2.7, { minSize: 2 }),
    text(LEFT, 27.2, w, 3.3, joinParts(s.country, phone), 2.7, { minSize: 2 }),
  ];
}

function parcel(d: LabelData): LabelElement[] {
  return [
    vRule(COLUMN_X - 2, HEADER_END, SENDER_END),
    text(COLUMN_X, 14, COLUMN_W, 6.6, `Collo ${d.parcel.n}/${d.parcel.of}`, 5.5, {
      minSize: 3.5,
      bold: true,
      align: 'center',
    }),
    text(COLUMN_X, 21.2, COLUMN_W, 3.6, `Peso ${IT.kg(d.parcel.pesoKg)}`, 3, { minSize: 2.2, align: 'center' }),
    text(COLUMN_X, 25.6, COLUMN_W, 3.6, `Peso totale ${IT.kg(d.totalPesoKg)}`, 3, { minSize: 2.2, align: 'center' }),
    hRule(SENDER_END),
  ];
}

function recipient(r: LabelAddress): LabelElement[] {
  const elements: LabelElement[] = [
    text(LEFT, 31.8, INNER, 3, 'Destinatario', 2.5, { bold: true }),
    // Two lines of 5.5 mm fit: a long company name wraps before it drops to the minimum size.
    text(LEFT, 34.9, INNER, 12.9, clean(r.name), 6, { minSize: 3.5, bold: true }),
  ];
  // "c.a." names the person at a company; a private person's contact is their name, printed once.
  const contact = clean(r.contact);
  if (contact && contact.toLocaleLowerCase('it') !== clean(r.name).toLocaleLowerCase('it'))
    elements.push(text(LEFT, 48, INNER, 4.4, `c.a. ${contact}`, 3.6, { minSize: 2.5 }));
  const phone = clean(r.phone) ? `Tel. ${clean(r.phone)}` : '';
  elements.push(
    // The second line (c/o, scala, interno) on a line of its own, in the same box: both shrink before either wraps.
    text(LEFT, 52.6, INNER, 9.4, [clean(r.addr), clean(r.addr2 ?? '')].filter(Boolean).join('\n'), 4.2, { minSize: 3 }),
    text(LEFT, 62.2, INNER, 7.2, joinParts(r.cap, r.city, r.prov), 6, { minSize: 4, bold: true }),
    text(LEFT, 69.8, 30, 4.7, clean(r.country), 4, { minSize: 3, bold: true }),
    text(LEFT + 32, 69.8, INNER - 32, 4.7, phone, 3.8, { minSize: 2.5, align: 'right' }),
    hRule(RECIPIENT_END),
  );
  return elements;
}

interface Notice {
  caption: string;
  amount: string;
  /** A third line under the amount (how COD is collected); '' for none. */
  detail: string;
  /** Frame thickness: COD gets the thicker frame because the driver must not miss it. */
  thickness: number;
}

/** Box heights in mm: a notice with a detail line, one without, and one squeezed when the column is short. */
const NOTICE_H = { detailed: 11.4, plain: 9, compact: 7 } as const;
const NOTICE_GAP = 0.4;

/** A boxed notice in the right column: a small caption over a large amount, and the detail line if any. */
function notice(y: number, n: Notice, h: number): LabelElement[] {
  const elements: LabelElement[] = [{ kind: 'box', x: COLUMN_X, y, w: COLUMN_W, h, thickness: n.thickness }];
  // Inside the thickest (0.8 mm) frame, so no letter ever touches it.
  const inner = { x: COLUMN_X + 1, w: COLUMN_W - 2 };
  if (h === NOTICE_H.compact) {
    elements.push(
      text(inner.x, y + 0.7, inner.w, 2.4, n.caption, 2, { bold: true, align: 'center' }),
      text(inner.x, y + 3.1, inner.w, 3.2, n.amount, 2.8, { minSize: 2.2, bold: true, align: 'center' }),
    );
    return elements;
  }
  elements.push(
    text(inner.x, y + 0.9, inner.w, 2.6, n.caption, 2.2, { bold: true, align: 'center' }),
    text(inner.x, y + 3.5, inner.w, 4.6, n.amount, 4, { minSize: 2.5, bold: true, align: 'center' }),
  );
  if (n.detail)
    elements.push(text(inner.x, y + 8.1, inner.w, 2.4, n.detail, 2, { minSize: 1.6, bold: true, align: 'center' }));
  return elements;
}

/**
 * The notices stacked from the top of the right column. When COD (with its collection line) and insurance do not
 * both fit at full height above the routing band's rule, the insurance box is the one that gets squeezed.
 */
function notices(list: Notice[], top: number): LabelElement[] {
  const heights: number[] = list.map((n) => (n.detail ? NOTICE_H.detailed : NOTICE_H.plain));
  const room = ROUTING_END - RULE - top - 0.5;
  const total = () => heights.reduce((a, b) => a + b + NOTICE_GAP, -NOTICE_GAP);
  for (let i = heights.length - 1; i >= 0 && total() > room; i--) {
    if (!list[i]?.detail) heights[i] = NOTICE_H.compact;
  }
  let y = top + 0.5;
  return list.flatMap((n, i) => {
    const h = heights[i] ?? NOTICE_H.plain;
    const elements = notice(y, n, h);
    y += h + NOTICE_GAP;
    return elements;
  });
}

/** The routing band starts under the badges, or takes their place when there are none. */
function routing(d: LabelData, top: number): LabelElement[] {
  const currency = clean(d.valuta) || 'EUR';
  const codeH = ROUTING_END - top - 3.8;
  const elements: LabelElement[] = [
    text(LEFT, top + 0.8, LEFT_COLUMN_W, 2.8, 'Instradamento', 2.3, { bold: true }),
    // Sorters read the depot code from a distance: as large as the band allows.
    text(LEFT, top + 3.6, COLUMN_X - 3 - LEFT, codeH, clean(d.routing), Math.min(16, codeH / LINE_HEIGHT), {
      minSize: 7,
      bold: true,
      align: 'center',
    }),
    vRule(COLUMN_X - 2, top, ROUTING_END),
  ];
  const list: Notice[] = [];
  const amount = (value: number) => `${IT.amount(value)} ${currency}`;
  if (d.contrassegno > 0) {
    const detail = clean(d.codCollection);
    list.push({ caption: 'CONTRASSEGNO', amount: amount(d.contrassegno), detail, thickness: 0.8 });
  }
  if (d.valore > 0) list.push({ caption: 'ASSICURATA', amount: amount(d.valore), detail: '', thickness: 0.4 });
  elements.push(...notices(list, top), hRule(ROUTING_END));
  return elements;
}

function courierLineText(line: { label: string; value: string }): string {
  const [label, value] = [clean(line.label), clean(line.value)];
  return label && value ? `${label}: ${value}` : label || value;
}

/**
 * Courier lines, one paragraph each, in one column while they fit at their nominal size, else in two; each column
 * is one text element, so fit.ts shrinks and wraps its lines together and never drops one. `h` is the most they
 * may take; one column takes only the height of its lines, so the note follows right under them.
 */
function courierLines(d: LabelData, y: number, w: number, h: number): LabelElement[] {
  const lines = d.courierLines.map(courierLineText).filter((l) => l !== '');
  if (lines.length === 0) return [];
  const size = 2.8;
  const opts = { minSize: 2.2 };
  const pitch = size * LINE_HEIGHT;
  if (lines.length <= Math.floor(h / pitch))
    return [text(LEFT, y, w, lines.length * pitch, lines.join('\n'), size, opts)];
  const half = Math.ceil(lines.length / 2);
  const colW = (w - 2) / 2;
  return [
    text(LEFT, y, colW, h, lines.slice(0, half).join('\n'), size, opts),
    text(LEFT + colW + 2, y, colW, h, lines.slice(half).join('\n'), size, opts),
  ];
}

/** References, courier lines and the note on the left; the QR code, when there is one, in the right corner. */
function references(d: LabelData, qr: string): LabelElement[] {
  const qrX = WIDTH - LEFT - QR_SIZE;
  const w = qr ? qrX - 1.6 - LEFT : INNER;
  const elements: LabelElement[] = [
    text(LEFT, ROUTING_END + 0.8, 30, 3.6, `DDT ${d.ddtNum}`, 3, { minSize: 2.2, bold: true }),
    text(LEFT + 31, ROUTING_END + 0.8, w - 31, 3.6, clean(d.ddtAlpha) ? `Rif. ${clean(d.ddtAlpha)}` : '', 3, {
      minSize: 2.2,
    }),
  ];
  const top = ROUTING_END + 4.8;
  const bottom = BARCODE_Y - 0.8;
  const note = clean(d.note);
  // Two lines of the note always stay free below the courier lines.
  const lines = courierLines(d, top, w, note ? bottom - top - 6.4 : bottom - top);
  elements.push(...lines);
  if (note) {
    const noteY = Math.max(top, ...lines.map((l) => (l.kind === 'text' ? l.y + l.h + 0.4 : top)));
    elements.push(text(LEFT, noteY, w, bottom - noteY, `Note: ${note}`, 3, { minSize: 2.2 }));
  }
  if (qr) elements.push({ kind: 'qr', x: qrX, y: ROUTING_END + 0.4, size: QR_SIZE, data: qr });
  return elements;
}

/**
 * The 2D code carries the tracking link. Links are ASCII; anything else is percent-encoded as UTF-8, the spelling
 * a browser uses for the same link, so the code always encodes and a phone still opens the right page.
 */
function qrData(value: string): string {
  const trimmed = value.trim();
  return trimmed.replace(/[^\x20-\x7e]/gu, (ch) =>
    [...new TextEncoder().encode(ch)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

export function buildLabelModel(resources: Resources, data: LabelData): LabelModel {
  const badges = badgeElements(textFitter(resources), data.badges, BADGES);
  const elements: LabelElement[] = [
    ...header(data),
    ...sender(data.sender),
    ...parcel(data),
    ...recipient(data.recipient),
    ...badges,
    ...routing(data, badges.length > 0 ? BADGES_END : RECIPIENT_END),
    ...references(data, qrData(data.qr)),
    // Last on purpose: a label cut short by a printer or a broken field loses its barcode, which tests notice.
    { kind: 'barcode', x: LEFT, y: BARCODE_Y, w: INNER, h: 19.6, data: data.parcel.barcode, humanReadable: true },
  ];
  // Optional fields (no phone, no reference) leave no empty element behind.
  return { widthMm: WIDTH, heightMm: HEIGHT, elements: elements.filter((e) => e.kind !== 'text' || e.text !== '') };
}
