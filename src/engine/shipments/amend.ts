// PATCH Shipment/{id}: changes only the fields the shipment's courier allows, checked with the creation schemas and
// the courier's field lengths; the label is not recreated, so nothing printed on it may change.
import { parseAmendment } from '../../shared/api/amend';
import { MSG } from '../../shared/api/messages';
import type { Caller } from '../auth/users';
import { BASE_AMENDABLE_FIELDS } from '../couriers/common';
import type { EngineContext } from '../context';
import { formatDateTime } from '../ports';
import { parseStoredData } from './record';

export type AmendOutcome = { kind: 'amended' } | { kind: 'not_found' } | { kind: 'refused'; error: string };

export function amendShipment(ctx: EngineContext, caller: Caller, id: number, raw: unknown): AmendOutcome {
  const outcome = ctx.db
    .transaction((): AmendOutcome => {
      const row = ctx.shipments.byId(caller.userId, id);
      if (!row) return { kind: 'not_found' };
      if (row.confermato === 1) return { kind: 'refused', error: MSG.amendConfirmed };
      const courier = ctx.couriers.get(row.corriere);
      const allowed = courier?.amendableFields ?? BASE_AMENDABLE_FIELDS;
      const parsed = parseAmendment(raw, allowed);
      if (!parsed.ok) return { kind: 'refused', error: parsed.error };
      for (const [field, value] of Object.entries(parsed.value)) {
        const max = courier?.fieldLimits[field];
        if (max !== undefined && typeof value === 'string' && value.length > max) {
          return {
            kind: 'refused',
            error: MSG.invalidFields([`${field}: al massimo ${max} caratteri per ${courier?.name ?? ''}`]),
          };
        }
      }
      const data = { ...parseStoredData(row), ...parsed.value };
      ctx.shipments.setAmended(row.id, JSON.stringify(data), formatDateTime(ctx.clock.now()));
      ctx.flow.amended(row, parsed.value);
      return { kind: 'amended' };
    })
    .immediate();
  if (outcome.kind === 'amended') ctx.flow.changed();
  return outcome;
}
