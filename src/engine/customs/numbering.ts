// The station's own invoice numbers, for a shop that gives none (bench settings: a prefix and each year's next
// number): `FT-2026-0001`. A parcel leaving the EU customs territory needs its invoice number before any courier
// takes it, so a request with goods lines and no `invoice_number` gets the next one when it is created. The numbering
// is never set back onto a number already given in its series (prefix and year): two invoices never share one.
import { fieldIssue, type FieldIssues } from '../../shared/api/fieldIssues';
import type { CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import { outsideEuCustoms } from '../../shared/domain/customs';
import type { Db } from '../db/open';
import type { Clock } from '../ports';
import type { SettingsRepo } from '../settings/repo';

export const INVOICE_SETTING_KEYS = {
  prefix: 'invoice.prefix',
  /** The next number of each year, `{"2026": 12}`: one key, so it follows the bench to another connection. */
  next: 'invoice.next',
  /**
   * The highest number the station took in each series, `{"FT-2026-": 12}`: the numbering never goes back to it,
   * also once the shipment that had it is deleted (its invoice may have been printed and handed over).
   */
  given: 'invoice.given',
} as const;
export const DEFAULT_INVOICE_PREFIX = 'FT-';

function nextByYear(settings: SettingsRepo, key: string = INVOICE_SETTING_KEYS.next): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(settings.get(key) || '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The next number the station would give in `year` (1 when none was given yet). */
export function nextInvoiceNumber(settings: SettingsRepo, year: string): number {
  const n = Number(nextByYear(settings)[year]);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Sets the next number of `year` (the bench's setting, or the number after one given). */
export function setNextInvoiceNumber(settings: SettingsRepo, year: string, n: number): void {
  settings.set(INVOICE_SETTING_KEYS.next, JSON.stringify({ ...nextByYear(settings), [year]: n }));
}

/** `FT-2026-0001`: the prefix, the year and the number, four digits at least. */
export function formatInvoiceNumber(prefix: string, year: string, n: number): string {
  return `${series(prefix, year)}${String(n).padStart(4, '0')}`;
}

/** What every number of a year's numbering starts with: `FT-2026-`. */
const series = (prefix: string, year: string) => `${prefix}${year}-`;

const prefixOf = (settings: SettingsRepo) => settings.get(INVOICE_SETTING_KEYS.prefix) ?? DEFAULT_INVOICE_PREFIX;

/**
 * The highest number given in a series: on a shipment kept (the station's numbers, and a shop's that have the same
 * shape), or taken by the station before (its shipment since deleted). 0: none. Reads every shipment's data; called
 * only when the numbering is changed.
 */
function highestGiven(db: Db, settings: SettingsRepo, prefix: string, year: string): number {
  const start = series(prefix, year);
  const row = db
    .prepare<{ start: string; from: number }, { n: number | null }>(
      `SELECT max(CAST(substr(number, @from) AS INTEGER)) AS n
       FROM (SELECT json_extract(data, '$.invoice_number') AS number FROM shipments)
       WHERE substr(number, 1, @from - 1) = @start AND substr(number, @from) GLOB '[0-9]*'
         AND NOT substr(number, @from) GLOB '*[^0-9]*'`,
    )
    .get({ start, from: start.length + 1 });
  const taken = Number(nextByYear(settings, INVOICE_SETTING_KEYS.given)[start]);
  return Math.max(row?.n ?? 0, Number.isInteger(taken) ? taken : 0);
}

/**
 * Changes the station's numbering: its prefix and `year`'s next number, each kept as it is when not given. Refused,
 * with nothing changed, when the next number is one already given in the series it would then number (a shipment
 * has it, or had it): on the next number's field when it was given, else on the prefix's.
 */
export function changeInvoiceNumbering(
  db: Db,
  settings: SettingsRepo,
  year: string,
  change: { prefix?: string | undefined; next?: number | undefined },
): { ok: true } | { ok: false; fields: FieldIssues } {
  const prefix = change.prefix?.trim() ?? prefixOf(settings);
  const next = change.next ?? nextInvoiceNumber(settings, year);
  const highest = highestGiven(db, settings, prefix, year);
  if (next <= highest) {
    const field = change.next !== undefined ? 'invoiceNext' : 'invoicePrefix';
    return {
      ok: false,
      fields: { [field]: fieldIssue('invoiceNumberUsed', formatInvoiceNumber(prefix, year, highest)) },
    };
  }
  if (change.prefix !== undefined) settings.set(INVOICE_SETTING_KEYS.prefix, prefix);
  if (change.next !== undefined) setNextInvoiceNumber(settings, year, change.next);
  return { ok: true };
}

/** Today at the bench, `YYYY-MM-DD`. */
export function benchDay(clock: Clock): string {
  const now = clock.now();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Takes the next number of `day`'s year (`take`), or only reads it (a dry run: the number the shipment would get).
 * Called inside the caller's transaction where it must not be given twice.
 */
export function stationInvoiceNumber(settings: SettingsRepo, day: string, take: boolean): string {
  const year = day.slice(0, 4);
  const n = nextInvoiceNumber(settings, year);
  const prefix = prefixOf(settings);
  if (take) {
    setNextInvoiceNumber(settings, year, n + 1);
    const given = nextByYear(settings, INVOICE_SETTING_KEYS.given);
    const start = series(prefix, year);
    if (!(Number(given[start]) >= n))
      settings.set(INVOICE_SETTING_KEYS.given, JSON.stringify({ ...given, [start]: n }));
  }
  return formatInvoiceNumber(prefix, year, n);
}

/**
 * A request whose goods leave the EU customs territory with lines but no invoice number gets the station's (and
 * today's date where it gives none); any other request is returned as it is.
 */
export function withStationInvoice(
  input: CreateShipmentRequest,
  settings: SettingsRepo,
  clock: Clock,
  take: boolean,
): CreateShipmentRequest {
  if (input.invoice_number.trim() !== '' || input.documenti === 1 || input.dettagli_ordine.length === 0) return input;
  if (!outsideEuCustoms(input.rcpt_country_code, input.rcpt_cap)) return input;
  const day = input.invoice_date || benchDay(clock);
  return { ...input, invoice_number: stationInvoiceNumber(settings, day, take), invoice_date: day };
}
