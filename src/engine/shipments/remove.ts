// DELETE Shipment / ShipmentByDdtalpha: only unconfirmed shipments; the row, its parcels and its labels go in one
// transaction (labels handed out earlier are void from then on).
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { findRowByDdtAlpha } from './read';

export type DeleteOutcome = 'deleted' | 'not_found' | 'confirmed' | 'ambiguous';

export function deleteShipment(ctx: EngineContext, caller: Caller, id: number): DeleteOutcome {
  return ctx.db.transaction((): DeleteOutcome => {
    const row = ctx.shipments.byId(caller.userId, id);
    if (!row) return 'not_found';
    if (row.confermato === 1) return 'confirmed';
    ctx.shipments.delete(row.id);
    return 'deleted';
  }).immediate();
}

export function deleteShipmentByDdtAlpha(ctx: EngineContext, caller: Caller, ddtAlpha: string, clientId?: number): DeleteOutcome {
  return ctx.db.transaction((): DeleteOutcome => {
    const found = findRowByDdtAlpha(ctx, caller, ddtAlpha, clientId);
    if (found.kind !== 'found') return found.kind;
    if (found.value.confermato === 1) return 'confirmed';
    ctx.shipments.delete(found.value.id);
    return 'deleted';
  }).immediate();
}
