// The customs documents on A4 portrait, in Italian and English side by side: the commercial (or proforma) invoice and
// the postal CN23, with the same parties and goods lines. Drawn with the manifest's text and font helpers; the lines
// run over as many pages as they need, each page with its own table heading and "Pagina X di Y / Page X of Y".
import { grayscale, type PDFDocument } from 'pdf-lib';
import type { ExportReason } from '../../shared/domain/customsLines';
import { formats } from '../../shared/format';
import type { Fonts } from '../manifests/pdfBlocks';
import { newStationPdf } from '../manifests/pdfFonts';
import { PageText, type Align, type GlyphFont } from '../manifests/pdfText';
import type { Resources } from '../resources';
import type { CustomsDocData, CustomsDocKind, CustomsParty } from './types';

const IT = formats('it');

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const LEFT = 40;
const RIGHT = PAGE_W - 40;
const WIDTH = RIGHT - LEFT;
const TOP = PAGE_H - 40;
const BOTTOM = 48;
const ROW_H = 13;
const PAD = 3;

export const TITLES: Record<CustomsDocKind, string> = {
  commercial: 'Fattura commerciale / Commercial invoice',
  proforma: 'Fattura proforma / Proforma invoice',
  cn23: 'CN 23 – Dichiarazione doganale / Customs declaration',
};

export const REASONS: Record<ExportReason, string> = {
  sale: 'Vendita / Sale of goods',
  gift: 'Regalo / Gift',
  sample: 'Campione commerciale / Commercial sample',
  return: 'Merce restituita / Returned goods',
  repair: 'Riparazione / Repair',
};

/**
 * The origin declaration: non-preferential, because a preferential one is a legal claim that needs the exporter's
 * status (a REX number above 6,000 EUR) the station does not know; the shop adds it by hand where it has one.
 */
export function originDeclaration(origins: readonly string[]): string {
  const list = origins.join(', ');
  return (
    `Dichiariamo che le merci descritte in questo documento sono di origine non preferenziale: ${list}. ` +
    `We declare that the goods described in this document are of non-preferential origin: ${list}.`
  );
}

const TRUTH: Record<CustomsDocKind, string> = {
  commercial:
    'Dichiariamo che le informazioni di questa fattura sono vere e corrette. ' +
    'We declare that the information on this invoice is true and correct.',
  proforma:
    'Merce senza valore commerciale, il valore è dichiarato ai soli fini doganali. ' +
    'No commercial value, the value is declared for customs purposes only.',
  cn23:
    'Certifico che le indicazioni di questa dichiarazione sono esatte e che questo invio non contiene oggetti ' +
    'pericolosi vietati. I certify that the particulars given in this customs declaration are correct and that ' +
    'this item does not contain any dangerous article prohibited by legislation or by postal or customs regulations.',
};

interface Column {
  it: string;
  en: string;
  width: number;
  align: Align;
}

const COLUMNS: readonly Column[] = [
  { it: 'N.', en: 'No.', width: 20, align: 'right' },
  { it: 'Descrizione', en: 'Description', width: 163, align: 'left' },
  { it: 'Codice HS', en: 'HS code', width: 62, align: 'left' },
  { it: 'Origine', en: 'Origin', width: 40, align: 'left' },
  { it: 'Q.tà', en: 'Qty', width: 36, align: 'right' },
  { it: 'Val. unit.', en: 'Unit value', width: 64, align: 'right' },
  { it: 'Valore', en: 'Value', width: 70, align: 'right' },
  { it: 'Netto kg', en: 'Net kg', width: 60, align: 'right' },
];
const COLUMN_X = COLUMNS.reduce<number[]>(
  (xs, c, i) => [...xs, i === 0 ? 0 : (xs[i - 1] ?? 0) + (COLUMNS[i - 1]?.width ?? 0)],
  [],
);

const money = (value: number, currency: string) => `${IT.amount(value)} ${currency}`;
const date = (iso: string) => IT.date(iso) ?? iso;

/** Words laid into lines no wider than `width` at `size`. */
function wrap(font: GlyphFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.width(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

class DocWriter {
  readonly pages: { text: PageText }[] = [];
  private page!: ReturnType<PDFDocument['addPage']>;
  private text!: PageText;
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly data: CustomsDocData,
  ) {}

  newPage(): void {
    this.page = this.doc.addPage([PAGE_W, PAGE_H]);
    this.text = new PageText(this.page);
    this.pages.push({ text: this.text });
    const { bold, regular } = this.fonts;
    const d = this.data;
    this.text.put(bold, TITLES[d.kind], 15, LEFT, TOP - 14, WIDTH * 0.62);
    const right = LEFT + WIDTH * 0.64;
    const rw = RIGHT - right;
    this.text.put(bold, `N. / No. ${d.invoiceNumber}`, 10, right, TOP - 10, rw, 'right');
    this.text.put(regular, `Data / Date: ${date(d.invoiceDate)}`, 9, right, TOP - 23, rw, 'right');
    const waybill = d.waybill ? `${d.waybill}${d.courierName ? ` (${d.courierName})` : ''}` : '—';
    this.text.put(regular, `Lettera di vettura / Waybill: ${waybill}`, 9, LEFT, TOP - 32, WIDTH, 'left');
    this.page.drawLine({ start: { x: LEFT, y: TOP - 40 }, end: { x: RIGHT, y: TOP - 40 }, thickness: 0.8 });
    this.y = TOP - 48;
  }

  /** Seller and buyer side by side. */
  parties(): void {
    const w = (WIDTH - 16) / 2;
    const a = this.party('Venditore / Seller (exporter)', this.data.seller, LEFT, w);
    const b = this.party('Acquirente / Buyer (consignee)', this.data.buyer, LEFT + w + 16, w);
    this.y -= Math.max(a, b) + 8;
  }

  private party(title: string, p: CustomsParty, x: number, w: number): number {
    const { bold, regular } = this.fonts;
    const place = [p.cap, p.city, p.prov ? `(${p.prov})` : ''].filter(Boolean).join(' ');
    const rows = [
      p.contact,
      p.addr,
      [place, p.country].filter(Boolean).join(' – '),
      p.eori ? `EORI: ${p.eori}` : '',
      p.vat ? `P. IVA / VAT No.: ${p.vat}` : '',
      [p.phone, p.email].filter(Boolean).join(' · '),
    ].filter(Boolean);
    const height = 30 + rows.length * 11 + 4;
    this.page.drawRectangle({ x, y: this.y - height, width: w, height, borderColor: grayscale(0), borderWidth: 0.6 });
    this.text.put(bold, title, 7.5, x + 6, this.y - 10, w - 12);
    this.text.put(bold, p.name, 10, x + 6, this.y - 23, w - 12);
    rows.forEach((row, i) => this.text.put(regular, row, 8.5, x + 6, this.y - 35 - i * 11, w - 12));
    return height;
  }

  /** Incoterm, reason, currency and parcels, one line of four cells. */
  terms(): void {
    const d = this.data;
    const cells = [
      `Incoterm: ${d.incoterm}`,
      `Motivo / Reason for export: ${REASONS[d.reason]}`,
      `Valuta / Currency: ${d.currency}`,
      `Colli / Parcels: ${d.parcels}`,
    ];
    const widths = [80, 250, 100, WIDTH - 430];
    let x = LEFT;
    cells.forEach((cell, i) => {
      this.text.put(this.fonts.regular, cell, 8.5, x, this.y - 10, (widths[i] ?? 0) - 6);
      x += widths[i] ?? 0;
    });
    if (d.kind === 'cn23') this.cn23Categories();
    this.y -= 20;
  }

  /** The CN23's category boxes, the reason's one crossed. */
  private cn23Categories(): void {
    this.y -= 16;
    let x = LEFT;
    for (const reason of Object.keys(REASONS) as ExportReason[]) {
      this.page.drawRectangle({ x, y: this.y - 10, width: 8, height: 8, borderColor: grayscale(0), borderWidth: 0.6 });
      if (reason === this.data.reason) this.text.put(this.fonts.bold, 'X', 8, x + 1.3, this.y - 8.8, 8);
      // Italian above English: the two together do not fit a fifth of the page on one line.
      const [it = '', en = ''] = REASONS[reason].split(' / ');
      this.text.put(this.fonts.regular, it, 7.5, x + 11, this.y - 9, WIDTH / 5 - 14);
      this.text.put(this.fonts.regular, en, 7, x + 11, this.y - 17.5, WIDTH / 5 - 14);
      x += WIDTH / 5;
    }
    this.y -= 8;
  }

  tableHeader(): void {
    const h = 22;
    this.page.drawRectangle({ x: LEFT, y: this.y - h, width: WIDTH, height: h, color: grayscale(0.85) });
    COLUMNS.forEach((c, i) => {
      const x = LEFT + (COLUMN_X[i] ?? 0) + PAD;
      const w = c.width - 2 * PAD;
      this.text.put(this.fonts.bold, c.it, 7.5, x, this.y - 9, w, c.align);
      this.text.put(this.fonts.regular, c.en, 7, x, this.y - 18, w, c.align);
    });
    this.y -= h;
  }

  /** Starts a new page (with the table heading) when `height` does not fit. */
  ensure(height: number, withTable: boolean): void {
    if (this.y - height >= BOTTOM) return;
    this.newPage();
    if (withTable) this.tableHeader();
  }

  line(cells: string[], sku: string, shaded: boolean): void {
    const h = sku ? ROW_H + 9 : ROW_H;
    this.ensure(h, true);
    if (shaded) this.page.drawRectangle({ x: LEFT, y: this.y - h, width: WIDTH, height: h, color: grayscale(0.95) });
    COLUMNS.forEach((c, i) => {
      const w = c.width - 2 * PAD;
      const fitted = this.fonts.regular.fit(cells[i] ?? '', 8, w, 6);
      this.text.draw(this.fonts.regular, fitted, LEFT + (COLUMN_X[i] ?? 0) + PAD, this.y - 9.4, c.align, w);
    });
    if (sku) this.text.put(this.fonts.regular, `SKU ${sku}`, 6.5, LEFT + (COLUMN_X[1] ?? 0) + PAD, this.y - 18.5, 150);
    this.y -= h;
  }

  totals(): void {
    const d = this.data;
    const rows = [
      ...d.totals.map((t) => [`Totale / Total (${t.currency})`, money(t.value, t.currency)]),
      ['Peso netto / Net weight', `${IT.kg(d.netKg)}`],
      ['Peso lordo / Gross weight', `${IT.kg(d.grossKg)}`],
    ];
    this.ensure(rows.length * ROW_H + 6, false);
    this.page.drawLine({ start: { x: LEFT, y: this.y }, end: { x: RIGHT, y: this.y }, thickness: 0.8 });
    this.y -= 4;
    for (const [label, value] of rows) {
      this.text.put(this.fonts.bold, label ?? '', 8.5, LEFT + WIDTH - 330, this.y - 9.4, 200, 'right');
      this.text.put(this.fonts.bold, value ?? '', 8.5, LEFT + WIDTH - 126, this.y - 9.4, 126 - PAD, 'right');
      this.y -= ROW_H;
    }
    this.y -= 10;
  }

  /** The declarations, place and date, and the signature line, kept together on one page. */
  closing(): void {
    const { regular, bold } = this.fonts;
    const origins = [...new Set(this.data.lines.map((l) => l.origin).filter(Boolean))];
    const paragraphs = [originDeclaration(origins), TRUTH[this.data.kind]].map((p) => wrap(regular, p, 8, WIDTH));
    const height = paragraphs.reduce((sum, p) => sum + p.length * 10.5 + 6, 0) + 70;
    this.ensure(height, false);
    for (const paragraph of paragraphs) {
      for (const line of paragraph) {
        this.text.put(regular, line, 8, LEFT, this.y - 9, WIDTH);
        this.y -= 10.5;
      }
      this.y -= 6;
    }
    this.y -= 10;
    const when = `${this.data.place ? `${this.data.place}, ` : ''}${date(this.data.invoiceDate)}`;
    this.text.put(regular, `Luogo e data / Place and date: ${when}`, 9, LEFT, this.y - 10, WIDTH / 2 - 10);
    const sx = LEFT + WIDTH / 2 + 10;
    this.text.put(bold, 'Firma e timbro / Signature and stamp', 9, sx, this.y - 10, RIGHT - sx);
    this.page.drawLine({ start: { x: sx, y: this.y - 44 }, end: { x: RIGHT, y: this.y - 44 }, thickness: 0.6 });
    this.text.put(regular, this.data.seller.name, 8, sx, this.y - 54, RIGHT - sx);
    this.y -= 60;
  }

  finish(): void {
    const n = this.pages.length;
    this.pages.forEach(({ text }, i) => {
      const stamp = `${TITLES[this.data.kind].split(' / ')[0]} n. ${this.data.invoiceNumber}`;
      text.put(this.fonts.regular, stamp, 7.5, LEFT, 24, WIDTH / 2);
      text.put(
        this.fonts.regular,
        `Pagina ${i + 1} di ${n} / Page ${i + 1} of ${n}`,
        7.5,
        LEFT + WIDTH / 2,
        24,
        WIDTH / 2,
        'right',
      );
      text.finish();
    });
  }
}

/** Renders a customs document; same input, same bytes. */
export async function renderCustomsPdf(resources: Resources, data: CustomsDocData): Promise<Uint8Array> {
  const when = /^\d{4}-\d{2}-\d{2}$/.test(data.invoiceDate)
    ? `D:${data.invoiceDate.replace(/-/g, '')}000000`
    : undefined;
  const info = {
    title: `${TITLES[data.kind]} ${data.invoiceNumber}`,
    subject: TITLES[data.kind],
    language: 'it-IT',
    when,
  };
  const { doc, fonts } = await newStationPdf(resources, info, JSON.stringify(data));
  const w = new DocWriter(doc, fonts, data);
  w.newPage();
  w.parties();
  w.terms();
  w.tableHeader();
  data.lines.forEach((l, i) => {
    const cells = [
      String(i + 1),
      l.description,
      l.hsCode,
      l.origin,
      IT.number(l.qty, 3),
      IT.amount(l.unitValue),
      IT.amount(l.lineValue),
      IT.number(l.netKg, 3),
    ];
    w.line(cells, l.sku, i % 2 === 1);
  });
  w.totals();
  w.closing();
  w.finish();
  return doc.save();
}
