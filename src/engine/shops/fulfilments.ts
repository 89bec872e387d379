// What a connected shop is owed about one of its orders: its fulfilment when the shipment gets its waybill (courier,
// tracking number and link, and whether the shop e-mails its customer), and its withdrawal when the shipment is
// deleted. Queued inside the transaction of that change, in both modes (as owed/shop.ts rules: a local courier's
// waybill or the remote's), so the shop hears of a waybill exactly when it exists; the body is fixed here, so every
// attempt sends the same tracking.
import type { EngineContext } from '../context';
import type { ShipmentRow } from '../shipments/repo';

type ShopContext = Pick<EngineContext, 'shops' | 'couriers' | 'clock'>;

/** The tracking a fulfilment carries: the shop shows it to its customer as given. */
export interface FulfilmentBody {
  company: string;
  number: string;
  url: string;
  notifyCustomer: boolean;
}

/** Queues the shop order's fulfilment for a shipment that has just got its waybill; false when it ships none. */
export function queueShopFulfilment(ctx: ShopContext, row: ShipmentRow): boolean {
  if (!row.num_spedizione) return false;
  const link = ctx.shops.ofShipment(row.id);
  if (!link) return false;
  const body: FulfilmentBody = {
    company: ctx.couriers.get(row.corriere)?.name ?? `Corriere ${row.corriere}`,
    number: row.num_spedizione,
    url: row.tracking_link,
    notifyCustomer: link.notify_customer === 1,
  };
  ctx.shops.queue({
    connection_id: link.connection_id,
    user_id: link.user_id,
    shipment_id: row.id,
    shop_order_id: link.shop_order_id,
    order_ref: link.order_ref,
    kind: 'fulfil',
    body: JSON.stringify(body),
    created_at: ctx.clock.now().getTime(),
  });
  return true;
}

/**
 * Inside a delete's transaction: the shop withdraws the fulfilment it was told of. A fulfilment not yet sent is
 * dropped; the withdrawal reads the shop first, so one whose answer was lost is still found and cancelled. None
 * queued, nothing to withdraw.
 */
export function queueShopCancel(ctx: ShopContext, row: ShipmentRow): boolean {
  const fulfil = ctx.shops.fulfilmentsOf(row.id).find((f) => f.kind === 'fulfil');
  if (!fulfil) return false;
  // Not sent yet: it never will be (a lost answer's fulfilment is found by the withdrawal, which reads the shop).
  ctx.shops.drop(row.id, 'Spedizione cancellata alla postazione prima dell’invio');
  ctx.shops.queue({
    connection_id: fulfil.connection_id,
    user_id: fulfil.user_id,
    shipment_id: row.id,
    shop_order_id: fulfil.shop_order_id,
    order_ref: fulfil.order_ref,
    kind: 'cancel',
    body: fulfil.body,
    created_at: ctx.clock.now().getTime(),
  });
  return true;
}
