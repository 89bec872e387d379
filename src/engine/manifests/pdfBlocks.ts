// The manifest page's fixed blocks and geometry: the page header (title, sender, the page's barcode), the signature
// boxes, the summary's rows and the empty manifest's notice. pdf.ts walks the pages and decides where each goes.
import { grayscale, type PDFPage } from 'pdf-lib';
import { BAR_HEIGHT_PT, drawCode128 } from './pdfBarcode';
import { type Align, type GlyphFont, type PageText } from './pdfText';
import { formatGrams, formatMoneyTotals, type Totals } from './summary';
import { BODY_SIZE, CELL_PADDING, TABLE_WIDTH } from './tableLayout';
import type { ManifestData } from './types';
import { formats } from '../../shared/format';

const IT = formats('it');

export const PAGE_W = 841.89;
export const PAGE_H = 595.28;
export const LEFT = (PAGE_W - TABLE_WIDTH) / 2;
export const RIGHT = LEFT + TABLE_WIDTH;
const TOP = PAGE_H - 28;
export const HEADER_BOTTOM = TOP - 56;
export const CONTENT_BOTTOM = 36;
export const ROW_H = 13;
export const ROW_BASELINE = 9.4;
export const SIGN_GAP = 12;
export const SIGN_H = 104;
const SENDER_X = LEFT + 340;
/** The barcode's box, quiet zones included: 200 pt (70 mm) holds "DIST" with a ten-digit id at 0.25 mm a module. */
const BARCODE_X = RIGHT - 200;

export const TITLE = 'Distinta di consegna al corriere';

export interface Fonts {
  regular: GlyphFont;
  bold: GlyphFont;
}

export interface PageSlot {
  page: PDFPage;
  text: PageText;
  /** What the page belongs to: a courier's name, or the summary. Pages are counted within it. */
  part: string;
}

export function drawPageHeader({ page, text }: PageSlot, { regular, bold }: Fonts, data: ManifestData, code: string) {
  const leftW = SENDER_X - LEFT - 12;
  text.put(bold, TITLE, 15, LEFT, TOP - 14, leftW);
  const when = IT.dateTime(data.createdAt) ?? data.createdAt;
  text.put(bold, `Distinta n. ${data.manifestId} del ${when}`, 11, LEFT, TOP - 31, leftW);
  const clients = data.clientIds.length > 0 ? data.clientIds.join(', ') : '—';
  text.put(regular, `${data.clientIds.length === 1 ? 'Cliente' : 'Clienti'}: ${clients}`, 9, LEFT, TOP - 45, leftW);

  const s = data.sender;
  const senderW = BARCODE_X - SENDER_X - 8;
  const place = [s.cap, s.city, s.prov ? `(${s.prov})` : ''].filter((p) => p.trim() !== '').join(' ');
  text.put(bold, 'Mittente', 7.5, SENDER_X, TOP - 8, senderW);
  text.put(bold, s.name, 10, SENDER_X, TOP - 21, senderW);
  text.put(regular, s.addr, 9, SENDER_X, TOP - 33, senderW);
  text.put(regular, s.country ? `${place} – ${s.country}` : place, 9, SENDER_X, TOP - 45, senderW);

  const bars = drawCode128(page, code, BARCODE_X, RIGHT - BARCODE_X, TOP);
  text.put(regular, code, 9, bars.x, TOP - BAR_HEIGHT_PT - 9.5, bars.width, 'center');
  page.drawLine({ start: { x: LEFT, y: HEADER_BOTTOM }, end: { x: RIGHT, y: HEADER_BOTTOM }, thickness: 0.8 });
}

/** Sender's and driver's boxes side by side, their tops at `top`. */
export function drawSignatureBoxes(slot: PageSlot, fonts: Fonts, top: number): void {
  const boxW = (TABLE_WIDTH - 16) / 2;
  signatureCell(slot, fonts, LEFT, top, boxW, 'Firma del mittente');
  signatureCell(slot, fonts, LEFT + boxW + 16, top, boxW, "Firma dell'autista / ritiro");
}

function signatureCell({ page, text }: PageSlot, fonts: Fonts, x: number, top: number, w: number, title: string) {
  page.drawRectangle({ x, y: top - SIGN_H, width: w, height: SIGN_H, borderColor: grayscale(0), borderWidth: 0.8 });
  text.put(fonts.bold, title, 9.5, x + 8, top - 15, w - 16);
  const line = (label: string, lx: number, y: number, from: number, to: number): void => {
    text.put(fonts.regular, label, 8.5, lx, y, from - lx - 4);
    page.drawLine({ start: { x: from, y: y - 1.5 }, end: { x: to, y: y - 1.5 }, thickness: 0.5 });
  };
  line('Nome e cognome', x + 8, top - 40, x + 92, x + w - 10);
  line('Data', x + 8, top - 64, x + 92, x + 200);
  line('Ora', x + 214, top - 64, x + 238, x + w - 10);
  line('Firma', x + 8, top - 90, x + 92, x + w - 10);
}

export interface SummaryColumn {
  heading: string;
  width: number;
  align: Align;
}

/** The summary page's table: every courier's totals and the manifest's, one line each. */
export const SUMMARY_COLUMNS: readonly SummaryColumn[] = [
  { heading: 'Corriere', width: 330, align: 'left' },
  { heading: 'Spedizioni', width: 90, align: 'right' },
  { heading: 'Colli', width: 80, align: 'right' },
  { heading: 'Peso kg', width: 100, align: 'right' },
  { heading: 'Contrassegno', width: 186, align: 'right' },
];

export const SUMMARY_X: readonly number[] = SUMMARY_COLUMNS.reduce<number[]>((xs, c, i) => {
  xs.push(i === 0 ? 0 : (xs[i - 1] ?? 0) + (SUMMARY_COLUMNS[i - 1]?.width ?? 0));
  return xs;
}, []);

/** One line of the summary, its top at `top`. */
export function drawSummaryRow(
  { page, text }: PageSlot,
  font: GlyphFont,
  top: number,
  label: string,
  t: Totals,
  shaded: boolean,
): void {
  if (shaded)
    page.drawRectangle({ x: LEFT, y: top - ROW_H, width: TABLE_WIDTH, height: ROW_H, color: grayscale(0.95) });
  const cells = [
    label,
    IT.integer(t.spedizioni),
    IT.integer(t.colli),
    formatGrams(t.pesoGrams),
    formatMoneyTotals(t.contrassegnoCents).join(' + '),
  ];
  SUMMARY_COLUMNS.forEach((col, i) => {
    const w = col.width - 2 * CELL_PADDING;
    const fitted = font.fit(cells[i] ?? '', BODY_SIZE, w, 6.5);
    text.draw(font, fitted, LEFT + (SUMMARY_X[i] ?? 0) + CELL_PADDING, top - ROW_BASELINE, col.align, w);
  });
}

export function drawEmptyNotice({ text }: PageSlot, fonts: Fonts): void {
  const mid = (HEADER_BOTTOM + CONTENT_BOTTOM) / 2;
  text.put(fonts.bold, 'Nessuna spedizione in questa distinta.', 14, LEFT, mid + 8, TABLE_WIDTH, 'center');
  const why = 'Non ci sono spedizioni confermate da consegnare al corriere.';
  text.put(fonts.regular, why, 10, LEFT, mid - 10, TABLE_WIDTH, 'center');
}
