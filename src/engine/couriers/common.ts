// Small pieces several couriers share: the fields every built-in courier lets PATCH change, and zero padding.

/** Notes and recipient contact data: not printed as routing data, safe to change without a new label. */
export const BASE_AMENDABLE_FIELDS = ['note_sender', 'note', 'note_2', 'rcpt_phone', 'rcpt_email', 'rcpt_contact', 'rcpt_emails_extra'] as const;

export const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** Italian routing: province and the first three digits of the postal code pick the destination depot. */
export function italianRouting(cap: string, prov: string): string {
  return `${prov.toUpperCase()} ${cap.slice(0, 3)}`;
}
