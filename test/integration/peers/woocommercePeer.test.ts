// The WooCommerce peer over real loopback HTTP, as the station's client library (@woocommerce/woocommerce-rest-api)
// meets it: OAuth 1.0a signatures checked for real, WooCommerce's refusals in its own words, orders paged, filtered
// and completed, notes, the Shipment Tracking extension's routes where it registers them, requests refused by
// WooCommerce's published definitions, and the faults a test asks for (the proxy's error statuses, answers lost after
// their change was made).
import WooCommerceRestApi, { type IWooCommerceRestApiOptions } from '@woocommerce/woocommerce-rest-api';
import { afterEach, describe, expect, it } from 'vitest';
import { wooGmt, wooLocal } from '../../fixtures/woocommerceOrders';
import { ANSWERED_UNDOCUMENTED, published, type Param } from '../../peers/woocommerceDefinitions';
import {
  startWooCommercePeer,
  type WooCommercePeer,
  type WooCommercePeerOptions,
  type WooOrder,
} from '../../peers/woocommercePeer';

const peers: WooCommercePeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

async function start(options?: WooCommercePeerOptions): Promise<WooCommercePeer> {
  const peer = await startWooCommercePeer(options);
  peers.push(peer);
  return peer;
}

/** A test clock: the site's time moves only when a test moves it. */
function siteClock(start = Date.parse('2026-11-26T09:00:00Z')) {
  let now = start;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

/** The library's client, as the station makes it; `version` is joined into the path as given. */
const client = (peer: WooCommercePeer, options: Partial<IWooCommerceRestApiOptions> = {}) =>
  new WooCommerceRestApi({
    url: peer.url,
    consumerKey: peer.consumerKey,
    consumerSecret: peer.consumerSecret,
    version: 'wc/v3',
    ...options,
  });
/** The extension's own namespace: the library's type lists WooCommerce's namespaces only, but joins any string. */
const trackingClient = (peer: WooCommercePeer) =>
  client(peer, { version: 'wc-shipment-tracking/v3' as IWooCommerceRestApiOptions['version'] });

/** What the library resolves with (axios's response), and what axios puts in error.response on an error status. */
interface HttpAnswer<T = unknown> {
  status: number;
  data: T;
  headers: Record<string, string | undefined>;
}
const answer = async <T>(call: Promise<unknown>) => (await call) as HttpAnswer<T>;
async function refusal(call: Promise<unknown>): Promise<HttpAnswer> {
  const error: unknown = await call.then(
    () => new Error('expected a refusal'),
    (e: unknown) => e,
  );
  const response = (error as { response?: HttpAnswer }).response;
  if (!response) throw error;
  return response;
}
/** The fields of an answer its published schema does not list, by path; WordPress's own `_links` aside. */
function undocumented(value: unknown, properties: Record<string, Param>, at = ''): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, field]) => {
    const spec = properties[key];
    const path = at ? `${at}.${key}` : key;
    if (key === '_links') return [];
    if (!spec || spec.writeonly) return [path];
    const items = spec.items?.properties;
    if (Array.isArray(field) && items) return field.flatMap((item) => undocumented(item, items, `${path}[]`));
    return spec.properties ? undocumented(field, spec.properties, path) : [];
  });
}
const schema = (name: string) => published().schemas[name]?.properties ?? {};

const wooRefusal = (status: number, code: string, message: string) => ({ code, message, data: { status } });
const NO_ROUTE = wooRefusal(404, 'rest_no_route', 'No route was found matching the URL and request method.');

describe('the WooCommerce peer', () => {
  it('listens on loopback only, with a key and secret shaped as WooCommerce makes them', async () => {
    const peer = await start();
    expect(peer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(peer.consumerKey).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(peer.consumerSecret).toMatch(/^cs_[0-9a-f]{40}$/);
  });

  it('checks the OAuth 1.0a signature the library makes over http, query parameters included', async () => {
    const peer = await start();
    const order = peer.addOrder();
    const page = await answer<WooOrder[]>(client(peer).get('orders', { status: 'processing', per_page: 5 }));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject([{ id: 2001, number: '2001', status: 'processing' }]);
    expect(page.data[0]).toMatchObject({
      ...order,
      _links: { self: [{ href: `${peer.url}/wp-json/wc/v3/orders/2001` }] },
    });
  });

  it('refuses an unknown consumer key and a wrong secret with 401 and WooCommerce’s exact words', async () => {
    const peer = await start();
    const wrongKey = await refusal(client(peer, { consumerKey: 'ck_wrong' }).get('orders'));
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.data).toEqual(wooRefusal(401, 'woocommerce_rest_authentication_error', 'Consumer key is invalid.'));
    const wrongSecret = await refusal(client(peer, { consumerSecret: 'cs_wrong' }).get('orders'));
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.data).toEqual(
      wooRefusal(
        401,
        'woocommerce_rest_authentication_error',
        'Invalid signature - provided signature does not match.',
      ),
    );
  });

  it('refuses a replayed request: each nonce is good once', async () => {
    const peer = await start();
    let query = '';
    const capture = { serialize: (params: Record<string, string>) => (query = new URLSearchParams(params).toString()) };
    await client(peer, { axiosConfig: { paramsSerializer: capture } }).get('orders');
    const replay = await fetch(`${peer.url}/wp-json/wc/v3/orders?${query}`);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual(
      wooRefusal(401, 'woocommerce_rest_authentication_error', 'Invalid nonce - nonce has already been used.'),
    );
  });

  it('gives a caller without credentials each route’s own refusal, and takes Basic auth as over https', async () => {
    const peer = await start();
    const order = peer.addOrder();
    const bare = async (path: string, init?: RequestInit) => {
      const res = await fetch(`${peer.url}/wp-json/wc/v3/${path}`, init);
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const cannot = (code: string, message: string) => ({ status: 401, body: wooRefusal(401, code, message) });
    expect(await bare('orders')).toEqual(cannot('woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.'));
    expect(await bare(`orders/${order.id}`)).toEqual(
      cannot('woocommerce_rest_cannot_view', 'Sorry, you cannot view this resource.'),
    );
    expect(await bare(`orders/${order.id}`, { method: 'PUT' })).toEqual(
      cannot('woocommerce_rest_cannot_edit', 'Sorry, you are not allowed to edit this resource.'),
    );
    const basic = (secret: string) => ({
      headers: { authorization: `Basic ${Buffer.from(`${peer.consumerKey}:${secret}`).toString('base64')}` },
    });
    expect((await bare('orders', basic(peer.consumerSecret))).status).toBe(200);
    expect(await bare('orders', basic('cs_wrong'))).toEqual(
      cannot('woocommerce_rest_authentication_error', 'Consumer secret is invalid.'),
    );
  });

  it('answers rest_no_route for a route WordPress lacks, and 501 for a real one the peer does not play', async () => {
    const peer = await start();
    const missing = await refusal(client(peer).get('nothing'));
    expect([missing.status, missing.data]).toEqual([404, NO_ROUTE]);
    expect((await refusal(client(peer).get('products'))).data).toMatchObject({ code: 'woocommerce_peer_not_played' });
    const page = await fetch(`${peer.url}/negozio/`);
    expect([page.status, page.headers.get('content-type')]).toEqual([404, 'text/html; charset=UTF-8']);
  });

  it('lets a read-only key read but not write', async () => {
    const peer = await start({ keyPermissions: 'read' });
    const order = peer.addOrder();
    expect((await answer(client(peer).get(`orders/${order.id}`))).status).toBe(200);
    const write = await refusal(client(peer).put(`orders/${order.id}`, { status: 'completed' }));
    expect(write.data).toEqual(
      wooRefusal(401, 'woocommerce_rest_authentication_error', 'The API key provided does not have write permissions.'),
    );
    expect(peer.order(order.id)?.status).toBe('processing');
  });

  it('pages 23 orders 10 at a time with X-WP-Total and X-WP-TotalPages, each order once', async () => {
    const time = siteClock();
    const peer = await start({ clock: time.clock });
    const orders = Array.from({ length: 23 }, () => (time.advance(1000), peer.addOrder()));
    const pages: HttpAnswer<WooOrder[]>[] = [];
    for (let page = 1; page <= 4; page += 1)
      pages.push(await answer(client(peer).get('orders', { orderby: 'date', order: 'asc', per_page: 10, page })));
    expect(pages.map((p) => p.data.length)).toEqual([10, 10, 3, 0]);
    expect(pages.map((p) => [p.headers['x-wp-total'], p.headers['x-wp-totalpages']])).toEqual(
      Array.from({ length: 4 }, () => ['23', '3']),
    );
    expect(pages.flatMap((p) => p.data.map((o) => o.id))).toEqual(orders.map((o) => o.id));
    const newest = await answer<WooOrder[]>(client(peer).get('orders'));
    expect(newest.data.map((o) => o.id)).toEqual(
      orders
        .map((o) => o.id)
        .reverse()
        .slice(0, 10),
    );
    const tooMany = await refusal(client(peer).get('orders', { per_page: 101 }));
    expect(tooMany.data).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      data: { status: 400, params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' } },
    });
  });

  it('returns only the order edited since the last stamp seen, by GMT or by the site’s time', async () => {
    const time = siteClock();
    const peer = await start({ clock: time.clock });
    const orders = [1, 2, 3].map(() => peer.addOrder());
    const seen = orders[2]!.date_modified_gmt;
    time.advance(60_000);
    const edited = peer.editOrder(orders[1]!.id, { customer_note: 'Lasciare al portiere' });
    expect(edited.date_modified_gmt).toBe(wooGmt(time.clock()));
    const since = (params: Record<string, string>) =>
      answer<WooOrder[]>(client(peer).get('orders', { orderby: 'modified', order: 'asc', ...params }));
    const gmt = await since({ modified_after: seen, dates_are_gmt: 'true' });
    expect(gmt.data.map((o) => [o.id, o.customer_note])).toEqual([[orders[1]!.id, 'Lasciare al portiere']]);
    const local = await since({ modified_after: wooLocal(Date.parse(`${seen}Z`)) });
    expect(local.data.map((o) => o.id)).toEqual([orders[1]!.id]);
    // WP_Date_Query turns a zoned time into Rome's wall time (an hour ahead in November), then compares it with GMT.
    const zoned = await since({ modified_after: `${seen}Z`, dates_are_gmt: 'true' });
    expect(zoned.data).toEqual([]);
  });

  it('filters by one status, a comma list or any, and refuses a status WooCommerce does not have', async () => {
    const peer = await start();
    const orders = Array.from({ length: 8 }, () => peer.addOrder());
    peer.setStatus(orders[0]!.id, 'completed');
    const ids = async (status?: string) =>
      (await answer<WooOrder[]>(client(peer).get('orders', status ? { status, order: 'asc' } : { order: 'asc' }))).data
        .map((o) => o.id)
        .sort((a, b) => a - b);
    expect(await ids('on-hold')).toEqual([orders[6]!.id]);
    expect(await ids('completed')).toEqual([orders[0]!.id]);
    expect(await ids('on-hold,completed')).toEqual([orders[0]!.id, orders[6]!.id]);
    expect(await ids('any')).toEqual(orders.map((o) => o.id));
    expect(await ids()).toEqual(orders.map((o) => o.id));
    const wrong = await refusal(client(peer).get('orders', { status: 'shipped' }));
    expect(wrong.data).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        params: {
          status:
            'status[0] is not one of any, trash, auto-draft, pending, processing, on-hold, completed, cancelled, ' +
            'refunded, failed, and checkout-draft.',
        },
      },
    });
  });

  it('lists an order moved to the trash only when asked for the trash, never under any', async () => {
    const peer = await start();
    const [kept, trashed] = [peer.addOrder(), peer.addOrder()];
    peer.trash(trashed.id);
    const ids = async (status?: string) =>
      (await answer<WooOrder[]>(client(peer).get('orders', status ? { status } : {}))).data.map((o) => o.id);
    expect(await ids()).toEqual([kept.id]);
    expect(await ids('any')).toEqual([kept.id]);
    expect(await ids('trash')).toEqual([trashed.id]);
    expect(peer.order(trashed.id)?.status).toBe('trash');
  });

  it('refuses by WooCommerce’s published definitions what it refuses or would ignore, changing nothing', async () => {
    const peer = await start({ trackingExtension: true });
    const order = peer.addOrder();
    const refused = async (call: Promise<unknown>) => {
      const { status, data } = await refusal(call);
      return { status, ...(data as { code: string; data: { params: unknown } }) };
    };
    expect(await refused(client(peer).get('orders', { per_page: 101 }))).toMatchObject({
      status: 400,
      code: 'rest_invalid_param',
      data: { params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' } },
    });
    expect(await refused(client(peer).get('orders', { modified_since: '2026-11-01T00:00:00' }))).toMatchObject({
      status: 400,
      data: { params: { modified_since: 'modified_since is not a documented parameter of GET orders.' } },
    });
    expect(await refused(client(peer).get('orders', { modified_after: '01/11/2026' }))).toMatchObject({
      data: { params: { modified_after: 'Invalid date.' } },
    });
    expect(await refused(client(peer).put(`orders/${order.id}`, { status: 'completed', number: 'X1' }))).toMatchObject({
      data: { params: { number: 'number is read-only: WooCommerce would ignore it.' } },
    });
    expect(await refused(client(peer).post(`orders/${order.id}/notes`, { customer_note: true }))).toMatchObject({
      status: 400,
      code: 'rest_missing_callback_param',
    });
    const custom = { custom_tracking_provider: 'Corriere Demo', tracking_number: 'DEMO1' };
    expect(await refused(trackingClient(peer).post(`orders/${order.id}/shipment-trackings`, custom))).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { params: ['custom_tracking_link'] },
    });
    expect(peer.order(order.id)?.status).toBe('processing');
    expect(peer.notes(order.id)).toHaveLength(1);
    expect(peer.trackings(order.id)).toEqual([]);
  });

  it('answers orders, notes and tracking items with the fields WooCommerce’s published schemas list', async () => {
    const peer = await start({ trackingExtension: true });
    const order = peer.addOrder();
    await client(peer).post(`orders/${order.id}/notes`, { note: 'Pronto' });
    const path = `orders/${order.id}/shipment-trackings`;
    await trackingClient(peer).post(path, { tracking_provider: 'DHL Express', tracking_number: '42' });
    const [orders, notes, trackings] = await Promise.all([
      answer<unknown[]>(client(peer).get('orders')),
      answer<unknown[]>(client(peer).get(`orders/${order.id}/notes`)),
      answer<unknown[]>(trackingClient(peer).get(path)),
    ]);
    const answered = Object.keys(ANSWERED_UNDOCUMENTED['order'] ?? {});
    expect(new Set(orders.data.flatMap((o) => undocumented(o, schema('order'))))).toEqual(new Set(answered));
    expect(notes.data.flatMap((n) => undocumented(n, schema('order_note')))).toEqual([]);
    expect(trackings.data.flatMap((t) => undocumented(t, schema('shipment_tracking')))).toEqual([]);
  });

  it('completes an order by PUT: a system note, the completed date, the paid date of cash on delivery', async () => {
    const time = siteClock();
    const peer = await start({ clock: time.clock });
    const cod = [1, 2, 3, 4].map(() => peer.addOrder())[3]!;
    expect(cod).toMatchObject({ payment_method: 'cod', status: 'processing', date_paid: null });
    time.advance(5 * 60_000);
    const done = await answer<WooOrder>(client(peer).put(`orders/${cod.id}`, { status: 'completed' }));
    const now = wooGmt(time.clock());
    expect(done.data).toMatchObject({ id: cod.id, status: 'completed', date_modified_gmt: now });
    expect(done.data).toMatchObject({ date_completed_gmt: now, date_paid_gmt: now, date_paid: wooLocal(time.clock()) });
    expect(peer.notes(cod.id).map((n) => [n.author, n.note])).toEqual([
      ['system', 'Payment to be made upon delivery. Order status changed from Pending payment to Processing.'],
      ['system', 'Order status changed from Processing to Completed.'],
    ]);
    const unknown = await refusal(client(peer).get('orders/9999'));
    expect(unknown.data).toEqual(wooRefusal(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.'));
    const wrong = await refusal(client(peer).put(`orders/${cod.id}`, { status: 'shipped' }));
    expect(wrong.data).toMatchObject({ code: 'rest_invalid_param', message: 'Invalid parameter(s): status' });
  });

  it('adds notes and lists them newest first, after the checkout’s own', async () => {
    const peer = await start();
    const order = peer.addOrder();
    const made = await answer<Record<string, unknown>>(
      client(peer).post(`orders/${order.id}/notes`, { note: 'Spedito con BRT, numero 123', customer_note: true }),
    );
    expect(made.status).toBe(201);
    expect(made.data).toMatchObject({ author: 'system', note: 'Spedito con BRT, numero 123', customer_note: true });
    expect(Object.keys(made.data).sort()).toEqual(
      ['_links', 'author', 'customer_note', 'date_created', 'date_created_gmt', 'id', 'note'].sort(),
    );
    const listed = await answer<{ id: number; note: string }[]>(client(peer).get(`orders/${order.id}/notes`));
    expect(listed.data.map((n) => n.note)).toEqual([
      'Spedito con BRT, numero 123',
      'Order status changed from Pending payment to Processing.',
    ]);
    expect(listed.data[0]?.id).toBe(made.data.id);
    const missing = await refusal(client(peer).post(`orders/${order.id}/notes`, { customer_note: false }));
    expect(missing.data).toMatchObject({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): note' });
    const unknown = await refusal(client(peer).get('orders/9999/notes'));
    expect(unknown.data).toEqual(wooRefusal(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid order ID.'));
  });

  it('has no tracking routes without the Shipment Tracking extension, in any namespace', async () => {
    const peer = await start();
    const order = peer.addOrder();
    for (const api of [client(peer), trackingClient(peer)]) {
      const absent = await refusal(api.get(`orders/${order.id}/shipment-trackings`));
      expect([absent.status, absent.data]).toEqual([404, NO_ROUTE]);
    }
    const index = (await (await fetch(`${peer.url}/wp-json/`)).json()) as { namespaces: string[] };
    expect(index.namespaces).toContain('wc/v3');
    expect(index.namespaces).not.toContain('wc-shipment-tracking/v3');
  });

  it('adds, lists and deletes tracking items where the extension registers them, and not under wc/v3', async () => {
    const time = siteClock();
    const peer = await start({ trackingExtension: true, clock: time.clock });
    const order = peer.addOrder();
    const path = `orders/${order.id}/shipment-trackings`;
    const link = 'https://vas.brt.it/vas/sped_det_show.hsm?Nspediz=0123456789012';
    const custom = { custom_tracking_provider: 'BRT', custom_tracking_link: link, tracking_number: '0123456789012' };
    const made = await answer<Record<string, unknown>>(trackingClient(peer).post(path, custom));
    expect(made.status).toBe(201);
    const { _links, ...item } = made.data;
    expect(item).toEqual({
      tracking_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      tracking_provider: 'BRT',
      tracking_link: link,
      tracking_number: '0123456789012',
      date_shipped: '2026-11-26',
    });
    expect(_links).toMatchObject({ up: [{ href: `${peer.url}/wp-json/wc-shipment-tracking/v3/orders/${order.id}` }] });
    const named = await answer<{ tracking_provider: string; tracking_link: string }>(
      client(peer, { version: 'wc/v2' }).post(path, { tracking_provider: 'DHL Express', tracking_number: '42' }),
    );
    expect(named.data).toMatchObject({
      tracking_provider: 'DHL Express',
      tracking_link: 'https://www.dhl.it/it/express/ricerca.html?AWB=42&brand=DHL',
    });
    expect((await answer<unknown[]>(trackingClient(peer).get(path))).data).toHaveLength(2);
    expect(await refusal(client(peer).get(path)).then((r) => r.data)).toEqual(NO_ROUTE);
    const removed = await answer<{ tracking_id: string }>(trackingClient(peer).delete(`${path}/${item.tracking_id}`));
    expect(removed.data.tracking_id).toBe(item.tracking_id);
    expect(peer.trackings(order.id)).toMatchObject([
      { tracking_provider: 'dhl-express', custom_tracking_provider: '' },
    ]);
    const again = await refusal(trackingClient(peer).delete(`${path}/${item.tracking_id}`));
    expect(again.data).toEqual(
      wooRefusal(404, 'woocommerce_rest_order_shipment_tracking_invalid_id', 'Invalid shipment tracking ID.'),
    );
  });

  it('answers the next requests with the proxy’s 503, or 429 with Retry-After: 1, then recovers', async () => {
    const peer = await start();
    peer.failNext(2);
    const first = await refusal(client(peer).get('orders'));
    expect([first.status, first.headers['content-type']]).toEqual([503, 'text/html']);
    expect(first.data).toContain('<h1>503 Service Unavailable</h1>');
    expect((await refusal(client(peer).get('orders'))).status).toBe(503);
    expect((await answer(client(peer).get('orders'))).status).toBe(200);
    peer.failNext(1, 429);
    const limited = await refusal(client(peer).get('orders'));
    expect([limited.status, limited.headers['retry-after']]).toEqual([429, '1']);
    expect(peer.requests()).toEqual({ 'GET orders': 4 });
  });

  it('loses the answer of a dropped POST notes after adding the note, and answers the next one', async () => {
    const peer = await start();
    const order = peer.addOrder();
    peer.dropNext(1, 'POST notes');
    expect((await answer(client(peer).get(`orders/${order.id}/notes`))).status).toBe(200);
    const lost: unknown = await client(peer)
      .post(`orders/${order.id}/notes`, { note: 'Spedito, numero 999' })
      .then(
        () => 'answered',
        (e: unknown) => e,
      );
    // Axios rejects with no response at all: code ECONNRESET, message 'socket hang up'.
    expect(lost).toMatchObject({ code: 'ECONNRESET', message: 'socket hang up' });
    expect((lost as { response?: unknown }).response).toBeUndefined();
    expect(peer.notes(order.id).at(-1)?.note).toBe('Spedito, numero 999');
    expect((await answer(client(peer).post(`orders/${order.id}/notes`, { note: 'Ancora' }))).status).toBe(201);
    expect(peer.requests()).toEqual({ 'GET notes': 1, 'POST notes': 2 });
  });

  it('fails the same requests in every run for a seeded failRate', async () => {
    const statuses = async (peer: WooCommercePeer) => {
      const seen: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const res = await fetch(`${peer.url}/wp-json/wc/v3/orders`);
        seen.push(res.status);
        await res.arrayBuffer();
      }
      return seen;
    };
    const first = await statuses(await start({ failRate: 0.5, failStatus: 429, seed: 7 }));
    const second = await statuses(await start({ failRate: 0.5, failStatus: 429, seed: 7 }));
    expect(second).toEqual(first);
    expect(new Set(first)).toEqual(new Set([401, 429]));
  });
});
