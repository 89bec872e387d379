// DELETE Shipment / ShipmentByDdtalpha: only unconfirmed shipments; the row, its parcels and its labels go in one
// transaction (labels handed out earlier are void from then on).
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { findRowByDdtAlpha } from './read';
import type { ShipmentRow } from './repo';

export type DeleteOutcome = 'deleted' | 'not_found' | 'confirmed' | 'ambiguous';

/** Inside the caller's transaction: the row, its parcels and labels go, and the flow hears of it first. */
function deleteRow(ctx: EngineContext, row: ShipmentRow): DeleteOutcome {
  if (row.confermato === 1) return 'confirmed';
  ctx.flow.deleting(row);
  ctx.shipments.delete(row.id);
  return 'deleted';
}

function notified(ctx: EngineContext, outcome: DeleteOutcome): DeleteOutcome {
  if (outcome === 'deleted') ctx.flow.changed();
  return outcome;
}

export function deleteShipment(ctx: EngineContext, caller: Caller, id: number): DeleteOutcome {
  return notified(
    ctx,
    ctx.db
      .transaction((): DeleteOutcome => {
        const row = ctx.shipments.byId(caller.userId, id);
        return row ? deleteRow(ctx, row) : 'not_found';
      })
      .immediate(),
  );
}

export function deleteShipmentByDdtAlpha(
  ctx: EngineContext,
  caller: Caller,
  ddtAlpha: string,
  clientId?: number,
): DeleteOutcome {
  return notified(
    ctx,
    ctx.db
      .transaction((): DeleteOutcome => {
        const found = findRowByDdtAlpha(ctx, caller, ddtAlpha, clientId);
        return found.kind === 'found' ? deleteRow(ctx, found.value) : found.kind;
      })
      .immediate(),
  );
}
