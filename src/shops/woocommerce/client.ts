// A WooCommerce site through its REST API v3, with WooCommerce's own client library (@woocommerce/woocommerce-rest-api:
// OAuth 1.0a signatures over http, Basic auth over https, as the site expects). Orders: the processing ones on the
// first read, then every order modified since the last one read (a cancelled or completed one leaves the bench).
// Fulfilment: the order completed, with the courier, tracking number and link in an order note (to the customer when
// the shop asked), or as a tracking item where the Shipment Tracking extension is installed. An attempt first reads
// the order's notes and tracking items: one carrying our number was made by an earlier attempt whose answer was lost.
import WooCommerceRestApiImport from '@woocommerce/woocommerce-rest-api';
import type { ShopFulfilmentDue } from '../../engine/index';
import { later, type Answer, type ShopClient } from '../client';
import { shopAddress } from '../address';
import type { ShopFailure, WooOrder } from '../types';
import { wooOrdersIn } from './orders';

export interface WooOptions {
  address: string;
  consumerKey: string;
  consumerSecret: string;
  timeoutMs?: number;
}

/**
 * The library ships as CommonJS: a bundle or vitest hands over its class, Node's own loader (tsx, `npm start`) the
 * module object with the class as its `default`.
 */
const WooCommerceRestApi =
  (WooCommerceRestApiImport as unknown as { default?: typeof WooCommerceRestApiImport }).default ??
  WooCommerceRestApiImport;
type WooCommerceRestApi = InstanceType<typeof WooCommerceRestApi>;

const PER_PAGE = 50;
const TRACKING_NAMESPACES = ['wc-shipment-tracking/v3', 'wc/v1'];
/** Orders the shop closed otherwise: a fulfilment must not complete them. */
const CLOSED = new Set(['cancelled', 'refunded', 'failed', 'trash']);
/** A 200 whose body is not what the route answers (a host's HTML page): tried again later. */
const unreadable = (what: string): ShopFailure => ({
  kind: 'unavailable',
  status: 200,
  message: `Risposta del sito non leggibile (${what}): non è JSON di WooCommerce`,
});
const NO_EXTENSION: ShopFailure = { kind: 'refused', status: 404, message: 'rest_no_route', code: 'rest_no_route' };

/** One call to the site: method, endpoint, body, query. */
type WooCall = (
  method: 'get' | 'post' | 'put' | 'delete',
  endpoint: string,
  body?: Record<string, unknown>,
  params?: Record<string, string | number>,
) => Promise<Answer<HttpAnswer>>;

interface HttpAnswer {
  status: number;
  data: unknown;
  headers: Record<string, unknown>;
}

/** Axios throws on an error status: the status, WooCommerce's `message` ("Consumer key is invalid.") and `code`. */
function failureOf(error: unknown): ShopFailure {
  type Failed = { status?: number; data?: { message?: unknown; code?: unknown }; headers?: Record<string, unknown> };
  const response = (error as { response?: Failed }).response;
  const status = response?.status ?? 0;
  const message =
    typeof response?.data?.message === 'string'
      ? response.data.message
      : error instanceof Error
        ? error.message
        : String(error);
  const kind: ShopFailure['kind'] =
    status === 401 || status === 403
      ? 'unauthorized'
      : status === 0
        ? 'network'
        : status === 429 || status >= 500
          ? 'unavailable'
          : status === 404
            ? 'refused'
            : 'http';
  const code = typeof response?.data?.code === 'string' ? { code: response.data.code } : {};
  const seconds = Number(response?.headers?.['retry-after']);
  const retry = Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: Math.min(seconds, 3600) * 1000 } : {};
  return { kind, status, message, ...code, ...retry };
}

/** By its code: the message is in the site's language. */
const noRoute = (failure: ShopFailure) => failure.status === 404 && failure.code === 'rest_no_route';

/** Where a read goes on: the modification time it reads after, and the page within it. */
function cursorOf(cursor: string | null, watermark: string): { after: string; page: number } {
  if (cursor) {
    try {
      const parsed = JSON.parse(cursor) as { after?: unknown; page?: unknown };
      if (typeof parsed.after === 'string' && typeof parsed.page === 'number')
        return { after: parsed.after, page: parsed.page };
    } catch {
      // Not ours: read again from the watermark.
    }
  }
  return { after: watermark, page: 1 };
}

/** WooCommerce's GMT times have no zone: read as UTC. */
const gmt = (time: string) => (time && !/[zZ]|[+-]\d\d:?\d\d$/.test(time) ? `${time}Z` : time);

/** A deleted shipment: its tracking item removed, the order back to processing, a note for the shop. */
async function withdraw(
  calls: { call: WooCall; trackingCall: WooCall },
  order: { id: string; item: ShopFulfilmentDue; trackingId: string | undefined; status: string },
) {
  const { call, trackingCall } = calls;
  const { id, item, trackingId, status } = order;
  if (trackingId) {
    const removed = await trackingCall('delete', `orders/${id}/shipment-trackings/${trackingId}`);
    if (!removed.ok && removed.failure.status !== 404) return removed.failure;
  }
  if (status === 'completed') {
    const back = await call('put', `orders/${id}`, { status: 'processing' });
    if (!back.ok) return back.failure;
    const note = `Spedizione ${item.body.number} annullata alla postazione: ordine di nuovo da spedire`;
    const told = await call('post', `orders/${id}/notes`, { note, customer_note: false });
    if (!told.ok) return told.failure;
  }
  return { ok: true as const, id: trackingId ?? '' };
}

export function wooClient(options: WooOptions): ShopClient {
  const where = shopAddress(options.address);
  const apiFor = (version: string) =>
    new WooCommerceRestApi({
      url: where.origin,
      consumerKey: options.consumerKey,
      consumerSecret: options.consumerSecret,
      version: version as 'wc/v3',
      timeout: options.timeoutMs ?? 20_000,
    });
  const api = apiFor('wc/v3');
  // The Shipment Tracking extension's routes are its own: `wc-shipment-tracking/v3`, or `wc/v1` in its older releases.
  const trackingApis = TRACKING_NAMESPACES.map(apiFor);
  const callOn = async (
    on: WooCommerceRestApi,
    method: 'get' | 'post' | 'put' | 'delete',
    endpoint: string,
    body?: Record<string, unknown>,
    params?: Record<string, string | number>,
  ): Promise<Answer<HttpAnswer>> => {
    try {
      const answer = (await (method === 'get' || method === 'delete'
        ? on[method](endpoint, params ?? {})
        : on[method](endpoint, body ?? {}, params ?? {}))) as HttpAnswer;
      return { ok: true, data: answer };
    } catch (error) {
      return { ok: false, failure: failureOf(error) };
    }
  };
  const call = (...args: Parameters<typeof callOn> extends [unknown, ...infer R] ? R : never) => callOn(api, ...args);
  /** The extension's namespace that answers, found on first use; null when the site has no extension. */
  let tracking: WooCommerceRestApi | null | undefined;
  const trackingCall: typeof call = async (...args) => {
    if (tracking === null) return { ok: false, failure: NO_EXTENSION };
    if (tracking) return callOn(tracking, ...args);
    let last: Answer<HttpAnswer> | undefined;
    for (const candidate of trackingApis) {
      last = await callOn(candidate, ...args);
      if (last.ok) {
        tracking = candidate;
        return last;
      }
      // A failure that says nothing about the route (a 503, a timeout): found next time, nothing is kept.
      if (!noRoute(last.failure)) return last;
    }
    tracking = null;
    return last ?? { ok: false, failure: NO_EXTENSION };
  };

  async function deliver(item: ShopFulfilmentDue): Promise<{ ok: true; id: string } | ShopFailure> {
    const id = item.shopOrderId;
    const { company, number, url } = item.body;
    const order = await call('get', `orders/${id}`);
    if (!order.ok) return order.failure;
    const status = (order.data.data as WooOrder | undefined)?.status ?? '';
    // Cancelled or refunded in the shop after the bench shipped it: completing it would tell the customer otherwise.
    if (item.kind === 'fulfil' && CLOSED.has(status))
      return { kind: 'refused', status: 200, message: `Ordine ${item.orderRef} ${status} nel negozio: non completato` };
    const notes = await call('get', `orders/${id}/notes`);
    if (!notes.ok) return notes.failure;
    if (!Array.isArray(notes.data.data)) return unreadable('note');
    const ourNote = (notes.data.data as { id: number; note?: string }[]).find((n) => (n.note ?? '').includes(number));
    const trackings = await trackingCall('get', `orders/${id}/shipment-trackings`);
    if (!trackings.ok && !noRoute(trackings.failure)) return trackings.failure;
    if (trackings.ok && !Array.isArray(trackings.data.data)) return unreadable('tracking');
    const tracked = trackings.ok
      ? (trackings.data.data as { tracking_id: string; tracking_number?: string }[]).find(
          (t) => t.tracking_number === number,
        )
      : undefined;
    if (item.kind === 'cancel')
      return withdraw({ call, trackingCall }, { id, item, trackingId: tracked?.tracking_id, status });
    // The extension present: its tracking item (it shows in the shop's e-mails), the note only for the shop.
    if (trackings.ok && !tracked) {
      const made = await trackingCall('post', `orders/${id}/shipment-trackings`, {
        custom_tracking_provider: company,
        tracking_number: number,
        ...(url ? { custom_tracking_link: url } : {}),
      });
      if (!made.ok) return made.failure;
    }
    let noteId = ourNote ? String(ourNote.id) : '';
    if (!ourNote) {
      const note = await call('post', `orders/${id}/notes`, {
        note: `Spedito con ${company}, numero di spedizione ${number}${url ? `: ${url}` : ''}`,
        customer_note: item.body.notifyCustomer && !trackings.ok,
      });
      if (!note.ok) return note.failure;
      noteId = String((note.data.data as { id?: number }).id ?? '');
    }
    if (status !== 'completed') {
      const done = await call('put', `orders/${id}`, { status: 'completed' });
      if (!done.ok) return done.failure;
    }
    return { ok: true, id: tracked?.tracking_id ?? noteId };
  }

  return {
    async check() {
      const answer = await call('get', 'orders', undefined, { per_page: 1 });
      if (!answer.ok) return answer;
      return { ok: true, data: { name: where.host } };
    },
    async orders(watermark, cursor, read) {
      // Paged by moving `modified_after` on, never by page number alone: an order modified between two pages moves
      // to the end of the list, and page N + 1 would skip the one that took its place. A page wholly within one
      // second (more orders than a page modified in it) goes on by page number within that second.
      const at = cursorOf(cursor, watermark);
      const since = Date.parse(gmt(at.after));
      const params: Record<string, string | number> = {
        status: watermark ? 'any' : 'processing',
        orderby: 'modified',
        order: 'asc',
        per_page: PER_PAGE,
        page: at.page,
        ...(Number.isNaN(since)
          ? {}
          : {
              modified_after: new Date(since - 1000).toISOString().replace(/\.\d{3}Z$/, ''),
              dates_are_gmt: 'true',
            }),
      };
      const answer = await call('get', 'orders', undefined, params);
      if (!answer.ok) return answer;
      const orders = Array.isArray(answer.data.data) ? (answer.data.data as WooOrder[]) : [];
      const latest = orders.reduce((max, order) => later(max, gmt(order.date_modified_gmt ?? '')), '');
      const taken = wooOrdersIn(orders, read);
      const moved = latest !== '' && Date.parse(latest) > (Number.isNaN(since) ? -Infinity : since);
      const next =
        orders.length < PER_PAGE
          ? null
          : JSON.stringify(moved ? { after: latest, page: 1 } : { after: at.after, page: at.page + 1 });
      return { ok: true, data: { taken, latest, next } };
    },
    deliver,
    close: async () => undefined,
  };
}
