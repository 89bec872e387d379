// What a connected shop is told of a departed parcel's states, once its order is fulfilled: each state its platform
// follows (shopPlatforms.ts parcelStates), once, with the courier's words and when the bench saw it. Queued in the
// transaction that keeps the state (owed/shop.ts), in both modes: the shop is the bench's. The body is fixed here, so
// every attempt sends the same event, and a resend finds the one a lost answer made (src/shops says how per platform).
import { SHOP_PLATFORMS } from '../../shared/domain/shopPlatforms';
import type { TrackingKind, TrackingState } from '../../shared/domain/tracking';
import type { EngineContext } from '../context';
import type { ShipmentRow } from '../shipments/repo';
import type { FulfilmentBody } from './fulfilments';
import type { ShopFulfilmentRow } from './repo';

type EventContext = Pick<EngineContext, 'shops' | 'parcelNotices' | 'clock'>;

/** The states the customer is told of too (when the shop tells its customers): the ones they can act on or wait for. */
const TOLD_TO_CUSTOMER: ReadonlySet<TrackingKind> = new Set(['delivered', 'attempted', 'held', 'address_not_found']);

/** One parcel state as the shop hears it. */
export interface ShopEventBody {
  kind: TrackingKind;
  /** The courier's own words. */
  words: string;
  /** The waybill: the fulfilment's tracking number. */
  number: string;
  /** When the bench first saw the state (ISO, to the second). */
  happenedAt: string;
  shopOrderId: string;
  orderRef: string;
  /** Shown to the customer as well as the shop (WooCommerce's customer note). */
  customer: boolean;
}

/** Inside the transaction that kept `state` for the shipment: queues the shop's event; false when none is owed. */
export function queueShopEvent(ctx: EventContext, row: ShipmentRow, state: TrackingState): boolean {
  const fulfil = ctx.shops.fulfilmentsOf(row.id).find((f) => f.kind === 'fulfil');
  if (!fulfil || !row.num_spedizione) return false;
  return queueEvent(ctx, fulfil, row.num_spedizione, state, { shipment_id: row.id });
}

/**
 * Inside the transaction that kept `state` for the parcel of a hub shipment made at another bench: the shop's event
 * for the fulfilment `fulfil` it was told of that shipment with (its tracking number the fulfilment's).
 */
export function queueHubShopEvent(ctx: EventContext, fulfil: ShopFulfilmentRow, state: TrackingState): boolean {
  const { number } = JSON.parse(fulfil.body) as FulfilmentBody;
  if (!number) return false;
  return queueEvent(ctx, fulfil, number, state, { shipment_id: null, hub_fulfilment_id: fulfil.id });
}

function queueEvent(
  ctx: EventContext,
  fulfil: ShopFulfilmentRow,
  number: string,
  state: TrackingState,
  parcel: { shipment_id: number | null; hub_fulfilment_id?: number },
): boolean {
  const connection = ctx.shops.connection(fulfil.connection_id);
  if (!connection || !SHOP_PLATFORMS[connection.platform].parcelStates.includes(state.kind)) return false;
  const now = ctx.clock.now();
  const body: ShopEventBody = {
    kind: state.kind,
    words: state.words,
    number,
    happenedAt: new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
    shopOrderId: fulfil.shop_order_id,
    orderRef: fulfil.order_ref,
    customer: connection.notify_customer === 1 && TOLD_TO_CUSTOMER.has(state.kind),
  };
  return ctx.parcelNotices.queue({
    ...parcel,
    channel: 'shop',
    event: state.kind,
    connection_id: connection.id,
    body: JSON.stringify(body),
    created_at: now.getTime(),
  });
}
