// The Shopify client's fulfilments against the Shopify peer, which takes fulfillmentCreate as Shopify defines it: an
// order split across two locations is fulfilled once per location with the parcel's tracking (one call may hold one
// location's fulfillment orders only), and a fulfilment the carrier's service failed is made again, not taken as made.
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopConnectionRow, ShopFulfilmentDue } from '../../../../src/engine/index';
import { shopifyClient } from '../../../../src/shops/shopify/client';
import { SHOPIFY_LOCATION, startShopifyPeer, type ShopifyPeer } from '../../../peers/shopifyPeer';

let peer: ShopifyPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

const due = (shopOrderId: string, orderRef: string, kind: 'fulfil' | 'cancel' = 'fulfil'): ShopFulfilmentDue => ({
  id: 1,
  connection: { id: 1, address: peer!.url } as ShopConnectionRow,
  kind,
  shipmentId: 1,
  hubShipmentId: null,
  shopOrderId,
  orderRef,
  body: { company: 'BRT', number: '0123456789012', url: '', notifyCustomer: true },
  attempts: 0,
  createdAt: Date.now(),
  fulfilmentId: '',
});

describe("the Shopify client's fulfilments", () => {
  it('fulfils an order split across two locations once per location, each with the tracking, once', async () => {
    peer = await startShopifyPeer();
    const order = peer.addOrder({}, [SHOPIFY_LOCATION, 'gid://shopify/Location/2']);
    const client = shopifyClient({ address: peer.url, token: peer.token });
    expect(await client.deliver(due(order.id, order.name))).toEqual({ ok: true, id: 'gid://shopify/Fulfillment/1' });
    const made = peer.fulfillments();
    expect(made.map((f) => [f.fulfillmentOrderId, f.trackingNumber, f.status])).toEqual([
      ['gid://shopify/FulfillmentOrder/1', '0123456789012', 'SUCCESS'],
      ['gid://shopify/FulfillmentOrder/2', '0123456789012', 'SUCCESS'],
    ]);
    // Tried again (its answer lost): nothing more is made; withdrawn: both go.
    expect(await client.deliver(due(order.id, order.name))).toMatchObject({ ok: true });
    expect(peer.fulfillments()).toHaveLength(2);
    expect(await client.deliver(due(order.id, order.name, 'cancel'))).toMatchObject({ ok: true });
    expect(peer.fulfillments().map((f) => f.status)).toEqual(['CANCELLED', 'CANCELLED']);
    await client.close();
  });

  it('makes the fulfilment again when the one with our tracking number failed (FAILURE)', async () => {
    peer = await startShopifyPeer();
    const order = peer.addOrder();
    const client = shopifyClient({ address: peer.url, token: peer.token });
    expect(await client.deliver(due(order.id, order.name))).toMatchObject({ ok: true });
    peer.failFulfilment('gid://shopify/Fulfillment/1');
    expect(await client.deliver(due(order.id, order.name))).toEqual({ ok: true, id: 'gid://shopify/Fulfillment/2' });
    expect(peer.fulfillments().map((f) => [f.trackingNumber, f.status])).toEqual([
      ['0123456789012', 'FAILURE'],
      ['0123456789012', 'SUCCESS'],
    ]);
    await client.close();
  });
});
