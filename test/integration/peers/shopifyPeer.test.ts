// The Shopify peer over real loopback HTTP, as the station's client library meets it: Shopify's refusals in its own
// words, orders paged by cursor and filtered by search, the cost throttle, fulfilments made once, and the faults a
// test asks for (error statuses, and answers lost after the fulfilment was made); a fulfilment's events; and what
// Shopify's published schema does not have, refused before anything runs.
import { afterEach, describe, expect, it } from 'vitest';
import {
  CANCEL_MUTATION,
  EVENT_MUTATION,
  FULFILL_MUTATION,
  FULFILLMENT_EVENTS_QUERY,
  FULFILLMENT_ORDERS_QUERY,
  ORDERS_QUERY,
  SHOP_QUERY,
  SHOPIFY_API_VERSION,
} from '../../../src/shops/shopify/requests';
import {
  sampleOrder,
  startShopifyPeer,
  type ShopifyOrder,
  type ShopifyPeer,
  type ShopifyPeerOptions,
} from '../../peers/shopifyPeer';

const peers: ShopifyPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

/** Pages of 922 points are read back to back here: the bucket refills at once unless a test (the throttle's) says. */
async function start(options?: ShopifyPeerOptions): Promise<ShopifyPeer> {
  const peer = await startShopifyPeer({ bucket: { restoreRate: 1_000_000 }, ...options });
  peers.push(peer);
  return peer;
}

interface Cost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}
interface Answer<T> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  extensions?: { cost: Cost };
}
type OrdersPage = { orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ShopifyOrder[] } };
type OrderView = {
  order: {
    id: string;
    fulfillments: { id: string; status: string; trackingInfo: { company: string; number: string; url: string }[] }[];
    fulfillmentOrders: { nodes: { id: string; status: string }[] };
  } | null;
};
type Mutation<K extends string> = Record<
  K,
  { fulfillment: { id: string; status: string } | null; userErrors: { field: string[]; message: string }[] }
>;

/** POSTs a GraphQL operation as the client library does: no operationName, the token in its header. */
async function post(peer: ShopifyPeer, query: string, variables: object, token: string | null = peer.token) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers['x-shopify-access-token'] = token;
  const res = await fetch(`${peer.url}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, text: await res.text() };
}

async function gql<T>(peer: ShopifyPeer, query: string, variables: object = {}): Promise<Answer<T>> {
  const { status, text } = await post(peer, query, variables);
  expect(status).toBe(200);
  return JSON.parse(text) as Answer<T>;
}

const ordersPage = (peer: ShopifyPeer, variables: { first: number; after?: string | null; query?: string }) =>
  gql<OrdersPage>(peer, ORDERS_QUERY, variables).then((answer) => answer.data!.orders);

const fulfilment = (fulfillmentOrderId: string, number = '0123456789012') => ({
  fulfillment: {
    lineItemsByFulfillmentOrder: [{ fulfillmentOrderId }],
    trackingInfo: { company: 'BRT', number, url: `https://vas.brt.it/vas/sped_det_show.hsm?Nspediz=${number}` },
    notifyCustomer: true,
  },
});

describe('the Shopify peer', () => {
  it('listens on loopback only and names its store domain as host:port', async () => {
    const peer = await start();
    expect(peer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(peer.domain).toBe(peer.url.slice('http://'.length));
    expect(peer.token).toMatch(/^shpat_[0-9a-f]{32}$/);
  });

  it('refuses a wrong or missing token with 401 and Shopify’s exact words', async () => {
    const peer = await start({ token: 'shpat_right' });
    const body = '{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}';
    expect(await post(peer, SHOP_QUERY, {}, 'shpat_wrong')).toEqual({ status: 401, text: body });
    expect(await post(peer, SHOP_QUERY, {}, null)).toEqual({ status: 401, text: body });
    expect((await post(peer, SHOP_QUERY, {})).status).toBe(200);
  });

  it('answers 404 Not Found for any API version but the pinned one', async () => {
    const peer = await start();
    const res = await fetch(`${peer.url}/admin/api/2024-01/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': peer.token },
      body: JSON.stringify({ query: SHOP_QUERY }),
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('{"errors":"Not Found"}');
  });

  it('names the shop, and tells each operation apart by the name in its query text', async () => {
    const peer = await start({ shopName: 'Bottega Milanese' });
    const answer = await gql<{ shop: unknown; currentAppInstallation: unknown }>(peer, SHOP_QUERY);
    expect(answer.data?.shop).toEqual({
      name: 'Bottega Milanese',
      myshopifyDomain: 'bottega-milanese.myshopify.com',
      currencyCode: 'EUR',
    });
    expect(answer.data?.currentAppInstallation).toMatchObject({ accessScopes: expect.arrayContaining([]) });
    // The shop 1, the installation 1, its scopes 1.
    expect(answer.extensions?.cost).toMatchObject({ requestedQueryCost: 3, actualQueryCost: 3 });
    await ordersPage(peer, { first: 5 });
    await gql(peer, FULFILLMENT_ORDERS_QUERY, { id: 'gid://shopify/Order/1' });
    expect(peer.requests()).toEqual({ StationShop: 1, StationOrders: 1, StationFulfillmentOrders: 1 });
  });

  it('refuses, as Shopify would, a field or an enum value its published schema does not have', async () => {
    const peer = await start();
    const misspelt = await gql(peer, SHOP_QUERY.replace('currencyCode', 'currency'));
    expect(misspelt.errors?.[0]?.message).toContain('Cannot query field "currency" on type "Shop"');
    const event = { fulfillmentId: 'gid://shopify/Fulfillment/1', status: 'DELIVERD' };
    const badStatus = await gql(peer, EVENT_MUTATION, { event });
    expect(badStatus.errors?.[0]?.message).toContain('DELIVERD');
    expect(badStatus.data).toBeUndefined();
  });

  it("keeps a fulfilment's events, newest first, and answers them to the station's query", async () => {
    const peer = await start();
    const order = peer.addOrder(sampleOrder(1));
    const view = await gql<OrderView>(peer, FULFILLMENT_ORDERS_QUERY, { id: order.id });
    const fulfillmentOrderId = view.data!.order!.fulfillmentOrders.nodes[0]!.id;
    const made = await gql<Mutation<'fulfillmentCreate'>>(peer, FULFILL_MUTATION, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId }], trackingInfo: { number: 'N1' } },
    });
    const fulfillmentId = made.data!.fulfillmentCreate.fulfillment!.id;
    for (const [status, message] of [
      ['IN_TRANSIT', 'IN TRANSITO'],
      ['DELIVERED', 'CONSEGNATO'],
    ])
      await gql(peer, EVENT_MUTATION, {
        event: { fulfillmentId, status, message, happenedAt: '2026-11-29T10:00:00Z' },
      });
    type Events = { fulfillment: { events: { nodes: { status: string; message: string }[] } } };
    const read = await gql<Events>(peer, FULFILLMENT_EVENTS_QUERY, { id: fulfillmentId });
    expect(read.data!.fulfillment.events.nodes.map((e) => e.status)).toEqual(['DELIVERED', 'IN_TRANSIT']);
    expect(peer.fulfillmentEvents().map((e) => [e.fulfillmentId, e.message])).toEqual([
      [fulfillmentId, 'IN TRANSITO'],
      [fulfillmentId, 'CONSEGNATO'],
    ]);
  });

  it('makes realistic Italian orders with every field the orders query selects', async () => {
    const peer = await start();
    const paid = peer.addOrder(sampleOrder(1));
    const cod = peer.addOrder(sampleOrder(5));
    expect(Object.keys(paid).sort()).toEqual(
      [
        ...['id', 'name', 'updatedAt', 'cancelledAt', 'closed', 'displayFinancialStatus', 'displayFulfillmentStatus'],
        ...['paymentGatewayNames', 'email', 'phone', 'note', 'totalPriceSet', 'totalOutstandingSet'],
        ...['shippingAddress', 'billingAddress', 'lineItems'],
      ].sort(),
    );
    expect(paid).toMatchObject({ id: 'gid://shopify/Order/1', name: '#1001', displayFinancialStatus: 'PAID' });
    expect(paid.shippingAddress).toMatchObject({ address1: 'Via Roma 1', zip: '20121', city: 'Milano' });
    expect(paid.shippingAddress).toMatchObject({ provinceCode: 'MI', countryCodeV2: 'IT' });
    expect(paid.paymentGatewayNames).toEqual(['shopify_payments']);
    expect(paid.totalOutstandingSet.shopMoney).toEqual({ amount: '0.00', currencyCode: 'EUR' });
    expect(paid.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(cod).toMatchObject({ name: '#1002', displayFinancialStatus: 'PENDING' });
    expect(cod.paymentGatewayNames).toEqual(['Cash on Delivery (COD)']);
    expect(cod.totalOutstandingSet).toEqual(cod.totalPriceSet);
    expect(cod.totalPriceSet.shopMoney.amount).toMatch(/^\d+\.\d\d$/);
    const items = (await ordersPage(peer, { first: 5 })).nodes.flatMap((order) => order.lineItems.nodes);
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const item of items) {
      expect(item.sku).toBeTruthy();
      expect(item.variant?.inventoryItem.measurement.weight).toMatchObject({ unit: 'GRAMS' });
    }
  });

  it('pages 12 orders 5 at a time by cursor, oldest update first, each order once', async () => {
    const peer = await start();
    const base = Date.parse('2026-11-02T08:00:00Z');
    // Added newest first, so the order of the pages is the updatedAt sort, not the order of creation.
    const orders = Array.from({ length: 12 }, (_, i) => peer.addOrder(sampleOrder(i + 1, base + (12 - i) * 1000)));
    const pages = [await ordersPage(peer, { first: 5 })];
    while (pages.at(-1)!.pageInfo.hasNextPage && pages.length < 5) {
      pages.push(await ordersPage(peer, { first: 5, after: pages.at(-1)!.pageInfo.endCursor }));
    }
    expect(pages.map((page) => page.nodes.length)).toEqual([5, 5, 2]);
    expect(pages.map((page) => page.pageInfo.hasNextPage)).toEqual([true, true, false]);
    const ids = pages.flatMap((page) => page.nodes.map((order) => order.id));
    expect(ids).toEqual(orders.map((order) => order.id).reverse());
  });

  it('returns only the edited order for updated_at later than the last stamp seen', async () => {
    const peer = await start();
    const earlier = Date.now() - 60_000;
    const orders = [1, 2, 3].map((i) => peer.addOrder(sampleOrder(i, earlier)));
    const seen = (await ordersPage(peer, { first: 5 })).nodes.at(-1)!.updatedAt;
    const edited = peer.editOrder(orders[1]!.id, { note: 'Citofonare Bianchi' });
    expect(edited.updatedAt > seen).toBe(true);
    const later = await ordersPage(peer, { first: 5, query: `updated_at:>'${seen}'` });
    expect(later.nodes.map((order) => [order.id, order.note])).toEqual([[orders[1]!.id, 'Citofonare Bianchi']]);
  });

  it('closes a cancelled order: changed since, gone from status:open, no longer to be fulfilled', async () => {
    const peer = await start();
    const orders = [1, 2, 3].map((i) => peer.addOrder(sampleOrder(i, Date.now() - 60_000)));
    const cancelled = peer.cancelOrder(orders[0]!.id);
    expect(cancelled).toMatchObject({ closed: true, cancelledAt: cancelled.updatedAt });
    const since = await ordersPage(peer, { first: 5, query: `updated_at:>'${orders[2]!.updatedAt}'` });
    expect(since.nodes).toEqual([cancelled]);
    const open = await ordersPage(peer, { first: 5, query: 'status:open' });
    expect(open.nodes.map((order) => order.id)).toEqual([orders[1]!.id, orders[2]!.id]);
    const changed = await ordersPage(peer, {
      first: 5,
      query: `status:open AND updated_at:>'${orders[0]!.updatedAt}'`,
    });
    expect(changed.nodes).toEqual([]);
    const answer = await gql<Mutation<'fulfillmentCreate'>>(
      peer,
      FULFILL_MUTATION,
      fulfilment('gid://shopify/FulfillmentOrder/1'),
    );
    expect(answer.data?.fulfillmentCreate.userErrors[0]?.message).toMatch(/unfulfillable status= closed\.$/);
  });

  it('throttles a query the bucket cannot hold, with the cost, and runs it once the bucket has refilled', async () => {
    // Priced by Shopify's published rules: 2 + 5 orders × 184 (each order 7, its 25 lines 2 + 25 × 7).
    const peer = await start({ bucket: { maximumAvailable: 1000, restoreRate: 5000 } });
    const first = await gql<OrdersPage>(peer, ORDERS_QUERY, { first: 5 });
    expect(first.extensions?.cost).toMatchObject({ requestedQueryCost: 922, actualQueryCost: 922 });
    const throttled = await gql<OrdersPage>(peer, ORDERS_QUERY, { first: 5 });
    expect(throttled.data).toBeUndefined();
    expect(throttled.errors).toEqual([
      {
        message: 'Throttled',
        extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
      },
    ]);
    const cost = throttled.extensions!.cost;
    expect(cost).toMatchObject({ requestedQueryCost: 922, actualQueryCost: null });
    expect(cost.throttleStatus).toMatchObject({ maximumAvailable: 1000, restoreRate: 5000 });
    expect(cost.throttleStatus.currentlyAvailable).toBeLessThan(922);
    expect(peer.throttled()).toBe(1);
    // 5,000 points a second: the 900 or so missing points are back within 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = await gql<OrdersPage>(peer, ORDERS_QUERY, { first: 5 });
    expect(later.data?.orders.nodes).toEqual([]);
    expect(later.extensions?.cost.actualQueryCost).toBe(922);
    // A query dearer than one query may cost is refused outright, before it runs, as Shopify refuses past 1,000.
    const tooDear = await gql(peer, ORDERS_QUERY, { first: 6 });
    expect(tooDear.errors?.[0]?.extensions).toMatchObject({ code: 'MAX_COST_EXCEEDED', cost: 1106, maxCost: 1000 });
  });

  it('fulfils an open fulfillment order once, refuses a second fulfil, and reopens it when cancelled', async () => {
    const peer = await start();
    const order = peer.addOrder();
    const before = await gql<OrderView>(peer, FULFILLMENT_ORDERS_QUERY, { id: order.id });
    expect(before.data?.order).toEqual({
      id: order.id,
      fulfillments: [],
      fulfillmentOrders: {
        nodes: [
          {
            id: 'gid://shopify/FulfillmentOrder/1',
            status: 'OPEN',
            assignedLocation: { location: { id: 'gid://shopify/Location/1' } },
          },
        ],
      },
    });
    const input = fulfilment('gid://shopify/FulfillmentOrder/1');
    const made = await gql<Mutation<'fulfillmentCreate'>>(peer, FULFILL_MUTATION, input);
    expect(made.data?.fulfillmentCreate).toEqual({
      fulfillment: { id: 'gid://shopify/Fulfillment/1', status: 'SUCCESS' },
      userErrors: [],
    });
    expect(made.extensions?.cost.requestedQueryCost).toBe(10);
    const again = await gql<Mutation<'fulfillmentCreate'>>(peer, FULFILL_MUTATION, input);
    expect(again.data?.fulfillmentCreate).toEqual({
      fulfillment: null,
      userErrors: [
        {
          field: ['fulfillment'],
          message: 'Fulfillment order gid://shopify/FulfillmentOrder/1 has an unfulfillable status= closed.',
        },
      ],
    });
    const after = (await gql<OrderView>(peer, FULFILLMENT_ORDERS_QUERY, { id: order.id })).data?.order;
    expect(after?.fulfillmentOrders.nodes[0]?.status).toBe('CLOSED');
    expect(after?.fulfillments).toEqual([
      { id: 'gid://shopify/Fulfillment/1', status: 'SUCCESS', trackingInfo: [input.fulfillment.trackingInfo] },
    ]);
    expect((await ordersPage(peer, { first: 1 })).nodes[0]?.displayFulfillmentStatus).toBe('FULFILLED');

    const cancelled = await gql<Mutation<'fulfillmentCancel'>>(peer, CANCEL_MUTATION, {
      id: 'gid://shopify/Fulfillment/1',
    });
    expect(cancelled.data?.fulfillmentCancel.fulfillment?.status).toBe('CANCELLED');
    const reopened = (await gql<OrderView>(peer, FULFILLMENT_ORDERS_QUERY, { id: order.id })).data?.order;
    expect(reopened?.fulfillmentOrders.nodes[0]?.status).toBe('OPEN');
    expect((await ordersPage(peer, { first: 1 })).nodes[0]?.displayFulfillmentStatus).toBe('UNFULFILLED');
    expect(peer.fulfillments()).toEqual([
      {
        id: 'gid://shopify/Fulfillment/1',
        orderId: order.id,
        fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/1',
        status: 'CANCELLED',
        company: 'BRT',
        trackingNumber: '0123456789012',
        url: input.fulfillment.trackingInfo.url,
        notifyCustomer: true,
      },
    ]);
    const unknown = await gql<Mutation<'fulfillmentCancel'>>(peer, CANCEL_MUTATION, {
      id: 'gid://shopify/Fulfillment/9',
    });
    expect(unknown.data?.fulfillmentCancel.userErrors).toEqual([
      { field: ['id'], message: 'Fulfillment does not exist.' },
    ]);
    const missing = await gql<OrderView>(peer, FULFILLMENT_ORDERS_QUERY, { id: 'gid://shopify/Order/9' });
    expect(missing.data).toEqual({ order: null });
  });

  it('answers the next requests with the status a test chose, then recovers', async () => {
    const peer = await start();
    peer.failNext(2);
    expect(await post(peer, SHOP_QUERY, {})).toEqual({ status: 503, text: '{"errors":"Service Unavailable"}' });
    expect((await post(peer, SHOP_QUERY, {})).status).toBe(503);
    expect((await post(peer, SHOP_QUERY, {})).status).toBe(200);
    peer.failNext(1, 429);
    expect(await post(peer, SHOP_QUERY, {})).toEqual({ status: 429, text: '{"errors":"Too Many Requests"}' });
    expect(peer.requests().StationShop).toBe(4);
  });

  it('loses the answer of a dropped request after making the fulfilment, so a retry finds it made', async () => {
    const peer = await start();
    const order = peer.addOrder();
    peer.dropNext(1);
    const input = fulfilment('gid://shopify/FulfillmentOrder/1', '999');
    await expect(gql(peer, FULFILL_MUTATION, input)).rejects.toThrow();
    expect(peer.fulfillments()).toMatchObject([{ orderId: order.id, trackingNumber: '999', status: 'SUCCESS' }]);
    const retry = await gql<Mutation<'fulfillmentCreate'>>(peer, FULFILL_MUTATION, input);
    expect(retry.data?.fulfillmentCreate.userErrors[0]?.message).toMatch(/unfulfillable status= closed\.$/);
    expect(peer.fulfillments()).toHaveLength(1);
  });

  it('fails the same requests in every run for a seeded failRate', async () => {
    const statuses = async (peer: ShopifyPeer) => {
      const seen: number[] = [];
      for (let i = 0; i < 20; i += 1) seen.push((await post(peer, SHOP_QUERY, {})).status);
      return seen;
    };
    const first = await statuses(await start({ failRate: 0.5, seed: 7 }));
    const second = await statuses(await start({ failRate: 0.5, seed: 7 }));
    expect(second).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 503]));
  });
});
