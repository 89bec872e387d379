// The manifest PDF (distinta di consegna) the driver signs at pickup: A4 landscape, one section per courier with its
// table, subtotals and signature box; page header and "Pagina X di Y" on every page. Same input, same bytes.
import { createHash } from 'node:crypto';
import fontkit from '@pdf-lib/fontkit';
import { grayscale, PDFDict, PDFDocument, PDFName, PDFString, type PDFPage } from 'pdf-lib';
import type { FontWeight, Resources } from '../resources';
import { GlyphFont, PageText } from './pdfText';
import {
  BODY_SIZE,
  CELL_PADDING,
  COL_COLLI,
  COL_CONTRASSEGNO,
  COL_PESO,
  COLUMN_X,
  COLUMNS,
  HEAD_SIZE,
  rowCells,
  subtotalCells,
  groupSubtotalCells,
  type SubtotalCells,
  TABLE_WIDTH,
} from './tableLayout';
import {
  courierSections,
  formatCents,
  formatMoneyTotals,
  grandTotals,
  pdfDate,
  type CourierSection,
  type Totals,
} from './summary';
import type { ManifestData } from './types';
import { formats } from '../../shared/format';

const IT = formats('it');

const PAGE_W = 841.89;
const PAGE_H = 595.28;
const LEFT = (PAGE_W - TABLE_WIDTH) / 2;
const RIGHT = LEFT + TABLE_WIDTH;
const TOP = PAGE_H - 28;
const HEADER_BOTTOM = TOP - 68;
const CONTENT_BOTTOM = 36;
const FOOTER_BASELINE = 20;
const ROW_H = 13;
const HEAD_ROW_H = 16;
const ROW_BASELINE = 9.4;
const SIGN_GAP = 12;
const SIGN_H = 104;
const SENDER_X = LEFT + 470;

const TITLE = 'Distinta di consegna al corriere';
const PRODUCER = 'shipping-station';

interface PageSlot {
  page: PDFPage;
  text: PageText;
}

/** Walks down the pages, starting a new page (with header) whenever the next block does not fit. */
class ManifestWriter {
  readonly pages: PageSlot[] = [];
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: GlyphFont,
    private readonly bold: GlyphFont,
    private readonly data: ManifestData,
    private readonly grandLine: string,
  ) {}

  private get slot(): PageSlot {
    const slot = this.pages[this.pages.length - 1];
    if (!slot) throw new Error('manifest writer: no page yet');
    return slot;
  }

  newPage(): void {
    const page = this.doc.addPage([PAGE_W, PAGE_H]);
    const slot = { page, text: new PageText(page) };
    this.pages.push(slot);
    this.drawPageHeader(slot);
    this.y = HEADER_BOTTOM - 8;
  }

  private drawPageHeader({ page, text }: PageSlot): void {
    const { data, regular, bold } = this;
    const leftW = SENDER_X - LEFT - 12;
    text.put(bold, TITLE, 15, LEFT, TOP - 14, leftW);
    text.put(
      bold,
      `Distinta n. ${data.manifestId} del ${IT.dateTime(data.createdAt) ?? data.createdAt}`,
      11,
      LEFT,
      TOP - 31,
      leftW,
    );
    const clients = data.clientIds.length > 0 ? data.clientIds.join(', ') : '—';
    text.put(regular, `${data.clientIds.length === 1 ? 'Cliente' : 'Clienti'}: ${clients}`, 9, LEFT, TOP - 45, leftW);
    text.put(regular, this.grandLine, 9, LEFT, TOP - 58, leftW);

    const s = data.sender;
    const senderW = RIGHT - SENDER_X;
    const place = [s.cap, s.city, s.prov ? `(${s.prov})` : ''].filter((p) => p.trim() !== '').join(' ');
    text.put(bold, 'Mittente', 7.5, SENDER_X, TOP - 8, senderW);
    text.put(bold, s.name, 10, SENDER_X, TOP - 21, senderW);
    text.put(regular, s.addr, 9, SENDER_X, TOP - 33, senderW);
    text.put(regular, s.country ? `${place} – ${s.country}` : place, 9, SENDER_X, TOP - 45, senderW);
    page.drawLine({ start: { x: LEFT, y: HEADER_BOTTOM }, end: { x: RIGHT, y: HEADER_BOTTOM }, thickness: 0.8 });
  }

  /** Courier heading and the table header; repeated at the top of every page the section runs over. */
  sectionTop(section: CourierSection, continued: boolean): void {
    const heading = `Corriere: ${section.courierName}${continued ? ' (segue)' : ''}`;
    this.slot.text.put(this.bold, heading, 12, LEFT, this.y - 12, TABLE_WIDTH);
    this.y -= 20;
    this.tableHeader();
  }

  private tableHeader(): void {
    const { page, text } = this.slot;
    const top = this.y;
    page.drawRectangle({
      x: LEFT,
      y: top - HEAD_ROW_H,
      width: TABLE_WIDTH,
      height: HEAD_ROW_H,
      color: grayscale(0.85),
    });
    COLUMNS.forEach((col, i) => {
      const w = col.width - 2 * CELL_PADDING;
      const fitted = this.bold.fit(col.heading, HEAD_SIZE, w, 5.5);
      text.draw(this.bold, fitted, LEFT + (COLUMN_X[i] ?? 0) + CELL_PADDING, top - 10.8, col.align, w);
    });
    this.y -= HEAD_ROW_H;
  }

  /** Starts a continuation page when `height` does not fit above the footer. */
  ensure(height: number, section: CourierSection): void {
    if (this.y - height >= CONTENT_BOTTOM) return;
    this.newPage();
    this.sectionTop(section, true);
  }

  row(cells: string[], shaded: boolean): void {
    const { page, text } = this.slot;
    const top = this.y;
    if (shaded)
      page.drawRectangle({ x: LEFT, y: top - ROW_H, width: TABLE_WIDTH, height: ROW_H, color: grayscale(0.95) });
    COLUMNS.forEach((col, i) => {
      const w = col.width - 2 * CELL_PADDING;
      const fitted = this.regular.fit(cells[i] ?? '', BODY_SIZE, w, col.minSize);
      text.draw(this.regular, fitted, LEFT + (COLUMN_X[i] ?? 0) + CELL_PADDING, top - ROW_BASELINE, col.align, w);
    });
    this.y -= ROW_H;
  }

  closingHeight(section: CourierSection): number {
    const groups = section.groups.reduce((sum, g) => sum + totalsHeight(g.totals), 0);
    return subtotalHeight(section) + groups + SIGN_GAP + SIGN_H;
  }

  subtotals(section: CourierSection): void {
    this.totalsRow(subtotalCells(section), section.totals, 0.8);
    // A reseller's manifest: what each invoiced client accounts for, under the courier's total.
    for (const group of section.groups) this.totalsRow(groupSubtotalCells(group), group.totals, 0.3);
  }

  private totalsRow(cells: SubtotalCells, totals: Totals, rule: number): void {
    const { page, text } = this.slot;
    const top = this.y;
    page.drawLine({ start: { x: LEFT, y: top }, end: { x: RIGHT, y: top }, thickness: rule });
    const baseline = top - ROW_BASELINE - 2;
    const at = (col: number): number => LEFT + (COLUMN_X[col] ?? 0) + CELL_PADDING;
    const widthOf = (col: number): number => (COLUMNS[col]?.width ?? 0) - 2 * CELL_PADDING;
    text.put(
      this.bold,
      cells.label,
      BODY_SIZE,
      LEFT + CELL_PADDING,
      baseline,
      (COLUMN_X[COL_COLLI] ?? 0) - 2 * CELL_PADDING,
    );
    text.put(this.bold, cells.colli, BODY_SIZE, at(COL_COLLI), baseline, widthOf(COL_COLLI), 'right');
    text.put(this.bold, cells.peso, BODY_SIZE, at(COL_PESO), baseline, widthOf(COL_PESO), 'right');
    cells.contrassegno.forEach((line, i) => {
      text.put(
        this.bold,
        line,
        BODY_SIZE,
        at(COL_CONTRASSEGNO),
        baseline - i * ROW_H,
        widthOf(COL_CONTRASSEGNO),
        'right',
      );
    });
    this.y -= totalsHeight(totals);
  }

  signatureBox(): void {
    const top = this.y - SIGN_GAP;
    const boxW = (TABLE_WIDTH - 16) / 2;
    this.signatureCell(LEFT, top, boxW, 'Firma del mittente');
    this.signatureCell(LEFT + boxW + 16, top, boxW, "Firma dell'autista / ritiro");
    this.y = top - SIGN_H;
  }

  private signatureCell(x: number, top: number, w: number, title: string): void {
    const { page, text } = this.slot;
    page.drawRectangle({ x, y: top - SIGN_H, width: w, height: SIGN_H, borderColor: grayscale(0), borderWidth: 0.8 });
    text.put(this.bold, title, 9.5, x + 8, top - 15, w - 16);
    const line = (label: string, lx: number, y: number, from: number, to: number): void => {
      text.put(this.regular, label, 8.5, lx, y, from - lx - 4);
      page.drawLine({ start: { x: from, y: y - 1.5 }, end: { x: to, y: y - 1.5 }, thickness: 0.5 });
    };
    line('Nome e cognome', x + 8, top - 40, x + 92, x + w - 10);
    line('Data', x + 8, top - 64, x + 92, x + 200);
    line('Ora', x + 214, top - 64, x + 238, x + w - 10);
    line('Firma', x + 8, top - 90, x + 92, x + w - 10);
  }

  emptyNotice(): void {
    const { text } = this.slot;
    const mid = (HEADER_BOTTOM + CONTENT_BOTTOM) / 2;
    text.put(this.bold, 'Nessuna spedizione in questa distinta.', 14, LEFT, mid + 8, TABLE_WIDTH, 'center');
    text.put(
      this.regular,
      'Non ci sono spedizioni confermate da consegnare al corriere.',
      10,
      LEFT,
      mid - 10,
      TABLE_WIDTH,
      'center',
    );
  }

  /** Footers need the page count, so they are written once every page exists. */
  finish(): void {
    const total = this.pages.length;
    const stamp = `Distinta n. ${this.data.manifestId} – ${IT.dateTime(this.data.createdAt) ?? this.data.createdAt}`;
    this.pages.forEach(({ page, text }, i) => {
      page.drawLine({
        start: { x: LEFT, y: CONTENT_BOTTOM - 6 },
        end: { x: RIGHT, y: CONTENT_BOTTOM - 6 },
        thickness: 0.5,
      });
      text.put(this.regular, stamp, 8, LEFT, FOOTER_BASELINE, TABLE_WIDTH / 2);
      text.put(
        this.regular,
        `Pagina ${i + 1} di ${total}`,
        8,
        LEFT + TABLE_WIDTH / 2,
        FOOTER_BASELINE,
        TABLE_WIDTH / 2,
        'right',
      );
      text.finish();
    });
  }
}

function subtotalHeight(section: CourierSection): number {
  return totalsHeight(section.totals);
}

function totalsHeight(totals: Totals): number {
  return ROW_H * Math.max(1, formatMoneyTotals(totals.contrassegnoCents).length) + 4;
}

function grandTotalLine(data: ManifestData): string {
  const t = grandTotals(data);
  const parts = [
    `${IT.integer(t.spedizioni)} ${t.spedizioni === 1 ? 'spedizione' : 'spedizioni'}`,
    `${IT.integer(t.colli)} colli`,
    `${formatCents(t.pesoCents)} kg`,
  ];
  if (t.contrassegnoCents.size > 0) parts.push(`contrassegni ${formatMoneyTotals(t.contrassegnoCents).join(' + ')}`);
  return `Totale distinta: ${parts.join(' · ')}`;
}

function setMetadata(doc: PDFDocument, data: ManifestData): void {
  doc.setTitle(`Distinta n. ${data.manifestId}`);
  doc.setSubject(TITLE);
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setLanguage('it-IT');
  // pdf-lib only takes a Date and writes it in UTC; the info dictionary gets the bench's wall-clock time instead.
  const when = pdfDate(data.createdAt);
  if (!when) return;
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('CreationDate'), PDFString.of(when));
  info.set(PDFName.of('ModDate'), PDFString.of(when));
}

/**
 * Subset font name, "ABCDEF+DejaVuSans" (PDF 32000 §9.6.4): the tag marks the font as a subset for viewers and tools,
 * and comes from the manifest's content so it is stable for the same input and differs between different subsets.
 */
function subsetName(data: ManifestData, weight: FontWeight): string {
  const digest = createHash('sha256').update(weight).update(JSON.stringify(data)).digest();
  const tag = Array.from(digest.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
  return `${tag}+${weight === 'bold' ? 'DejaVuSans-Bold' : 'DejaVuSans'}`;
}

/** Renders the manifest; never throws on data (0 rows give a page that says so). */
export async function renderManifestPdf(resources: Resources, data: ManifestData): Promise<Uint8Array> {
  // updateMetadata: false keeps pdf-lib from stamping "now" and its own producer, which would change every run.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  setMetadata(doc, data);
  const embed = async (weight: FontWeight): Promise<GlyphFont> =>
    new GlyphFont(
      await doc.embedFont(resources.fontBytes(weight), { subset: true, customName: subsetName(data, weight) }),
    );
  const regular = await embed('regular');
  const bold = await embed('bold');
  const writer = new ManifestWriter(doc, regular, bold, data, grandTotalLine(data));

  const sections = courierSections(data.rows);
  if (sections.length === 0) {
    writer.newPage();
    writer.emptyNotice();
  }
  for (const section of sections) {
    writer.newPage();
    writer.sectionTop(section, false);
    section.rows.forEach((row, i) => {
      writer.ensure(ROW_H, section);
      writer.row(rowCells(row, i + 1), i % 2 === 1);
    });
    writer.ensure(writer.closingHeight(section), section);
    writer.subtotals(section);
    writer.signatureBox();
  }
  writer.finish();
  return doc.save();
}
