// PrestaShop's Webservice on the wire: the key as HTTP Basic user (no password), JSON answers (output_format=JSON),
// XML bodies as the Webservice documents them for PUT and POST. One call answered as data: the shop's status and its
// own words (`errors[].message`), never thrown; every request as every shop's (../http.ts: a total deadline, no
// redirect followed, the answer capped, ended at the station's close).
import type { Answer } from '../client';
import { SHOP_HTTP, shopFetch } from '../http';
import { shopAddress, type ShopAddress } from '../address';
import { networkCause } from '../networkCause';
import type { ShopFailure } from '../types';

export interface PrestaShopOptions {
  address: string;
  key: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type Query = Record<string, string>;

/** One call: GET or DELETE with a query, PUT or POST with an XML body; the answer's JSON (null for none). */
export type PrestaShopCall = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  resource: string,
  query?: Query,
  xml?: string,
) => Promise<Answer<unknown>>;

export const unreadable = (what: string): ShopFailure => ({
  kind: 'unavailable',
  status: 200,
  message: `Risposta del negozio non leggibile (${what}): non è JSON del Webservice di PrestaShop`,
});

/** The Webservice's own words: `{"errors":[{"code":…,"message":…}]}`, else the status line. */
function wordsOf(body: unknown): { message: string; code?: string } {
  const first = (body as { errors?: { code?: unknown; message?: unknown }[] } | null)?.errors?.[0];
  if (first && typeof first.message === 'string')
    return { message: first.message, ...(first.code !== undefined ? { code: String(first.code) } : {}) };
  return { message: 'il server del negozio ha risposto senza il Webservice di PrestaShop' };
}

function failureOf(status: number, body: unknown, retryAfter: string | null): ShopFailure {
  const kind: ShopFailure['kind'] =
    status === 401 || status === 403
      ? 'unauthorized'
      : status === 429 || status >= 500
        ? 'unavailable'
        : status === 404
          ? 'refused'
          : 'http';
  const seconds = Number(retryAfter);
  const retry = Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: Math.min(seconds, 3600) * 1000 } : {};
  return { kind, status, ...wordsOf(body), ...retry };
}

function parsed(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface PrestaShopApi {
  where: ShopAddress;
  call: PrestaShopCall;
}

export function prestashopApi(options: PrestaShopOptions): PrestaShopApi {
  const where = shopAddress(options.address);
  const fetch = shopFetch({
    closing: options.signal ?? new AbortController().signal,
    deadlineMs: options.timeoutMs ?? SHOP_HTTP.deadlineMs,
  });
  const authorization = `Basic ${Buffer.from(`${options.key}:`).toString('base64')}`;
  const call: PrestaShopCall = async (method, resource, query = {}, xml) => {
    // A key refused on one resource: which one, so the shop owner knows which permission to tick.
    const refusedOn = (failure: ShopFailure): ShopFailure =>
      failure.kind === 'unauthorized'
        ? { ...failure, message: `${failure.message} (${method} ${resource.split('/')[0]})` }
        : failure;
    const url = new URL(`${where.origin}/api/${resource}`);
    for (const [name, value] of Object.entries({ ...query, output_format: 'JSON' })) url.searchParams.set(name, value);
    try {
      const response = await fetch(url.href, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(xml !== undefined ? { 'content-type': 'application/xml; charset=utf-8' } : {}),
        },
        ...(xml !== undefined ? { body: xml } : {}),
      });
      const text = await response.text();
      const body = parsed(text);
      if (response.status < 200 || response.status >= 300)
        return { ok: false, failure: refusedOn(failureOf(response.status, body, response.headers.get('retry-after'))) };
      if (body === undefined) return { ok: false, failure: unreadable(resource.split('/')[0] ?? resource) };
      return { ok: true, data: body };
    } catch (error) {
      // The shared fetch's own words (a redirect refused, too slow, too large) as they are; the network's named.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
      const message = cause ? `Negozio non raggiungibile: ${cause}` : error instanceof Error ? error.message : '';
      return { ok: false, failure: { kind: 'network', status: 0, message, cause: networkCause(error) } };
    }
  };
  return { where, call };
}

/** One resource's XML body, as the Webservice documents it: `<prestashop><name>…fields…</name></prestashop>`. */
export function xmlOf(name: string, fields: Readonly<Record<string, string>>): string {
  const cdata = (value: string) => `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
  const inner = Object.entries(fields)
    .map(([field, value]) => `<${field}>${cdata(value)}</${field}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><prestashop xmlns:xlink="http://www.w3.org/1999/xlink"><${name}>${inner}</${name}></prestashop>`;
}

/** A list as the Webservice answers it: `{"orders":[…]}`, or `[]` when nothing matched. */
export function listOf<T>(body: unknown, resource: string): T[] | undefined {
  if (Array.isArray(body)) return body.length === 0 ? [] : undefined;
  const list = (body as Record<string, unknown> | null)?.[resource];
  return Array.isArray(list) ? (list as T[]) : undefined;
}
