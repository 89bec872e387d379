// A shop of each platform with ten orders ready to ship, as the shops' scenarios across platforms start one: the
// platform's peer, and what the connect form and the scans need (address, credentials, the orders' references and
// the shop's ids of them).
import { sampleWooOrder } from '../fixtures/woocommerceOrders';
import { sampleOrder, startShopifyPeer } from '../peers/shopifyPeer';
import { startWooCommercePeer } from '../peers/woocommercePeer';
import type { ShopPlatform } from '../../src/shared/domain/shopPlatforms';
import { startPrestaShopPeer } from '../peers/prestashopPeer';
import { PS_STATES } from '../fixtures/prestashopOrders';

/** The platforms told a parcel's states by default (parcelStates.test.ts); PrestaShop's shops are told none. */
export interface TenOrders<P extends ShopPlatform = 'shopify' | 'woocommerce'> {
  platform: P;
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

/** Ten paid or cash-on-delivery orders (the sample's bank-wire ones are kept out: they wait for their payment). */
export async function prestashopWithTenOrders() {
  const peer = await startPrestaShopPeer();
  const open = [String(PS_STATES.paymentAccepted), String(PS_STATES.awaitingCod)];
  const orders = Array.from({ length: 14 }, (_, i) => peer.addOrder(i + 1))
    .filter((o) => open.includes(String(o.current_state)))
    .slice(0, 10);
  const shop: TenOrders<'prestashop'> = {
    platform: 'prestashop',
    url: peer.url,
    token: peer.key,
    secret: '',
    orders: orders.map((o) => ({ ref: String(o.reference), id: String(o.id) })),
  };
  return { peer, shop };
}
