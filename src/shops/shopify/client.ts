// Shopify as a ShopClient: orders by Shopify's search syntax from the last modification read, and a fulfilment made
// once: the order's fulfilments are read first, and one carrying our tracking number is the one an earlier attempt
// made (its answer lost), so it is never made twice; the parcel's states after it as fulfilment events (events.ts).
import type { ShopFulfilmentDue } from '../../engine/index';
import { later, type ShopClient } from '../client';
import { shopifyShop, type ShopifyOptions, type ShopifyShop } from './api';
import { tellShopify } from './events';
import { shopifyOrdersIn } from './orders';
import type { ShopFailure } from '../types';

/** A second before the last order read: Shopify's times are to the second, so that second's orders are read again. */
function sinceQuery(watermark: string): string {
  const at = Date.parse(watermark);
  if (!watermark || Number.isNaN(at)) return 'status:open';
  return `updated_at:>'${new Date(at - 1000).toISOString().replace('.000Z', 'Z')}'`;
}

/** One attempt at a fulfilment or its withdrawal: the shop's answer, or why there was none. */
async function attempt(item: ShopFulfilmentDue, shop: ShopifyShop): Promise<{ ok: true; id: string } | ShopFailure> {
  const state = await shop.fulfilmentState(item.shopOrderId);
  if (!state.ok) return state.failure;
  if (!state.data.found)
    return { kind: 'refused', status: 200, message: `Ordine ${item.orderRef} non trovato nel negozio` };
  const ours = state.data.fulfilments.find(
    (f) => f.status !== 'CANCELLED' && f.status !== 'ERROR' && f.numbers.includes(item.body.number),
  );
  if (item.kind === 'cancel') {
    if (!ours) return { ok: true, id: '' };
    const cancelled = await shop.cancel(ours.id);
    return cancelled.ok ? { ok: true, id: cancelled.data.id } : cancelled.failure;
  }
  if (ours) return { ok: true, id: ours.id };
  if (state.data.openFulfillmentOrders.length === 0) {
    const message =
      `Ordine ${item.orderRef} già evaso nel negozio (con un'altra spedizione): ` + 'nessuna evasione da creare';
    return { kind: 'refused', status: 200, message };
  }
  const made = await shop.fulfil({ fulfillmentOrderIds: state.data.openFulfillmentOrders, ...item.body });
  return made.ok ? { ok: true, id: made.data.id } : made.failure;
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
