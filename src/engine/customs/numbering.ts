// The station's own invoice numbers, for a shop that gives none (bench settings: a prefix and each year's next
// number): `FT-2026-0001`. A parcel leaving the EU customs territory needs its invoice number before any courier
// takes it, so a request with goods lines and no `invoice_number` gets the next one when it is created.
import type { CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import { outsideEuCustoms } from '../../shared/domain/customs';
import type { Clock } from '../ports';
import type { SettingsRepo } from '../settings/repo';

export const INVOICE_SETTING_KEYS = {
  prefix: 'invoice.prefix',
  /** The next number of each year, `{"2026": 12}`: one key, so it follows the bench to another connection. */
  next: 'invoice.next',
} as const;
export const DEFAULT_INVOICE_PREFIX = 'FT-';

function nextByYear(settings: SettingsRepo): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(settings.get(INVOICE_SETTING_KEYS.next) || '{}');
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
  return `${prefix}${year}-${String(n).padStart(4, '0')}`;
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
  if (take) setNextInvoiceNumber(settings, year, n + 1);
  return formatInvoiceNumber(settings.get(INVOICE_SETTING_KEYS.prefix) ?? DEFAULT_INVOICE_PREFIX, year, n);
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
