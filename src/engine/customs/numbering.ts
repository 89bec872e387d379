// The station's own invoice numbers, for a shop that gives none (bench settings: a prefix, the bench's series among
// the shop's benches, each year's next number): `FT-2026-0001`, `FT-2026-B2-0001`. A parcel leaving the EU customs
// territory needs its invoice number before any courier takes it, so a request with goods lines and no
// `invoice_number` gets the next one when it is created. The numbering is never set back onto a number already given
// in its series (prefix, year and the bench's series): two invoices never share one.
import { fieldIssue, type FieldIssues } from '../../shared/api/fieldIssues';
import { FIELD_MSG, MSG } from '../../shared/api/messages';
import type { CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import { outsideEuCustoms } from '../../shared/domain/customs';
import type { Db } from '../db/open';
import type { Clock } from '../ports';
import type { SettingsRepo } from '../settings/repo';

export const INVOICE_SETTING_KEYS = {
  prefix: 'invoice.prefix',
  /** This bench's series among the shop's benches (`B2` → `FT-2026-B2-0001`); empty: none. */
  series: 'invoice.series',
  /** The next number of each year, `{"2026": 12}`: one key, so it follows the bench to another connection. */
  next: 'invoice.next',
  /**
   * The highest number the station took in each series, `{"FT-2026-": 12}`: the numbering never goes back to it,
   * also once the shipment that had it is deleted (its invoice may have been printed and handed over).
   */
  given: 'invoice.given',
} as const;
export const DEFAULT_INVOICE_PREFIX = 'FT-';
/** A bench's series is short, as it is printed inside every number: letters and digits only. */
export const INVOICE_SERIES_MAX = 4;

/** The series as kept (trimmed, upper case; '' none), or undefined when it is not letters and digits, short. */
export function invoiceSeriesOf(text: string): string | undefined {
  const series = text.trim().toUpperCase();
  return series === '' || (series.length <= INVOICE_SERIES_MAX && /^[A-Z0-9]+$/.test(series)) ? series : undefined;
}

/** Thrown where a number would be taken on a bench that must number in a series of its own and has none. */
export class InvoiceSeriesMissing extends Error {
  constructor() {
    super(MSG.invalidFields([`invoice_number: ${FIELD_MSG.invoiceSeriesMissing}`]));
  }
}

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

/** A numbering: the prefix and the bench's series ('' none); with a year, every number of it starts the same. */
export interface InvoiceNumbering {
  prefix: string;
  series: string;
}

/** `FT-2026-0001`, `FT-2026-B2-0001`: the prefix, the year, the bench's series and the number, four digits at least. */
export function formatInvoiceNumber(numbering: InvoiceNumbering, year: string, n: number): string {
  return `${startOf(numbering, year)}${String(n).padStart(4, '0')}`;
}

/** What every number of a year's numbering starts with: `FT-2026-`, `FT-2026-B2-`. */
const startOf = ({ prefix, series }: InvoiceNumbering, year: string) =>
  `${prefix}${year}-${series ? `${series}-` : ''}`;

/** The number the station's next invoice of `year` takes, written out: `FT-2026-B2-0012`. */
export function upcomingInvoiceNumber(settings: SettingsRepo, year: string): string {
  return formatInvoiceNumber(invoiceNumberingOf(settings), year, nextInvoiceNumber(settings, year));
}

/** The bench's numbering as its settings say. */
export function invoiceNumberingOf(settings: SettingsRepo): InvoiceNumbering {
  return {
    prefix: settings.get(INVOICE_SETTING_KEYS.prefix) ?? DEFAULT_INVOICE_PREFIX,
    series: invoiceSeriesOf(settings.get(INVOICE_SETTING_KEYS.series) ?? '') ?? '',
  };
}

/**
 * The highest number given in a numbering: on a shipment kept (the station's numbers, and a shop's that have the same
 * shape), or taken by the station before (its shipment since deleted). 0: none. Reads every shipment's data; called
 * only when the numbering is changed.
 */
function highestGiven(db: Db, settings: SettingsRepo, numbering: InvoiceNumbering, year: string): number {
  const start = startOf(numbering, year);
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

export interface NumberingChange {
  prefix?: string | undefined;
  /** The bench's series ('' none): letters and digits, INVOICE_SERIES_MAX at most, kept in upper case. */
  series?: string | undefined;
  next?: number | undefined;
}

/**
 * Changes the station's numbering: its prefix, its series and `year`'s next number, each kept as it is when not
 * given. A series changed without a next number starts after its own last number (1 when new), not at the number
 * the old series had reached. Refused, with nothing changed, when the series is not short letters and digits, or
 * when the next number is one already given in the numbering it would then number (a shipment has it, or had it):
 * on the next number's field when it was given, else on the prefix's.
 */
export function changeInvoiceNumbering(
  db: Db,
  settings: SettingsRepo,
  year: string,
  change: NumberingChange,
): { ok: true } | { ok: false; fields: FieldIssues } {
  const current = invoiceNumberingOf(settings);
  const series = change.series === undefined ? current.series : invoiceSeriesOf(change.series);
  if (series === undefined)
    return { ok: false, fields: { invoiceSeries: fieldIssue('invoiceSeries', String(INVOICE_SERIES_MAX)) } };
  const numbering = { prefix: change.prefix?.trim() ?? current.prefix, series };
  const highest = highestGiven(db, settings, numbering, year);
  const seriesChanged = series !== current.series;
  const next = change.next ?? (seriesChanged ? highest + 1 : nextInvoiceNumber(settings, year));
  if (next <= highest) {
    const field = change.next !== undefined ? 'invoiceNext' : 'invoicePrefix';
    return {
      ok: false,
      fields: { [field]: fieldIssue('invoiceNumberUsed', formatInvoiceNumber(numbering, year, highest)) },
    };
  }
  if (change.prefix !== undefined) settings.set(INVOICE_SETTING_KEYS.prefix, numbering.prefix);
  if (seriesChanged) settings.set(INVOICE_SETTING_KEYS.series, series);
  if (change.next !== undefined || seriesChanged) setNextInvoiceNumber(settings, year, next);
  return { ok: true };
}

/** Today at the bench, `YYYY-MM-DD`. */
export function benchDay(clock: Clock): string {
  const now = clock.now();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What the station's numbering reads: its settings, its clock, and whether this bench must number in a series. */
export interface NumberingHost {
  settings: SettingsRepo;
  clock: Clock;
  /** This bench shares the shop's numbering with other benches: without a series of its own it gives no number. */
  invoiceSeriesRequired(): boolean;
}

/** The bench must number in a series of its own and has none: it gives no number until one is set. */
export const invoiceSeriesMissing = (host: NumberingHost): boolean =>
  host.invoiceSeriesRequired() && invoiceNumberingOf(host.settings).series === '';

/**
 * Takes the next number of `day`'s year (`take`), or only reads it (a dry run: the number the shipment would get).
 * Called inside the caller's transaction where it must not be given twice. Throws InvoiceSeriesMissing where the
 * bench must number in a series and has none.
 */
export function stationInvoiceNumber(host: NumberingHost, day: string, take: boolean): string {
  if (invoiceSeriesMissing(host)) throw new InvoiceSeriesMissing();
  const { settings } = host;
  const year = day.slice(0, 4);
  const n = nextInvoiceNumber(settings, year);
  const numbering = invoiceNumberingOf(settings);
  if (take) {
    setNextInvoiceNumber(settings, year, n + 1);
    const given = nextByYear(settings, INVOICE_SETTING_KEYS.given);
    const start = startOf(numbering, year);
    if (!(Number(given[start]) >= n))
      settings.set(INVOICE_SETTING_KEYS.given, JSON.stringify({ ...given, [start]: n }));
  }
  return formatInvoiceNumber(numbering, year, n);
}

/**
 * Takes the bench's next number, dated today, for a shipment made elsewhere (a hub's order claimed by this bench):
 * inside the caller's transaction; refused with the field's words where the bench must number in a series it lacks.
 */
export function takeStationInvoice(
  host: NumberingHost,
): { ok: true; number: string; date: string } | { ok: false; error: string } {
  if (invoiceSeriesMissing(host)) return { ok: false, error: new InvoiceSeriesMissing().message };
  const date = benchDay(host.clock);
  return { ok: true, number: stationInvoiceNumber(host, date, true), date };
}

/** A request whose goods leave the EU customs territory with lines but no invoice number: the station numbers it. */
export function needsStationInvoice(input: CreateShipmentRequest): boolean {
  if (input.invoice_number.trim() !== '' || input.documenti === 1 || input.dettagli_ordine.length === 0) return false;
  return outsideEuCustoms(input.rcpt_country_code, input.rcpt_cap);
}

/**
 * A request the station numbers gets its number (and today's date where it gives none); any other request is returned
 * as it is. The shop's own number, when the request carries one, always wins. A dry run reads the number without
 * taking it, also on a bench whose series is missing (the save, not a quote or an order's check, says that).
 */
export function withStationInvoice(
  input: CreateShipmentRequest,
  host: NumberingHost,
  take: boolean,
): CreateShipmentRequest {
  if (!needsStationInvoice(input)) return input;
  const day = input.invoice_date || benchDay(host.clock);
  const number = take ? stationInvoiceNumber(host, day, true) : upcomingInvoiceNumber(host.settings, day.slice(0, 4));
  return { ...input, invoice_number: number, invoice_date: day };
}
