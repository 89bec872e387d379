// The manifest table: its columns (heading, width in points, alignment, how far a cell may shrink) and cell texts.
// Widths add up to the printable width of A4 landscape with the renderer's margins.
import type { Align } from './pdfText';
import {
  currencyOf,
  formatCents,
  formatGrams,
  formatMoneyTotals,
  toCents,
  toGrams,
  type CourierSection,
  type InvoicedGroup,
  type Totals,
} from './summary';
import type { ManifestRow } from './types';
import { formats } from '../../shared/format';

const IT = formats('it');

export interface Column {
  heading: string;
  width: number;
  align: Align;
  /** Smallest font size before the text is cut with "…"; codes may shrink further than names. */
  minSize: number;
}

export const CELL_PADDING = 3;
export const BODY_SIZE = 8;
export const HEAD_SIZE = 7.5;

export const COLUMNS: readonly Column[] = [
  { heading: 'N.', width: 28, align: 'right', minSize: 6 },
  // The shop's order number, what the bench and the shop know a parcel by, beside the courier's waybill. A long one is
  // cut with "…" at a size still read at arm's length rather than shrunk out of sight.
  { heading: 'Riferimento', width: 100, align: 'left', minSize: 6.5 },
  { heading: 'N. spedizione', width: 96, align: 'left', minSize: 5.5 },
  { heading: 'DDT n.', width: 48, align: 'left', minSize: 5.5 },
  { heading: 'Servizio', width: 72, align: 'left', minSize: 6.5 },
  { heading: 'Destinatario', width: 148, align: 'left', minSize: 6.5 },
  { heading: 'Città (prov.)', width: 112, align: 'left', minSize: 6.5 },
  { heading: 'Paese', width: 34, align: 'left', minSize: 6 },
  { heading: 'Colli', width: 32, align: 'right', minSize: 6 },
  { heading: 'Peso kg', width: 50, align: 'right', minSize: 6 },
  { heading: 'Contrassegno', width: 66, align: 'right', minSize: 6 },
];

export const TABLE_WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);

/** Left edge of each column, relative to the table's left edge. */
export const COLUMN_X: readonly number[] = COLUMNS.reduce<number[]>((xs, c, i) => {
  xs.push(i === 0 ? 0 : (xs[i - 1] ?? 0) + (COLUMNS[i - 1]?.width ?? 0));
  return xs;
}, []);

export const COL_COLLI = 8;
export const COL_PESO = 9;
export const COL_CONTRASSEGNO = 10;

function cityText(row: ManifestRow): string {
  const prov = row.rcptProv.trim();
  return prov ? `${row.rcptCity} (${prov})` : row.rcptCity;
}

/** Cell texts of one row, in column order; n is the 1-based position inside its courier section. */
export function rowCells(row: ManifestRow, n: number): string[] {
  const cod = toCents(row.contrassegno);
  return [
    String(n),
    row.ddtAlpha,
    row.numSpedizione,
    String(row.ddtNum),
    row.serviceName,
    row.rcptName,
    cityText(row),
    row.rcptCountry,
    IT.integer(row.colli),
    formatGrams(toGrams(row.pesoKg)),
    cod === 0 ? '' : `${formatCents(cod)} ${currencyOf(row)}`,
  ];
}

/** The subtotal row of a courier section: a label across the left columns, then one line per currency. */
export interface SubtotalCells {
  label: string;
  colli: string;
  peso: string;
  contrassegno: string[];
}

export function subtotalCells(section: CourierSection): SubtotalCells {
  return totalsCells(`Totale ${section.courierName}`, section.totals);
}

/** A reseller's subtotal of one invoiced client within a courier section. */
export function groupSubtotalCells(group: InvoicedGroup): SubtotalCells {
  return totalsCells(`di cui ${group.label}`, group.totals);
}

function totalsCells(what: string, t: Totals): SubtotalCells {
  const spedizioni = t.spedizioni === 1 ? '1 spedizione' : `${IT.integer(t.spedizioni)} spedizioni`;
  return {
    label: `${what}: ${spedizioni}`,
    colli: IT.integer(t.colli),
    peso: formatGrams(t.pesoGrams),
    contrassegno: formatMoneyTotals(t.contrassegnoCents),
  };
}
