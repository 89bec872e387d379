// The manifest PDF (distinta di consegna) the driver signs at pickup: A4 landscape, one section per courier starting on
// its own page, every page of it with that courier's totals, its barcode and "Pagina X di Y" counted within the
// section, the signature boxes on its last page; with two couriers or more, a last page sums them all. Same input, same
// bytes.
import type { PDFDocument } from 'pdf-lib';
import type { Resources } from '../resources';
import {
  CONTENT_BOTTOM,
  drawEmptyNotice,
  drawPageHeader,
  drawSignatureBoxes,
  drawSummaryRow,
  type Fonts,
  HEADER_BOTTOM,
  LEFT,
  PAGE_H,
  PAGE_W,
  type PageSlot,
  RIGHT,
  ROW_BASELINE,
  ROW_H,
  SIGN_GAP,
  SIGN_H,
  SUMMARY_COLUMNS,
  SUMMARY_X,
  TITLE,
} from './pdfBlocks';
import { newStationPdf } from './pdfFonts';
import { PageText, type GlyphFont } from './pdfText';
import { drawTableHead, drawTableRow, HEAD_ROW_H, type TableColumn } from './pdfTable';
import {
  BODY_SIZE,
  CELL_PADDING,
  COL_COLLI,
  COL_CONTRASSEGNO,
  COL_PESO,
  COLUMN_X,
  COLUMNS,
  rowCells,
  subtotalCells,
  groupSubtotalCells,
  type SubtotalCells,
  TABLE_WIDTH,
} from './tableLayout';
import {
  courierSections,
  formatMoneyTotals,
  grandTotals,
  manifestCode,
  pdfDate,
  totalsText,
  type CourierSection,
  type Totals,
} from './summary';
import type { ManifestData } from './types';
import { formats } from '../../shared/format';

const IT = formats('it');

const FOOTER_BASELINE = 20;
/** Heading row of a section: the courier on the left, its totals on the right. */
const HEADING_SPLIT = 320;

/** The footer's name for the page that sums every courier. */
const SUMMARY = 'Riepilogo';

/** Walks down the pages, starting a new page (with header) whenever the next block does not fit. */
class ManifestWriter {
  readonly pages: PageSlot[] = [];
  private y = 0;

  private readonly regular: GlyphFont;
  private readonly bold: GlyphFont;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly data: ManifestData,
  ) {
    this.regular = fonts.regular;
    this.bold = fonts.bold;
  }

  private get slot(): PageSlot {
    const slot = this.pages[this.pages.length - 1];
    if (!slot) throw new Error('manifest writer: no page yet');
    return slot;
  }

  /** A page of `section` (its barcode names the section), or of the whole manifest when there is none. */
  newPage(section: CourierSection | undefined): void {
    const page = this.doc.addPage([PAGE_W, PAGE_H]);
    const slot = { page, text: new PageText(page), part: section?.courierName ?? SUMMARY };
    this.pages.push(slot);
    drawPageHeader(slot, this.fonts, this.data, manifestCode(this.data.manifestId, section?.courierId));
    this.y = HEADER_BOTTOM - 8;
  }

  /**
   * Courier heading with the courier's own totals, then the table header; repeated at the top of every page the
   * section runs over, so a driver holding any one page sees what he takes.
   */
  sectionTop(section: CourierSection, continued: boolean): void {
    const heading = `Corriere: ${section.courierName}${continued ? ' (segue)' : ''}`;
    this.slot.text.put(this.bold, heading, 12, LEFT, this.y - 12, HEADING_SPLIT);
    const totals = `Totale corriere: ${totalsText(section.totals)}`;
    this.slot.text.put(this.bold, totals, 9.5, LEFT + HEADING_SPLIT, this.y - 12, TABLE_WIDTH - HEADING_SPLIT, 'right');
    this.y -= 20;
    this.tableHeader(COLUMNS, COLUMN_X);
  }

  private tableHeader(columns: readonly TableColumn[], xs: readonly number[]) {
    drawTableHead(this.slot, this.bold, columns, xs, this.y);
    this.y -= HEAD_ROW_H;
  }

  /** Starts a continuation page when `height` does not fit above the footer. */
  ensure(height: number, section: CourierSection): void {
    if (this.y - height >= CONTENT_BOTTOM) return;
    this.newPage(section);
    this.sectionTop(section, true);
  }

  row(cells: string[], shaded: boolean): void {
    drawTableRow(this.slot, this.regular, COLUMNS, COLUMN_X, this.y, cells, shaded);
    this.y -= ROW_H;
  }

  closingHeight(section: CourierSection): number {
    const groups = section.groups.reduce((sum, g) => sum + totalsHeight(g.totals), 0);
    return totalsHeight(section.totals) + groups + SIGN_GAP + SIGN_H;
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
    drawSignatureBoxes(this.slot, this.fonts, top);
    this.y = top - SIGN_H;
  }

  emptyNotice(): void {
    drawEmptyNotice(this.slot, this.fonts);
  }

  /**
   * The page after the last courier's: each courier's totals and the whole manifest's, labelled as across couriers.
   * It is the sender's page; no courier's pages carry another courier's numbers.
   */
  summaryPage(sections: CourierSection[]): void {
    this.newPage(undefined);
    const heading = 'Riepilogo della distinta: tutti i corrieri';
    this.slot.text.put(this.bold, heading, 12, LEFT, this.y - 12, TABLE_WIDTH);
    this.y -= 20;
    this.tableHeader(SUMMARY_COLUMNS, SUMMARY_X);
    sections.forEach((section, i) => {
      // Room for this line and the total under the last one.
      if (this.y - ROW_H * 2 < CONTENT_BOTTOM) {
        this.newPage(undefined);
        this.tableHeader(SUMMARY_COLUMNS, SUMMARY_X);
      }
      drawSummaryRow(this.slot, this.regular, this.y, section.courierName, section.totals, i % 2 === 1);
      this.y -= ROW_H;
    });
    const { page } = this.slot;
    page.drawLine({ start: { x: LEFT, y: this.y }, end: { x: RIGHT, y: this.y }, thickness: 0.8 });
    drawSummaryRow(this.slot, this.bold, this.y, 'Totale distinta (tutti i corrieri)', grandTotals(this.data), false);
    this.y -= ROW_H;
  }

  /**
   * Footers need the page counts, so they are written once every page exists. Pages are counted within their courier
   * (or the summary): the driver takes his pages only, and they must read as complete.
   */
  finish(): void {
    const stamp = `Distinta n. ${this.data.manifestId} – ${IT.dateTime(this.data.createdAt) ?? this.data.createdAt}`;
    const counts = new Map<string, number>();
    for (const { part } of this.pages) counts.set(part, (counts.get(part) ?? 0) + 1);
    const seen = new Map<string, number>();
    for (const { page, text, part } of this.pages) {
      const n = (seen.get(part) ?? 0) + 1;
      seen.set(part, n);
      page.drawLine({
        start: { x: LEFT, y: CONTENT_BOTTOM - 6 },
        end: { x: RIGHT, y: CONTENT_BOTTOM - 6 },
        thickness: 0.5,
      });
      text.put(this.regular, `${stamp} · ${part}`, 8, LEFT, FOOTER_BASELINE, TABLE_WIDTH / 2);
      const pageOf = `Pagina ${n} di ${counts.get(part) ?? n}`;
      text.put(this.regular, pageOf, 8, LEFT + TABLE_WIDTH / 2, FOOTER_BASELINE, TABLE_WIDTH / 2, 'right');
      text.finish();
    }
  }
}

function totalsHeight(totals: Totals): number {
  return ROW_H * Math.max(1, formatMoneyTotals(totals.contrassegnoCents).length) + 4;
}

/** Renders the manifest; never throws on data (0 rows give a page that says so). */
export async function renderManifestPdf(resources: Resources, data: ManifestData): Promise<Uint8Array> {
  const info = {
    title: `Distinta n. ${data.manifestId}`,
    subject: TITLE,
    language: 'it-IT',
    when: pdfDate(data.createdAt),
  };
  const { doc, fonts } = await newStationPdf(resources, info, JSON.stringify(data));
  const writer = new ManifestWriter(doc, fonts, data);

  const sections = courierSections(data.rows);
  if (sections.length === 0) {
    writer.newPage(undefined);
    writer.emptyNotice();
  }
  for (const section of sections) {
    writer.newPage(section);
    writer.sectionTop(section, false);
    section.rows.forEach((row, i) => {
      writer.ensure(ROW_H, section);
      writer.row(rowCells(row, i + 1), i % 2 === 1);
    });
    writer.ensure(writer.closingHeight(section), section);
    writer.subtotals(section);
    writer.signatureBox();
  }
  if (sections.length > 1) writer.summaryPage(sections);
  writer.finish();
  return doc.save();
}
