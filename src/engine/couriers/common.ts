// Small pieces several couriers share: the fields every built-in courier lets PATCH change, padding, routing codes
// and the tracking link built from the courier's declared pattern.
import type { CourierDefinition, Waybill } from './types';

/** Notes and recipient contact data: not printed as routing data, safe to change without a new label. */
export const BASE_AMENDABLE_FIELDS = [
  'note_sender',
  'note',
  'note_2',
  'rcpt_phone',
  'rcpt_email',
  'rcpt_contact',
  'rcpt_emails_extra',
] as const;

export const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** Italian routing: province and the first three digits of the postal code pick the destination depot. */
export function italianRouting(cap: string, prov: string): string {
  return `${prov.toUpperCase()} ${cap.slice(0, 3)}`;
}

/** Abroad: country and the first characters of the postal code. */
export function foreignRouting(country: string, cap: string, chars = 2): string {
  return `${country} ${cap.replace(/\s+/g, '').slice(0, chars).toUpperCase()}`;
}

export function trackingLink(courier: CourierDefinition, num: string): string {
  return courier.trackingUrl.replace('{num}', encodeURIComponent(num));
}

/** One barcode per parcel: the waybill number and the parcel number on three digits. */
export function parcelBarcodesOf(num: string, colli: number): string[] {
  return Array.from({ length: colli }, (_, i) => `${num}${pad(i + 1, 3)}`);
}

/** A string option list declared in the courier's data file (options.<key>), as code → description. */
export function optionTable(courier: CourierDefinition, key: string): Record<string, string> {
  const table = courier.options[key];
  if (typeof table !== 'object' || table === null || Array.isArray(table)) return {};
  return Object.fromEntries(Object.entries(table).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The usual waybill: the number is also the shipment barcode, parcels are numbered after it. */
export function numberedWaybill(
  courier: CourierDefinition,
  numSpedizione: string,
  colli: number,
  fields: Waybill['fields'] = {},
): Waybill {
  return {
    numSpedizione,
    barcode: numSpedizione,
    parcelBarcodes: parcelBarcodesOf(numSpedizione, colli),
    trackingLink: trackingLink(courier, numSpedizione),
    fields,
  };
}
