// The COD report as an A4 landscape PDF, on the manifest's page geometry, fonts and table helpers: the courier and
// period, the figures (count and money of each), then every parcel behind them with its money state; the table's
// header repeated on each page, "Pagina X di Y" at the foot. Same report, same bytes.
import { COD_STATE_WORDS, type CodFigureName, type CodParcel, type CodReport } from '../../shared/domain/cod';
import { formats } from '../../shared/format';
import { CONTENT_BOTTOM, LEFT, PAGE_H, PAGE_W, ROW_H, type PageSlot } from '../manifests/pdfBlocks';
import { newStationPdf } from '../manifests/pdfFonts';
import { columnLefts, drawTableHead, drawTableRow, HEAD_ROW_H, type TableColumn } from '../manifests/pdfTable';
import { PageText } from '../manifests/pdfText';
import { formatCents } from '../manifests/summary';
import { TABLE_WIDTH } from '../manifests/tableLayout';
import { formatDateTime } from '../ports';
import type { Resources } from '../resources';

const IT = formats('it');
const TOP = PAGE_H - 28;
const FOOTER_BASELINE = 20;

const FIGURE_IT: Record<CodFigureName, string> = {
  toCollect: 'Da incassare (non consegnati)',
  collected: 'Incassati dal corriere (consegnati)',
  owed: 'Dovuti dal corriere (non pagati)',
  paid: 'Pagati',
  missing: 'Mancanti (oltre il termine)',
  willNotCome: 'Non arriveranno (rifiutati, resi)',
};

const FIGURE_COLUMNS: readonly TableColumn[] = [
  { heading: 'Voce', width: 486, align: 'left' },
  { heading: 'Spedizioni', width: 100, align: 'right' },
  { heading: 'Importo €', width: 200, align: 'right' },
];

const PARCEL_COLUMNS: readonly TableColumn[] = [
  { heading: 'N.', width: 28, align: 'right', minSize: 6 },
  { heading: 'N. spedizione', width: 96, align: 'left', minSize: 5.5 },
  { heading: 'Riferimento', width: 90, align: 'left' },
  { heading: 'Corriere', width: 80, align: 'left' },
  { heading: 'Destinatario', width: 118, align: 'left' },
  { heading: 'Stato', width: 112, align: 'left' },
  { heading: 'Consegnata il', width: 70, align: 'left', minSize: 6 },
  { heading: 'Scadenza', width: 50, align: 'left', minSize: 6 },
  { heading: 'Importo €', width: 44, align: 'right', minSize: 6 },
  { heading: 'Pagato €', width: 42, align: 'right', minSize: 6 },
  { heading: 'Da pagare €', width: 56, align: 'right', minSize: 6 },
];

const day = (ms: number | null) => (ms === null ? '' : (IT.date(formatDateTime(new Date(ms)).slice(0, 10)) ?? ''));

function parcelCells(p: CodParcel, n: number): string[] {
  const open = p.state === 'will_not_come' || p.state === 'to_collect' ? 0 : p.amountCents - p.paidCents;
  return [
    String(n),
    p.waybill,
    p.ddtAlpha,
    p.courierName,
    p.recipient,
    COD_STATE_WORDS[p.state],
    day(p.deliveredAt),
    day(p.dueAt),
    formatCents(p.amountCents),
    p.paidCents === 0 ? '' : formatCents(p.paidCents),
    open === 0 ? '' : formatCents(open),
  ];
}

/** The report's heading: what it covers. */
function periodText(report: CodReport): string {
  const from = report.filter.from ? (IT.date(report.filter.from) ?? report.filter.from) : 'inizio';
  const to = report.filter.to ? (IT.date(report.filter.to) ?? report.filter.to) : 'oggi';
  return `Periodo (data di consegna): ${from} – ${to}`;
}

/** `courier`: the courier's name, or undefined for every courier. */
export async function renderCodReportPdf(
  resources: Resources,
  report: CodReport,
  courierName: string | undefined,
): Promise<Uint8Array> {
  const made = formatDateTime(new Date(report.at));
  const when = `D:${made.replace(/[- :]/g, '')}`;
  const info = { title: 'Contrassegni', subject: 'Contrassegni per corriere e periodo', language: 'it-IT', when };
  const { doc, fonts } = await newStationPdf(resources, info, JSON.stringify(report));
  const courier = courierName ?? 'tutti i corrieri';
  const pages: PageSlot[] = [];
  let y = 0;
  const newPage = () => {
    const page = doc.addPage([PAGE_W, PAGE_H]);
    const slot = { page, text: new PageText(page), part: 'Contrassegni' };
    pages.push(slot);
    slot.text.put(fonts.bold, `Contrassegni – ${courier}`, 15, LEFT, TOP - 14, TABLE_WIDTH);
    const line = `${periodText(report)} · termine di pagamento ${report.termDays} giorni · al ${IT.dateTime(made)}`;
    slot.text.put(fonts.regular, line, 9, LEFT, TOP - 30, TABLE_WIDTH);
    y = TOP - 42;
    return slot;
  };
  let slot = newPage();
  const table = (columns: readonly TableColumn[], rows: readonly string[][]) => {
    const xs = columnLefts(columns);
    drawTableHead(slot, fonts.bold, columns, xs, y);
    y -= HEAD_ROW_H;
    rows.forEach((cells, i) => {
      if (y - ROW_H < CONTENT_BOTTOM) {
        slot = newPage();
        drawTableHead(slot, fonts.bold, columns, xs, y);
        y -= HEAD_ROW_H;
      }
      drawTableRow(slot, fonts.regular, columns, xs, y, cells, i % 2 === 1);
      y -= ROW_H;
    });
  };
  const figures = (Object.keys(FIGURE_IT) as CodFigureName[]).map((name) => [
    FIGURE_IT[name],
    IT.integer(report.figures[name].count),
    formatCents(report.figures[name].cents),
  ]);
  table(FIGURE_COLUMNS, figures);
  y -= 16;
  if (report.parcels.length === 0) {
    slot.text.put(fonts.regular, 'Nessun contrassegno in questo periodo.', 10, LEFT, y - 12, TABLE_WIDTH);
  } else {
    table(
      PARCEL_COLUMNS,
      report.parcels.map((p, i) => parcelCells(p, i + 1)),
    );
  }
  pages.forEach(({ page, text }, i) => {
    page.drawLine({ start: { x: LEFT, y: CONTENT_BOTTOM - 6 }, end: { x: LEFT + TABLE_WIDTH, y: CONTENT_BOTTOM - 6 } });
    text.put(fonts.regular, `Contrassegni – ${courier}`, 8, LEFT, FOOTER_BASELINE, TABLE_WIDTH / 2);
    const pageOf = `Pagina ${i + 1} di ${pages.length}`;
    text.put(fonts.regular, pageOf, 8, LEFT + TABLE_WIDTH / 2, FOOTER_BASELINE, TABLE_WIDTH / 2, 'right');
    text.finish();
  });
  return doc.save();
}
