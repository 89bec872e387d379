// DELETE Shipment / ShipmentByDdtalpha: only unconfirmed shipments; the row, its parcels and its labels go in one
// transaction (labels handed out earlier are void from then on).
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { owedOnDelete, type OwedKind } from '../owed/index';
import { findRowByDdtAlpha } from './read';
import type { ShipmentRow } from './repo';

export type DeleteOutcome = 'deleted' | 'not_found' | 'confirmed' | 'ambiguous';

/**
 * Inside the caller's transaction: the row, its parcels and labels go; the flow hears of it first, and what the
 * deletion owes (a partner event, a shop's withdrawal) is queued with it.
 */
function deleteRow(ctx: EngineContext, row: ShipmentRow, owed: OwedKind[]): DeleteOutcome {
  if (row.confermato === 1) return 'confirmed';
  ctx.flow.deleting(row);
  owed.push(...owedOnDelete(ctx, row));
  ctx.shipments.delete(row.id);
  return 'deleted';
}

function notified(ctx: EngineContext, outcome: DeleteOutcome, owed: readonly OwedKind[]): DeleteOutcome {
  if (outcome === 'deleted') ctx.flow.changed();
  ctx.queued(owed);
  return outcome;
}

export function deleteShipment(ctx: EngineContext, caller: Caller, id: number): DeleteOutcome {
  const owed: OwedKind[] = [];
  return notified(
    ctx,
    ctx.db
      .transaction((): DeleteOutcome => {
        const row = ctx.shipments.byId(caller.userId, id);
        return row ? deleteRow(ctx, row, owed) : 'not_found';
      })
      .immediate(),
    owed,
  );
}

export function deleteShipmentByDdtAlpha(
  ctx: EngineContext,
  caller: Caller,
  ddtAlpha: string,
  clientId?: number,
): DeleteOutcome {
  const owed: OwedKind[] = [];
  return notified(
    ctx,
    ctx.db
      .transaction((): DeleteOutcome => {
        const found = findRowByDdtAlpha(ctx, caller, ddtAlpha, clientId);
        return found.kind === 'found' ? deleteRow(ctx, found.value, owed) : found.kind;
      })
      .immediate(),
    owed,
  );
}
