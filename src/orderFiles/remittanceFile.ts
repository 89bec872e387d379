// A courier's remittance list (what it paid of the cash on delivery it collected) read from the table the order files'
// reader made of it: the waybill, amount and date columns found by their headers as Italian couriers write them
// ("Lettera di vettura", "LDV", "Spedizione"; "Importo"; "Data"), amounts as money in cents (decimal comma or point,
// "€" allowed), dates as days. And the COD report written back as CSV the way an Italian spreadsheet opens it.
import Papa from 'papaparse';
import { COD_STATE_WORDS, type CodReport, type RemittanceLine } from '../shared/domain/cod';
import { italianNumber } from '../shared/domain/orderColumns';
import { headerWord } from '../shared/domain/products';
import type { OrderTable } from './readFile';

type Column = 'waybill' | 'amount' | 'date';

/** Headers as `headerWord` spells them (lower case, letters and digits only), the likeliest first. */
const HEADERS: Record<Column, readonly string[]> = {
  waybill: [
    'letteradivettura',
    'ldv',
    'nldv',
    'numeroldv',
    'spedizione',
    'nspedizione',
    'numerospedizione',
    'numspedizione',
    'waybill',
    'tracking',
    'trackingnumber',
    'awb',
  ],
  amount: [
    'importo',
    'importocontrassegno',
    'importoincassato',
    'incassato',
    'contrassegno',
    'importopagato',
    'amount',
    'cod',
    'codamount',
  ],
  date: ['data', 'datapagamento', 'dataincasso', 'dataconsegna', 'datavaluta', 'date', 'paymentdate'],
};

/** Which column holds what: exact header words first, then a header that contains a waybill's word. */
function columnsOf(headers: readonly string[]): Partial<Record<Column, number>> {
  const words = headers.map(headerWord);
  const found: Partial<Record<Column, number>> = {};
  for (const column of ['waybill', 'amount', 'date'] as const) {
    for (const name of HEADERS[column]) {
      const at = words.indexOf(name);
      if (at >= 0) {
        found[column] = at;
        break;
      }
    }
  }
  if (found.waybill === undefined) {
    const at = words.findIndex((w) => /ldv|vettura|spedizione|waybill/.test(w) && !w.startsWith('data'));
    if (at >= 0) found.waybill = at;
  }
  return found;
}

/** `14/03/2026`, `14-03-26`, `2026-03-14` (and an .xlsx date, which the reader gives as the last) → `2026-03-14`. */
function dayOf(text: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const it = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\b/.exec(text);
  if (!it) return '';
  const year = (it[3] ?? '').length === 2 ? `20${it[3]}` : (it[3] ?? '');
  return `${year}-${(it[2] ?? '').padStart(2, '0')}-${(it[1] ?? '').padStart(2, '0')}`;
}

/** Money in cents, or undefined for what is no amount (blank, words, negative). */
function centsOf(text: string): number | undefined {
  const value = italianNumber(text);
  return value === undefined || value < 0 ? undefined : Math.round(value * 100);
}

/**
 * The list's lines (blank waybills skipped), or why the file is no remittance list: it names no waybill column, or
 * no amount column.
 */
export function remittanceLines(table: OrderTable): { lines: RemittanceLine[] } | { error: string } {
  const at = columnsOf(table.headers);
  const { waybill, amount, date } = at;
  if (waybill === undefined)
    return { error: 'Nessuna colonna con la lettera di vettura (LDV, spedizione): è la distinta del corriere?' };
  if (amount === undefined) return { error: 'Nessuna colonna con gli importi (importo, contrassegno)' };
  const lines: RemittanceLine[] = [];
  for (const row of table.rows) {
    const text = (row.cells[waybill] ?? '').trim();
    if (text === '') continue;
    const cents = centsOf(row.cells[amount] ?? '');
    lines.push({
      line: row.line,
      waybill: text.slice(0, 100),
      ...(cents === undefined ? {} : { amountCents: cents }),
      date: date === undefined ? '' : dayOf(row.cells[date] ?? ''),
    });
  }
  return { lines };
}

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const dayText = (ms: number | null, day: (ms: number) => string) => (ms === null ? '' : day(ms));
/** A text a spreadsheet would run as a formula, kept as text (OWASP's CSV injection advice), as the product list. */
const FORMULA_START = /^[=+\-@\t\r']/;

/**
 * The report's parcels as CSV: a BOM (so Excel reads UTF-8), Italian headers, `;`, decimal commas; `day` writes an
 * instant as the bench's day (dd/mm/yyyy).
 */
export function writeCodReportCsv(report: CodReport, day: (ms: number) => string): string {
  const headers = [
    'N. spedizione',
    'Riferimento',
    'Corriere',
    'Destinatario',
    'Stato',
    'Consegnata il',
    'Scadenza',
    'Importo',
    'Pagato',
    'Da pagare',
    'Stato del corriere',
  ];
  const rows = report.parcels.map((p) => [
    p.waybill,
    p.ddtAlpha,
    p.courierName,
    p.recipient,
    COD_STATE_WORDS[p.state],
    dayText(p.deliveredAt, day),
    dayText(p.dueAt, day),
    euros(p.amountCents),
    euros(p.paidCents),
    euros(p.state === 'to_collect' || p.state === 'will_not_come' ? 0 : p.amountCents - p.paidCents),
    p.words,
  ]);
  const csv = Papa.unparse([headers, ...rows], { delimiter: ';', newline: '\r\n', escapeFormulae: FORMULA_START });
  return `\uFEFF${csv}\r\n`;
}
