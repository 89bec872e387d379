// What a connected shop is owed about one of its orders: its fulfilment when the shipment gets its waybill (courier,
// tracking number and link, and whether the shop e-mails its customer), and its withdrawal when the shipment is
// deleted. Queued inside the transaction of that change, in both modes (as owed/shop.ts rules: a local courier's
// waybill or the remote's), so the shop hears of a waybill exactly when it exists; the body is fixed here, so every
// attempt sends the same tracking. An order shipped at another bench of a shared queue is fulfilled (and withdrawn)
// here too, from the hub's shipment, by the bench that holds the shop's connection.
import type { EngineContext } from '../context';
import type { ShipmentRow } from '../shipments/repo';
import type { ShopFulfilmentRow } from './repo';

type ShopContext = Pick<EngineContext, 'shops' | 'couriers' | 'clock'>;
type HubContext = ShopContext & Pick<EngineContext, 'hubShipments'>;

/** The tracking a fulfilment carries: the shop shows it to its customer as given. */
export interface FulfilmentBody {
  company: string;
  number: string;
  url: string;
  notifyCustomer: boolean;
}

type Waybill = Pick<ShipmentRow, 'corriere' | 'num_spedizione' | 'tracking_link'>;

const bodyOf = (ctx: ShopContext, waybill: Waybill, notify: number): FulfilmentBody => ({
  company: ctx.couriers.get(waybill.corriere)?.name ?? `Corriere ${waybill.corriere}`,
  number: waybill.num_spedizione,
  url: waybill.tracking_link,
  notifyCustomer: notify === 1,
});

/** The withdrawal of a fulfilment: the same shop order, shipment (here or at the hub) and tracking. */
const withdrawalOf = (fulfil: ShopFulfilmentRow) => ({
  connection_id: fulfil.connection_id,
  user_id: fulfil.user_id,
  shipment_id: fulfil.shipment_id,
  hub_shipment_id: fulfil.hub_shipment_id,
  shop_order_id: fulfil.shop_order_id,
  order_ref: fulfil.order_ref,
  kind: 'cancel' as const,
  body: fulfil.body,
});

/** Queues the shop order's fulfilment for a shipment that has just got its waybill; false when it ships none. */
export function queueShopFulfilment(ctx: ShopContext, row: ShipmentRow): boolean {
  if (!row.num_spedizione) return false;
  const link = ctx.shops.ofShipment(row.id);
  if (!link) return false;
  const body = bodyOf(ctx, row, link.notify_customer);
  ctx.shops.queue({
    connection_id: link.connection_id,
    user_id: link.user_id,
    shipment_id: row.id,
    hub_shipment_id: null,
    shop_order_id: link.shop_order_id,
    order_ref: link.order_ref,
    kind: 'fulfil',
    body: JSON.stringify(body),
    created_at: ctx.clock.now().getTime(),
  });
  return true;
}

/**
 * Inside a transaction: the fulfilment of a user's shop order that another bench of the shared queue shipped, with the
 * waybill of the hub's shipment `hubId` (not held here: the row names it as the hub's), and that parcel followed from
 * now on for the shop (hubParcels.ts). Once per shop order; false when it is not a shop order of this user's, has no
 * waybill yet, or its shop was told already.
 */
export function queueHubFulfilment(
  ctx: HubContext,
  order: { userId: number; clientId: number; orderRef: string },
  hubId: number,
  waybill: Waybill,
): boolean {
  if (!waybill.num_spedizione || hubId <= 0) return false;
  const link = ctx.shops.ofOrder(order.userId, order.clientId, order.orderRef);
  if (!link || ctx.hubShipments.hubFulfilment(link.connection_id, link.shop_order_id)) return false;
  const now = ctx.clock.now().getTime();
  const id = ctx.shops.queue({
    connection_id: link.connection_id,
    user_id: link.user_id,
    shipment_id: null,
    hub_shipment_id: hubId,
    shop_order_id: link.shop_order_id,
    order_ref: link.order_ref,
    kind: 'fulfil',
    body: JSON.stringify(bodyOf(ctx, waybill, link.notify_customer)),
    created_at: now,
  });
  ctx.hubShipments.follow(id, now);
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
  ctx.shops.queue({ ...withdrawalOf(fulfil), created_at: ctx.clock.now().getTime() });
  return true;
}

/**
 * Inside a transaction: the hub's shipment that fulfilled a user's shop order at another bench is gone (the order waits
 * at the hub again): the shop withdraws what it was told, as for a shipment deleted here. False when it was told none.
 */
export function queueHubCancel(ctx: HubContext, order: { userId: number; clientId: number; orderRef: string }) {
  const link = ctx.shops.ofOrder(order.userId, order.clientId, order.orderRef);
  const fulfil = link && ctx.hubShipments.hubFulfilment(link.connection_id, link.shop_order_id);
  if (!fulfil) return false;
  ctx.shops.dropHub(fulfil.id, 'Spedizione cancellata sull’hub prima dell’invio');
  ctx.shops.queue({ ...withdrawalOf(fulfil), created_at: ctx.clock.now().getTime() });
  return true;
}
