// A batch's pick list as an A4 landscape PDF, on the manifest's page geometry, fonts and table helpers: each SKU's
// total to pick with its shelf, in the order the shelves are walked, and the orders it goes to (several rows when they
// are many). Loaded with import() on first use: pdf-lib stays off the station's start.
import { formats } from '../../shared/format';
import { CONTENT_BOTTOM, LEFT, PAGE_H, PAGE_W, ROW_H, type PageSlot } from '../manifests/pdfBlocks';
import { newStationPdf } from '../manifests/pdfFonts';
import { columnLefts, drawTableHead, drawTableRow, HEAD_ROW_H, type TableColumn } from '../manifests/pdfTable';
import { PageText } from '../manifests/pdfText';
import { TABLE_WIDTH } from '../manifests/tableLayout';
import { formatDateTime } from '../ports';
import type { Resources } from '../resources';

const IT = formats('it');
const TOP = PAGE_H - 28;
const FOOTER_BASELINE = 20;
/** Order numbers on one row of the table; a SKU going to more orders takes more rows. */
const REFS_PER_ROW = 8;

/** One SKU (or, without one, one description) to pick. */
export interface PickLine {
  location: string;
  sku: string;
  description: string;
  qty: number;
  orderRefs: string[];
}

export interface PickList {
  batchId: number;
  at: number;
  orders: number;
  lines: PickLine[];
}

const COLUMNS: readonly TableColumn[] = [
  { heading: 'Ubicazione', width: 90, align: 'left' },
  { heading: 'SKU', width: 120, align: 'left', minSize: 6 },
  { heading: 'Descrizione', width: 250, align: 'left', minSize: 6 },
  { heading: 'Quantità', width: 60, align: 'right' },
  { heading: 'Ordini', width: TABLE_WIDTH - 520, align: 'left', minSize: 6 },
];

function rowsOf(line: PickLine): string[][] {
  const rows: string[][] = [];
  for (let i = 0; i === 0 || i < line.orderRefs.length; i += REFS_PER_ROW) {
    const refs = line.orderRefs.slice(i, i + REFS_PER_ROW).join(', ');
    rows.push(
      i === 0 ? [line.location, line.sku, line.description, IT.integer(line.qty), refs] : ['', '', '', '', refs],
    );
  }
  return rows;
}

export async function renderPickListPdf(resources: Resources, list: PickList): Promise<Uint8Array> {
  const made = formatDateTime(new Date(list.at));
  const when = `D:${made.replace(/[- :]/g, '')}`;
  const title = `Lista di prelievo – lotto ${list.batchId}`;
  const info = { title, subject: 'Articoli da prelevare per il lotto', language: 'it-IT', when };
  const { doc, fonts } = await newStationPdf(resources, info, JSON.stringify(list));
  const pages: PageSlot[] = [];
  const xs = columnLefts(COLUMNS);
  let y = 0;
  const newPage = () => {
    const page = doc.addPage([PAGE_W, PAGE_H]);
    const slot = { page, text: new PageText(page), part: 'Lista di prelievo' };
    pages.push(slot);
    slot.text.put(fonts.bold, title, 15, LEFT, TOP - 14, TABLE_WIDTH);
    const pieces = list.lines.reduce((sum, l) => sum + l.qty, 0);
    const summary = `${IT.integer(list.orders)} ordini · ${IT.integer(pieces)} pezzi · ${IT.dateTime(made)}`;
    slot.text.put(fonts.regular, summary, 9, LEFT, TOP - 30, TABLE_WIDTH);
    y = TOP - 42;
    drawTableHead(slot, fonts.bold, COLUMNS, xs, y);
    y -= HEAD_ROW_H;
    return slot;
  };
  let slot = newPage();
  list.lines.forEach((line, i) => {
    for (const cells of rowsOf(line)) {
      if (y - ROW_H < CONTENT_BOTTOM) slot = newPage();
      drawTableRow(slot, fonts.regular, COLUMNS, xs, y, cells, i % 2 === 1);
      y -= ROW_H;
    }
  });
  if (list.lines.length === 0)
    slot.text.put(fonts.regular, 'Nessun articolo da prelevare.', 10, LEFT, y - 12, TABLE_WIDTH);
  pages.forEach(({ page, text }, i) => {
    page.drawLine({ start: { x: LEFT, y: CONTENT_BOTTOM - 6 }, end: { x: LEFT + TABLE_WIDTH, y: CONTENT_BOTTOM - 6 } });
    text.put(fonts.regular, title, 8, LEFT, FOOTER_BASELINE, TABLE_WIDTH / 2);
    const pageOf = `Pagina ${i + 1} di ${pages.length}`;
    text.put(fonts.regular, pageOf, 8, LEFT + TABLE_WIDTH / 2, FOOTER_BASELINE, TABLE_WIDTH / 2, 'right');
    text.finish();
  });
  return doc.save();
}
