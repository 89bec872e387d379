// Shopify as a ShopClient: orders by Shopify's search syntax from the last modification read, and a fulfilment made
// once: the order's fulfilments are read first, and one carrying our tracking number is the one an earlier attempt
// made (its answer lost), so it is never made twice; the parcel's states after it as fulfilment events (events.ts).
import type { ShopFulfilmentDue } from '../../engine/index';
import { later, type ShopClient } from '../client';
import { shopifyShop, type ShopifyOptions, type ShopifyShop } from './api';
import { tellShopify } from './events';
import { shopifyOrdersIn } from './orders';
import { refusedFor, type ShopFailure } from '../types';

/** A second before the last order read: Shopify's times are to the second, so that second's orders are read again. */
function sinceQuery(watermark: string): string {
  const at = Date.parse(watermark);
  if (!watermark || Number.isNaN(at)) return 'status:open';
  return `updated_at:>'${new Date(at - 1000).toISOString().replace('.000Z', 'Z')}'`;
}

/** Fulfilments that stand: a cancelled one, or one Shopify's carrier service failed (ERROR, FAILURE), is to redo. */
const STANDING = new Set(['SUCCESS', 'OPEN', 'PENDING']);

/**
 * One attempt at a fulfilment or its withdrawal: the shop's answer, or why there was none. An order split across
 * locations gets one fulfilment per location (fulfillmentCreate takes one location's fulfillment orders), each with the
 * parcel's tracking; one already made with our number by an attempt whose answer was lost is never made again.
 */
async function attempt(item: ShopFulfilmentDue, shop: ShopifyShop): Promise<{ ok: true; id: string } | ShopFailure> {
  const state = await shop.fulfilmentState(item.shopOrderId);
  if (!state.ok) return state.failure;
  if (!state.data.found) return refusedFor('orderGone', `Ordine ${item.orderRef} non trovato nel negozio`);
  const ours = state.data.fulfilments.filter((f) => STANDING.has(f.status) && f.numbers.includes(item.body.number));
  if (item.kind === 'cancel') {
    let id = '';
    for (const f of ours) {
      const cancelled = await shop.cancel(f.id);
      if (!cancelled.ok) return cancelled.failure;
      id ||= cancelled.data.id;
    }
    return { ok: true, id };
  }
  const groups = state.data.openByLocation;
  if (ours.length > 0 && groups.length === 0) return { ok: true, id: ours[0]!.id };
  // Nothing left open: fulfilled with another shipment, or (no fulfilment standing) cancelled or closed in the shop.
  if (groups.length === 0 && state.data.fulfilments.some((f) => STANDING.has(f.status))) {
    const message =
      `Ordine ${item.orderRef} già evaso nel negozio (con un'altra spedizione): ` + 'nessuna evasione da creare';
    return refusedFor('orderDone', message);
  }
  if (groups.length === 0)
    return refusedFor('orderClosed', `Ordine ${item.orderRef} annullato o chiuso nel negozio: nessuna evasione`);
  let id = ours[0]?.id ?? '';
  for (const fulfillmentOrderIds of groups) {
    const made = await shop.fulfil({ fulfillmentOrderIds, ...item.body });
    if (!made.ok) return made.failure;
    id ||= made.data.id;
  }
  return { ok: true, id };
}

export function shopifyClient(options: ShopifyOptions): ShopClient {
  const shop = shopifyShop(options);
  return {
    check: () => shop.check(),
    async orders(watermark, cursor, read) {
      const answer = await shop.orders(sinceQuery(watermark), cursor);
      if (!answer.ok) return answer;
      const taken = shopifyOrdersIn(answer.data.orders, read);
      const latest = answer.data.orders.reduce((max, order) => later(max, order.updatedAt ?? ''), '');
      return { ok: true, data: { taken, latest, next: answer.data.hasNextPage ? answer.data.endCursor : null } };
    },
    deliver: (item) => attempt(item, shop),
    tell: (item) => tellShopify(shop, item),
    close: () => shop.close(),
  };
}
