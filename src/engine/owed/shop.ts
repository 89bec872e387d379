// A connected shop's order (shops/fulfilments.ts says what is sent): its fulfilment with the waybill, its withdrawal
// when the shipment is deleted, and the parcel's states after it (shops/events.ts). Owed in both modes: the shop is
// the bench's, whoever made the waybill.
import { queueShopEvent } from '../shops/events';
import { queueShopCancel, queueShopFulfilment } from '../shops/fulfilments';
import type { Notice } from './notice';

export const shopNotice: Notice = {
  kind: 'shop',
  // Told once, however many times a waybill is applied (a connected bench may apply the remote's answer again after
  // a lost one).
  onWaybill: (ctx, row) => ctx.shops.fulfilmentsOf(row.id).length === 0 && queueShopFulfilment(ctx, row),
  onDelete: (ctx, row) => queueShopCancel(ctx, row),
  onParcelState: (ctx, row, state) => queueShopEvent(ctx, row, state),
};
