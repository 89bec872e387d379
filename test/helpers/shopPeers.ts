// A shop of each platform with ten orders ready to ship, as the shops' scenarios across platforms start one: the
// platform's peer, and what the connect form and the scans need (address, credentials, the orders' references and
// the shop's ids of them).
import { sampleWooOrder } from '../fixtures/woocommerceOrders';
import { sampleOrder, startShopifyPeer } from '../peers/shopifyPeer';
import { startWooCommercePeer } from '../peers/woocommercePeer';

export interface TenOrders {
  platform: 'shopify' | 'woocommerce';
  url: string;
  token: string;
  secret: string;
  orders: { ref: string; id: string }[];
}

export async function shopifyWithTenOrders(token: string) {
  const peer = await startShopifyPeer({ token });
  const orders = Array.from({ length: 10 }, (_, i) => peer.addOrder(sampleOrder(i + 1)));
  const shop: TenOrders = {
    platform: 'shopify',
    url: peer.url,
    token: peer.token,
    secret: '',
    orders: orders.map((o) => ({ ref: o.name, id: o.id })),
  };
  return { peer, shop };
}

/** Ten processing orders with no second address line (the sample's others are kept out). */
export async function woocommerceWithTenOrders() {
  const peer = await startWooCommercePeer();
  const orders = Array.from({ length: 30 }, (_, i) => peer.addOrder(sampleWooOrder(i + 1)))
    .filter((o) => o.status === 'processing' && o.shipping.address_2 === '')
    .slice(0, 10);
  const shop: TenOrders = {
    platform: 'woocommerce',
    url: peer.url,
    token: peer.consumerKey,
    secret: peer.consumerSecret,
    orders: orders.map((o) => ({ ref: o.number, id: String(o.id) })),
  };
  return { peer, shop };
}
