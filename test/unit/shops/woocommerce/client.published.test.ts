// Every request the WooCommerce client sends, checked against WooCommerce's own published definitions
// (test/fixtures/woocommerce/rest-v3.json: its controllers' routes, parameters and order schema, the Shipment Tracking
// extension's REST reference): the requests are the real client's, recorded by the peer as they arrived, not a list
// written by hand, so a parameter, value or field WooCommerce does not document fails here whatever the peer plays.
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopConnectionRow, ShopEventDue, ShopFulfilmentDue } from '../../../../src/engine/index';
import { woocommerceClient } from '../../../../src/shops/woocommerce/client';
import { PER_PAGE } from '../../../../src/shops/woocommerce/requests';
import { documentedRoute, requestFault } from '../../../peers/woocommerceDefinitions';
import { startWooCommercePeer, type SentRequest, type WooCommercePeer } from '../../../peers/woocommercePeer';

const peers: WooCommercePeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

const READ = { clientId: 1, codWords: [] };

async function site(trackingExtension: boolean) {
  const peer = await startWooCommercePeer({ trackingExtension });
  peers.push(peer);
  const client = woocommerceClient({
    address: peer.url,
    consumerKey: peer.consumerKey,
    consumerSecret: peer.consumerSecret,
  });
  return { peer, client };
}

const due = (peer: WooCommercePeer, orderId: number, kind: 'fulfil' | 'cancel', url: string): ShopFulfilmentDue => ({
  id: 1,
  connection: { id: 1, address: peer.url } as ShopConnectionRow,
  kind,
  shipmentId: 1,
  hubShipmentId: null,
  shopOrderId: String(orderId),
  orderRef: String(orderId),
  body: { company: 'Corriere Demo', number: 'DEMO000123', url, notifyCustomer: true },
  attempts: 0,
  createdAt: Date.now(),
  fulfilmentId: '',
});

const event = (peer: WooCommercePeer, orderId: number): ShopEventDue => ({
  id: 1,
  connection: { id: 1, address: peer.url } as ShopConnectionRow,
  shipmentId: 1,
  fulfilmentId: '',
  body: {
    kind: 'delivered',
    words: 'CONSEGNATA',
    number: 'DEMO000123',
    happenedAt: '2026-11-29T10:15:00Z',
    shopOrderId: String(orderId),
    orderRef: String(orderId),
    customer: true,
  },
  attempts: 0,
  createdAt: Date.now(),
});

/** What WooCommerce's definitions say of each request: its documented route, and what they refuse in it. */
const verdicts = (sent: SentRequest[]) =>
  sent.map(({ method, route, query, body }) => ({
    request: `${method} ${route}?${new URLSearchParams(query).toString()}`,
    route: documentedRoute(method, route)?.name ?? 'undocumented',
    fault: requestFault(method, route, new URLSearchParams(query), body)?.data?.['params'] ?? null,
  }));

describe("the WooCommerce client's requests against WooCommerce's published definitions", () => {
  it('sends only documented routes, parameters within their types and limits, and writable body fields', async () => {
    const tracked = await site(true);
    const plain = await site(false);
    for (const { peer, client } of [tracked, plain]) {
      const orders = Array.from({ length: PER_PAGE + 1 }, () => peer.addOrder());
      expect(await client.check()).toMatchObject({ ok: true });
      const first = await client.orders('', null, READ);
      if (!first.ok) throw new Error(first.failure.message);
      await client.orders(first.data.latest, first.data.next, READ);
      await client.orders('2026-11-01T00:00:00', null, READ);
      const [fulfilled, cancelled] = [orders[0]!.id, orders[1]!.id];
      expect(await client.deliver(due(peer, fulfilled, 'fulfil', 'https://track.example/DEMO000123'))).toMatchObject({
        ok: true,
      });
      expect(await client.deliver(due(peer, cancelled, 'fulfil', ''))).toMatchObject({ ok: true });
      expect(await client.deliver(due(peer, cancelled, 'cancel', ''))).toMatchObject({ ok: true });
      expect(await client.tell(event(peer, fulfilled))).toMatchObject({ ok: true });
      await client.close();
    }
    const checked = verdicts([...tracked.peer.sent(), ...plain.peer.sent()]);
    expect(checked.filter((c) => c.route === 'undocumented' || c.fault)).toEqual([]);
    expect(new Set(checked.map((c) => c.route))).toEqual(
      new Set([
        'GET orders',
        'GET orders/<id>',
        'PUT orders/<id>',
        'GET orders/<id>/notes',
        'POST orders/<id>/notes',
        'GET orders/<id>/shipment-trackings',
        'POST orders/<id>/shipment-trackings',
        'DELETE orders/<id>/shipment-trackings/<tracking_id>',
      ]),
    );
  });

  it('would catch a parameter, a value or a field WooCommerce does not take', () => {
    const fault = (method: string, route: string, query: string, body: Record<string, unknown> = {}) =>
      requestFault(method, route, new URLSearchParams(query), body)?.data?.['params'];
    expect(fault('GET', '/wc/v3/orders', 'per_page=101')).toEqual({
      per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
    });
    expect(fault('GET', '/wc/v3/orders', 'orderby=date_modified')).toMatchObject({ orderby: /is not one of/ });
    expect(fault('GET', '/wc/v3/orders', 'modified_since=2026-11-01T00:00:00')).toMatchObject({
      modified_since: /not/,
    });
    expect(fault('GET', '/wc/v3/orders', 'modified_after=29/11/2026')).toEqual({ modified_after: 'Invalid date.' });
    expect(fault('GET', '/wc/v3/orders', 'status=shipped')).toMatchObject({ status: /status\[0\] is not one of/ });
    expect(fault('PUT', '/wc/v3/orders/7', '', { status: 'shipped' })).toMatchObject({ status: /not one of/ });
    expect(fault('PUT', '/wc/v3/orders/7', '', { number: '7' })).toEqual({
      number: 'number is read-only: WooCommerce would ignore it.',
    });
    expect(fault('POST', '/wc/v3/orders/7/notes', '', { note: 'x', customer_note: 'yes' })).toEqual({
      customer_note: 'customer_note is not of type boolean.',
    });
    const custom = { custom_tracking_provider: 'Corriere Demo', tracking_number: 'DEMO1' };
    expect(
      requestFault('POST', '/wc-shipment-tracking/v3/orders/7/shipment-trackings', new URLSearchParams(), custom),
    ).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['custom_tracking_link'] } });
  });
});
