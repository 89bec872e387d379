// One notice a shipment can owe, as a rule per change: given the engine's context inside the change's transaction and
// the shipment's row, the notice decides by mode whether it is owed, writes its row and says whether it did. A new
// notice is one such file beside this one, its kind in kinds.ts and a line in index.ts's list.
import type { TrackingState } from '../../shared/domain/tracking';
import type { EngineContext } from '../context';
import type { ShipmentRow } from '../shipments/repo';
import type { OwedKind } from './kinds';

export type OwedContext = Pick<
  EngineContext,
  | 'connected'
  | 'mail'
  | 'mailFrom'
  | 'noticeMailFrom'
  | 'partners'
  | 'partnerBook'
  | 'shops'
  | 'parcelNotices'
  | 'couriers'
  | 'clock'
  | 'settings'
>;

/** A change this notice has no rule for owes nothing of its kind. Each rule returns true when it queued a row. */
export interface Notice {
  kind: OwedKind;
  /** The shipment has just got its waybill (`row` as stored with it): from a local courier, or the remote's answer. */
  onWaybill?(ctx: OwedContext, row: ShipmentRow): boolean;
  /** The shipment is about to be deleted (the row is still there). */
  onDelete?(ctx: OwedContext, row: ShipmentRow): boolean;
  /** The shipment has just been confirmed (the row as it was before). */
  onConfirm?(ctx: OwedContext, row: ShipmentRow): boolean;
  /**
   * The departed parcel has a new state (`state`, kept in this transaction): not for a state it had before. Owed in
   * both modes where the notice says so (a connected bench's remote tells neither the shop nor the recipient).
   */
  onParcelState?(ctx: OwedContext, row: ShipmentRow, state: TrackingState): boolean;
}
