// A courier's text limits (its declared field_limits), every one at once: each text longer than the courier takes is
// named with its length and the maximum, so the operator shortens them all in one go. A shipment refused for another
// reason still carries them beside that reason, so the form shows everything to fix together.
import { courierTooLong, otherIssue, type FieldIssues } from '../../shared/api/fieldIssues';
import { fieldLabel } from '../../shared/api/fieldLabels';
import type { CourierCheck, CourierDefinition, ShipmentInput } from './types';

type Refused = CourierCheck & { ok: false };

function fieldText(shipment: ShipmentInput, field: string): string {
  const value = (shipment as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * A private person's contact is their name (the form sends it so when none is typed): shortening the name shortens
 * it, so it is not named twice.
 */
const isTheName = (shipment: ShipmentInput, field: string) =>
  field === 'rcpt_contact' && shipment.rcpt_contact === shipment.rcpt_name;

/** Every text over the courier's limits, in the courier's order; undefined when all fit. */
export function lengthRefusal(courier: CourierDefinition, shipment: ShipmentInput): Refused | undefined {
  // A plain loop that makes nothing while every text fits: a file's import asks it of thousands of orders.
  const over: { field: string; max: number; length: number }[] = [];
  for (const field in courier.fieldLimits) {
    const max = courier.fieldLimits[field]!;
    const length = fieldText(shipment, field).length;
    if (length > max && !isTheName(shipment, field)) over.push({ field, max, length });
  }
  const [first] = over;
  if (!first) return undefined;
  // One sentence per text, as a single one has always been worded (the API's words).
  const reason = over
    .map(({ field, max }) => `${fieldLabel(field)} troppo lungo per ${courier.name}: al massimo ${max} caratteri`)
    .join('; ');
  return {
    ok: false,
    reason,
    code: 'fieldTooLong',
    params: { field: first.field, max: first.max, fields: over.map((o) => o.field).join(', ') },
    field: first.field,
    issues: Object.fromEntries(over.map(({ field, max, length }) => [field, courierTooLong(max, length)])),
  };
}

/**
 * Another refusal with the texts over the limits beside it: its own words stay first (its reason and code), and each
 * field concerned gets its issue, the refusal's own field its words when it gave no issue for it.
 */
export function withLengths(refused: Refused, lengths: Refused | undefined): Refused {
  if (!lengths) return refused;
  const own: FieldIssues = refused.issues ?? (refused.field ? { [refused.field]: otherIssue(refused.reason) } : {});
  return { ...refused, issues: { ...lengths.issues, ...own } };
}
