// WooCommerce's REST API v3 on the wire, with WooCommerce's own client library (@woocommerce/woocommerce-rest-api:
// OAuth 1.0a signatures over http, Basic auth over https, as the site expects): one call answered as data (the site's
// status and words), and the Shipment Tracking extension's routes found where its release put them.
import WooCommerceRestApiImport from '@woocommerce/woocommerce-rest-api';
import type { Answer } from '../client';
import { shopAddress, type ShopAddress } from '../address';
import { capped, type ShopFailure } from '../types';
import { guardedLookup } from '../innerAddress';
import { innerRefusal, redirectRefused, requestSignal, SHOP_HTTP, tooLarge, type RequestSignal } from '../http';
import { networkCause } from '../networkCause';

export interface WooCommerceOptions {
  address: string;
  consumerKey: string;
  consumerSecret: string;
  timeoutMs?: number;
  /** The owner's close: every request in flight ends at once. */
  signal?: AbortSignal;
}

/**
 * The library ships as CommonJS: a bundle or vitest hands over its class, Node's own loader (tsx, `npm start`) the
 * module object with the class as its `default`.
 */
function classOf(
  imported: typeof WooCommerceRestApiImport | { default: typeof WooCommerceRestApiImport },
): typeof WooCommerceRestApiImport {
  return 'default' in imported ? imported.default : imported;
}
const WooCommerceRestApi = classOf(WooCommerceRestApiImport);
type WooCommerceRestApi = InstanceType<typeof WooCommerceRestApi>;

const TRACKING_NAMESPACES = ['wc-shipment-tracking/v3', 'wc/v1'];

/** A 200 whose body is not what the route answers (a host's HTML page): tried again later. */
export const unreadable = (what: string): ShopFailure => ({
  kind: 'unavailable',
  status: 200,
  message: `Risposta del sito non leggibile (${what}): non è JSON di WooCommerce`,
});
/**
 * A set-up answered by something other than WooCommerce's API (a 200 web page): refused, saying what answered, its
 * type and its page title or first words, so the shop owner sees whose page the address leads to.
 */
export function notTheApi(answer: HttpAnswer): ShopFailure {
  const type = typeof answer.headers['content-type'] === 'string' ? answer.headers['content-type'].split(';')[0] : '';
  const text = typeof answer.data === 'string' ? answer.data : JSON.stringify(answer.data ?? null);
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
  const words = (title ?? text.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim().slice(0, 80);
  return {
    kind: 'refused',
    status: answer.status,
    message:
      `All’indirizzo risponde ${type === 'text/html' ? 'una pagina web' : `un contenuto ${type || 'senza tipo'}`}` +
      `${words ? ` («${words}»)` : ''}, non l’API REST di WooCommerce: controllare l’indirizzo del sito ` +
      '(quello della home page, con https://) e che i permalink di WordPress non siano «Semplice»',
    answered: words || type || 'senza tipo',
  };
}
export const NO_EXTENSION: ShopFailure = {
  kind: 'refused',
  status: 404,
  message: 'rest_no_route',
  code: 'rest_no_route',
};

/** One call to the site: method, endpoint, body, query. */
export type WooCommerceCall = (
  method: 'get' | 'post' | 'put' | 'delete',
  endpoint: string,
  body?: Record<string, unknown>,
  params?: Record<string, string | number>,
) => Promise<Answer<HttpAnswer>>;

export interface HttpAnswer {
  status: number;
  data: unknown;
  headers: Record<string, unknown>;
}

/** Axios throws on an error status: the status, WooCommerce's `message` ("Consumer key is invalid.") and `code`. */
function failureOf(error: unknown, request: RequestSignal): ShopFailure {
  type Failed = { status?: number; data?: { message?: unknown; code?: unknown }; headers?: Record<string, unknown> };
  const response = (error as { response?: Failed }).response;
  const status = response?.status ?? 0;
  const why = request.why() || innerRefusal(error);
  if (why) return { kind: 'network', status: 0, message: why, cause: request.why() ? 'timeout' : 'inner' };
  if ((error as { code?: unknown }).code === 'ERR_BAD_RESPONSE' && /maxContentLength/.test(String(error)))
    return { kind: 'network', status: 0, message: tooLarge() };
  if (status >= 300 && status < 400) {
    const location = response?.headers?.['location'];
    return { kind: 'http', status, message: redirectRefused(status, typeof location === 'string' ? location : '') };
  }
  const message = capped(
    typeof response?.data?.message === 'string'
      ? response.data.message
      : error instanceof Error
        ? error.message
        : String(error),
  );
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
  const cause = status === 0 ? { cause: networkCause(error) } : {};
  return { kind, status, message, ...code, ...retry, ...cause };
}

/** By its code: the message is in the site's language. */
export const noRoute = (failure: ShopFailure) => failure.status === 404 && failure.code === 'rest_no_route';

export interface WooCommerceApi {
  where: ShopAddress;
  /** A call to WooCommerce's own routes (wc/v3). */
  call: WooCommerceCall;
  /** A call to the Shipment Tracking extension's routes; `rest_no_route` (NO_EXTENSION) when the site has none. */
  trackingCall: WooCommerceCall;
  /** Ends every request in flight at once. */
  close(): void;
}

export function woocommerceApi(options: WooCommerceOptions): WooCommerceApi {
  const where = shopAddress(options.address);
  const deadlineMs = options.timeoutMs ?? SHOP_HTTP.deadlineMs;
  const closing = new AbortController();
  options.signal?.addEventListener('abort', () => closing.abort(), { once: true });
  /**
   * One library object per request, under that request's own signal: axios's `timeout` only times silence, so the
   * deadline is the signal's; axios would follow redirects (and send the keys along) unless told not to.
   */
  const apiFor = (version: string, request: RequestSignal) =>
    new WooCommerceRestApi({
      url: where.origin,
      consumerKey: options.consumerKey,
      consumerSecret: options.consumerSecret,
      version: version as 'wc/v3',
      timeout: deadlineMs,
      axiosConfig: {
        signal: request.signal,
        maxRedirects: 0,
        lookup: guardedLookup,
        maxContentLength: SHOP_HTTP.maxAnswerBytes,
        maxBodyLength: SHOP_HTTP.maxAnswerBytes,
      },
    });
  // Made once now only so that keys the library refuses (none at all) are refused at once, by its own words.
  apiFor('wc/v3', requestSignal(closing.signal, deadlineMs));
  const api = 'wc/v3';
  // The Shipment Tracking extension's routes are its own: `wc-shipment-tracking/v3`, or `wc/v1` in its older releases.
  const trackingApis = TRACKING_NAMESPACES;
  const callOn = async (
    version: string,
    method: 'get' | 'post' | 'put' | 'delete',
    endpoint: string,
    body?: Record<string, unknown>,
    params?: Record<string, string | number>,
  ): Promise<Answer<HttpAnswer>> => {
    const request = requestSignal(closing.signal, deadlineMs);
    const on = apiFor(version, request);
    try {
      const answer = (await (method === 'get' || method === 'delete'
        ? on[method](endpoint, params ?? {})
        : on[method](endpoint, body ?? {}, params ?? {}))) as HttpAnswer;
      return { ok: true, data: answer };
    } catch (error) {
      return { ok: false, failure: failureOf(error, request) };
    }
  };
  const call = (...args: Parameters<typeof callOn> extends [unknown, ...infer R] ? R : never) => callOn(api, ...args);
  /** The extension's namespace that answers, found on first use; null when the site has no extension. */
  let tracking: string | null | undefined;
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

  return { where, call, trackingCall, close: () => closing.abort() };
}
