// The WooCommerce client against the WooCommerce peer with the Shipment Tracking extension: a parcel whose courier
// has no tracking page still makes its tracking item, with the custom provider and the `custom_tracking_link` the
// extension's REST reference requires alongside it.
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopConnectionRow, ShopFulfilmentDue } from '../../../../src/engine/index';
import { woocommerceClient } from '../../../../src/shops/woocommerce/client';
import { sampleWooOrder } from '../../../fixtures/woocommerceOrders';
import { startWooCommercePeer, type WooCommercePeer } from '../../../peers/woocommercePeer';

let peer: WooCommercePeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

describe('the WooCommerce client with the Shipment Tracking extension', () => {
  it('makes a custom-provider item with custom_tracking_link when the courier has no tracking page', async () => {
    peer = await startWooCommercePeer({ trackingExtension: true });
    const order = peer.addOrder({ ...sampleWooOrder(1), status: 'processing' });
    const client = woocommerceClient({
      address: peer.url,
      consumerKey: peer.consumerKey,
      consumerSecret: peer.consumerSecret,
    });
    const item: ShopFulfilmentDue = {
      id: 1,
      connection: { id: 1, address: peer.url } as ShopConnectionRow,
      kind: 'fulfil',
      shipmentId: 1,
      hubShipmentId: null,
      shopOrderId: String(order.id),
      orderRef: order.number,
      body: { company: 'Corriere di quartiere', number: 'QX000123', url: '', notifyCustomer: true },
      attempts: 0,
      createdAt: Date.now(),
      fulfilmentId: '',
    };
    const outcome = await client.deliver(item);
    expect(outcome).toMatchObject({ ok: true });
    expect(peer.trackings(order.id)).toMatchObject([
      { tracking_number: 'QX000123', custom_tracking_provider: 'Corriere di quartiere', custom_tracking_link: '' },
    ]);
    expect(peer.order(order.id)?.status).toBe('completed');
    await client.close();
  });
});
