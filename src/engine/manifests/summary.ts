// What the manifest PDF prints besides the rows: sections per courier, their totals, and Italian number and date text.
// Sums are kept in whole grams and hundredths of money so the printed total is exactly the sum of the printed rows.
import type { ManifestData, ManifestRow } from './types';
import { formats } from '../../shared/format';

const IT = formats('it');

export interface Totals {
  spedizioni: number;
  colli: number;
  /** Weight to the gram, as the scale, the label and the slip give it. */
  pesoGrams: number;
  /** Cash on delivery per currency, in hundredths; only currencies with a non-zero sum. */
  contrassegnoCents: Map<string, number>;
}

/** A reseller's subtotal inside a courier section: the rows of one invoiced client (or of none). */
export interface InvoicedGroup {
  label: string;
  totals: Totals;
}

export interface CourierSection {
  courierName: string;
  /** The courier of the section's first row: a section is one name, and a name is one courier. */
  courierId: number;
  rows: ManifestRow[];
  totals: Totals;
  /** Empty unless some row has an invoiced client; then every row is in one group, rows ordered by group. */
  groups: InvoicedGroup[];
}

/** The group of a reseller's row that names no invoiced client. */
export const NO_INVOICED_CLIENT = 'senza cliente fatturato';

const DEFAULT_CURRENCY = 'EUR';

function emptyTotals(): Totals {
  return { spedizioni: 0, colli: 0, pesoGrams: 0, contrassegnoCents: new Map() };
}

export function toCents(n: number): number {
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

export function toGrams(kg: number): number {
  return Number.isFinite(kg) ? Math.round(kg * 1000) : 0;
}

export function currencyOf(row: ManifestRow): string {
  return row.valuta.trim().toUpperCase() || DEFAULT_CURRENCY;
}

function addRow(t: Totals, row: ManifestRow): void {
  t.spedizioni += 1;
  t.colli += Number.isFinite(row.colli) ? row.colli : 0;
  t.pesoGrams += toGrams(row.pesoKg);
  const cod = toCents(row.contrassegno);
  if (cod !== 0) {
    const cur = currencyOf(row);
    t.contrassegnoCents.set(cur, (t.contrassegnoCents.get(cur) ?? 0) + cod);
  }
}

function courierLabel(row: ManifestRow): string {
  return row.courierName.trim() || `Corriere ${row.courierId}`;
}

/**
 * Rows grouped by courier name, each group in input order and the groups in order of first appearance: the caller's
 * query decides the order, the PDF does not re-sort what the bench already sees on screen.
 */
export function courierSections(rows: ManifestRow[]): CourierSection[] {
  const byName = new Map<string, CourierSection>();
  for (const row of rows) {
    const name = courierLabel(row);
    let section = byName.get(name);
    if (!section) {
      section = { courierName: name, courierId: row.courierId, rows: [], totals: emptyTotals(), groups: [] };
      byName.set(name, section);
    }
    section.rows.push(row);
    addRow(section.totals, row);
  }
  const sections = [...byName.values()];
  if (rows.some((row) => row.invoicedClient)) for (const section of sections) groupByInvoicedClient(section);
  return sections;
}

/**
 * A reseller's manifest: within each courier section the rows of each invoiced client come together (groups in order
 * of first appearance, rows in input order within a group), each group with its own subtotal.
 */
function groupByInvoicedClient(section: CourierSection): void {
  const groups = new Map<string, { group: InvoicedGroup; rows: ManifestRow[] }>();
  for (const row of section.rows) {
    const label = row.invoicedClient || NO_INVOICED_CLIENT;
    let entry = groups.get(label);
    if (!entry) {
      entry = { group: { label, totals: emptyTotals() }, rows: [] };
      groups.set(label, entry);
    }
    entry.rows.push(row);
    addRow(entry.group.totals, row);
  }
  section.rows = [...groups.values()].flatMap((g) => g.rows);
  section.groups = [...groups.values()].map((g) => g.group);
}

export function grandTotals(data: ManifestData): Totals {
  const t = emptyTotals();
  for (const row of data.rows) addRow(t, row);
  return t;
}

/** Grams as kilograms to the gram, as the table's weight column prints them: 1250 → "1,250". */
export function formatGrams(grams: number): string {
  return IT.decimal(grams / 1000, 3);
}

/** Cents as an amount: 12550 → "125,50". */
export function formatCents(cents: number): string {
  return IT.amount(cents / 100);
}

/** One text per currency ("125,00 EUR"), in alphabetical order; ["—"] when there is none. */
export function formatMoneyTotals(byCurrency: Map<string, number>): string[] {
  const parts = [...byCurrency.entries()]
    .filter(([, cents]) => cents !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([cur, cents]) => `${formatCents(cents)} ${cur}`);
  return parts.length > 0 ? parts : ['—'];
}

/** "47 spedizioni · 117 colli · 145,250 kg" (the table's weight), then the cash on delivery where there is any. */
export function totalsText(t: Totals): string {
  const parts = [
    `${IT.integer(t.spedizioni)} ${t.spedizioni === 1 ? 'spedizione' : 'spedizioni'}`,
    `${IT.integer(t.colli)} ${t.colli === 1 ? 'collo' : 'colli'}`,
    `${formatGrams(t.pesoGrams)} kg`,
  ];
  if (t.contrassegnoCents.size > 0) parts.push(`contrassegni ${formatMoneyTotals(t.contrassegnoCents).join(' + ')}`);
  return parts.join(' · ');
}

/**
 * What the manifest's barcodes carry: "DIST4711" for the whole manifest, "DIST4711.70" for its section of courier 70.
 * Letters, digits and a dot only: a keyboard-wedge scanner types them the same on an Italian and a US layout (a dash
 * or a slash would come out as another character on one of them).
 */
export function manifestCode(manifestId: number, courierId?: number): string {
  return courierId === undefined ? `DIST${manifestId}` : `DIST${manifestId}.${courierId}`;
}

const STAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * PDF date string for the document info. The bench's local time is written without a zone offset (PDF 32000 §7.9.4:
 * the relation to UT is then unknown) rather than guessing a zone, so the same input gives the same bytes anywhere.
 */
export function pdfDate(createdAt: string): string | undefined {
  const m = STAMP.exec(createdAt);
  if (!m) return undefined;
  return `D:${m[1]}${m[2]}${m[3]}${m[4]}${m[5]}${m[6] ?? '00'}`;
}
