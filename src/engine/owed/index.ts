// What a change to a shipment owes the world outside the bench, decided in one place for both modes and queued in the
// change's own transaction: each notice (mail.ts, partner.ts, shop.ts) rules on the change by mode. A standalone
// engine owes all of them; a connected one only the shop's (the remote tells partners and sends e-mails itself).
// The caller wakes the workers after the commit with the kinds queued (EngineContext.queued).
import type { TrackingState } from '../../shared/domain/tracking';
import type { ShipmentRow } from '../shipments/repo';
import type { OwedKind } from './kinds';
import { mailNotice } from './mail';
import type { Notice, OwedContext } from './notice';
import { partnerNotice } from './partner';
import { shopNotice } from './shop';

export type { OwedKind } from './kinds';
export type { OwedContext } from './notice';

/** Every notice a shipment can owe, in the order their rows are written. */
export const NOTICES: readonly Notice[] = [mailNotice, partnerNotice, shopNotice];

function owed(rule: 'onWaybill' | 'onDelete' | 'onConfirm', ctx: OwedContext, row: ShipmentRow): OwedKind[] {
  const queued: OwedKind[] = [];
  for (const notice of NOTICES) if (notice[rule]?.(ctx, row)) queued.push(notice.kind);
  return queued;
}

/** Inside the transaction that stored the shipment's waybill (`row` as stored with it): what that waybill owes. */
export function owedOnWaybill(ctx: OwedContext, row: ShipmentRow): OwedKind[] {
  return row.num_spedizione ? owed('onWaybill', ctx, row) : [];
}

/** Inside a delete's transaction, before the row goes: the partner hears of it, the shop withdraws its fulfilment. */
export const owedOnDelete = (ctx: OwedContext, row: ShipmentRow): OwedKind[] => owed('onDelete', ctx, row);

/** Inside a confirmation's transaction: the partner hears the parcel is handed to the courier. */
export const owedOnConfirm = (ctx: OwedContext, row: ShipmentRow): OwedKind[] => owed('onConfirm', ctx, row);

/** Inside the transaction that kept a departed parcel's new state: the shop and the recipient hear of it. */
export function owedOnParcelState(ctx: OwedContext, row: ShipmentRow, state: TrackingState): OwedKind[] {
  const queued: OwedKind[] = [];
  for (const notice of NOTICES) if (notice.onParcelState?.(ctx, row, state)) queued.push(notice.kind);
  return queued;
}
