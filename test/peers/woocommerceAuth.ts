// WooCommerce's REST authentication (WC_REST_Authentication) for the WooCommerce peer: one-legged OAuth 1.0a in the
// query string, as WooCommerce expects over http, checked for real with the consumer secret; Basic auth (or
// consumer_key/consumer_secret in the query), as over https; the key's read/write permission; refusals in
// WooCommerce's own words.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type KeyPermissions = 'read' | 'write' | 'read_write';
export interface WooKey {
  consumerKey: string;
  consumerSecret: string;
  permissions: KeyPermissions;
}

/** A WP_Error as the REST server sends it: `{code, message, data: {status, …}}`. */
export interface WooError {
  status: number;
  code: string;
  message: string;
  data?: Record<string, unknown>;
}
export const wooError = (status: number, code: string, message: string, data?: Record<string, unknown>): WooError => ({
  status,
  code,
  message,
  ...(data ? { data } : {}),
});
const refused = (message: string) => wooError(401, 'woocommerce_rest_authentication_error', message);

/** Who is asking: the key's user, nobody (no credentials at all), or a refusal before any route is looked at. */
export type Caller = { user: boolean } | { error: WooError };

/** RFC 3986 percent-encoding, as oauth-1.0a and PHP's rawurlencode do it. */
export const percentEncode = (text: string): string =>
  encodeURIComponent(text).replace(/[!*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The signature base string (RFC 5849 §3.4.1): METHOD & the URL without its query & every query parameter but the
 * signature, each encoded, sorted, joined and encoded again. A JSON body is not signed (WooCommerce reads $_GET and
 * $_POST only).
 */
export function signatureBase(method: string, baseUrl: string, params: [string, string][]): string {
  const pairs = params
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [method.toUpperCase(), percentEncode(baseUrl), percentEncode(pairs.join('&'))].join('&');
}

/** No token secret in one-legged OAuth: the key is the encoded consumer secret and a lone '&'. */
export const oauthSignature = (base: string, secret: string, algorithm: 'sha1' | 'sha256'): string =>
  createHmac(algorithm, `${percentEncode(secret)}&`)
    .update(base)
    .digest('base64');

const sameText = (a: string, b: string): boolean => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

const REQUIRED = ['oauth_consumer_key', 'oauth_timestamp', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method'];
/** WooCommerce accepts a timestamp within 15 minutes either way, and each nonce once within that window. */
const WINDOW_S = 15 * 60;

function basicCredentials(req: IncomingMessage, query: URLSearchParams): [string, string] | undefined {
  const [key, secret] = [query.get('consumer_key'), query.get('consumer_secret')];
  if (key && secret) return [key, secret];
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const decoded = basic ? Buffer.from(basic, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  return colon > 0 && colon < decoded.length - 1 ? [decoded.slice(0, colon), decoded.slice(colon + 1)] : undefined;
}

/**
 * Checks a request as WooCommerce does for the routes under /wp-json/wc/ and /wp-json/wc-…/. `homeUrl` is the site's
 * own address: the signature covers it, so a client that reached the site by another name fails, as it would there.
 * `now` is the real clock (seconds): the client library signs with Date.now(), whatever clock a test moves.
 */
export function wooAuthenticator(key: WooKey, homeUrl: () => string, now = () => Math.floor(Date.now() / 1000)) {
  const nonces = new Map<string, number>();

  /** WooCommerce tries Basic first (over https); an unknown key there is no refusal, it falls through to OAuth. */
  function basic(req: IncomingMessage, query: URLSearchParams): Caller | undefined {
    const credentials = basicCredentials(req, query);
    if (!credentials || credentials[0] !== key.consumerKey) return undefined;
    return sameText(credentials[1], key.consumerSecret)
      ? { user: true }
      : { error: refused('Consumer secret is invalid.') };
  }

  function oauth(method: string, url: URL): Caller {
    const params = new Map(url.searchParams);
    const missing = REQUIRED.filter((name) => !params.get(name));
    if (missing.length === REQUIRED.length) return { user: false };
    if (missing.length > 0) {
      const message = `Missing OAuth parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`;
      return { error: wooError(401, 'woocommerce_rest_authentication_missing_parameter', message) };
    }
    if (params.get('oauth_consumer_key') !== key.consumerKey) return { error: refused('Consumer key is invalid.') };
    const algorithm = { 'HMAC-SHA1': 'sha1', 'HMAC-SHA256': 'sha256' } as const;
    const chosen = algorithm[params.get('oauth_signature_method') as keyof typeof algorithm];
    if (!chosen) return { error: refused('Invalid signature - signature method is invalid.') };
    // PHP has already read a '+' in the query as a space; WooCommerce puts it back before comparing.
    const given = (params.get('oauth_signature') ?? '').replace(/ /g, '+');
    params.delete('oauth_signature');
    const base = signatureBase(method, `${homeUrl()}${url.pathname}`, [...params]);
    if (!sameText(oauthSignature(base, key.consumerSecret, chosen), given))
      return { error: refused('Invalid signature - provided signature does not match.') };
    const timestamp = Number(params.get('oauth_timestamp'));
    if (!(Math.abs(now() - timestamp) <= WINDOW_S)) return { error: refused('Invalid timestamp.') };
    const nonce = params.get('oauth_nonce') ?? '';
    for (const [seen, at] of nonces) if (at < now() - WINDOW_S) nonces.delete(seen);
    if (nonces.has(nonce)) return { error: refused('Invalid nonce - nonce has already been used.') };
    nonces.set(nonce, timestamp);
    return { user: true };
  }

  /** After the user is known, before any route: a read-only key may not write, a write-only key may not read. */
  function permitted(method: string): WooError | undefined {
    const reading = method === 'GET' || method === 'HEAD';
    if (reading && key.permissions === 'write') return refused('The API key provided does not have read permissions.');
    if (!reading && key.permissions === 'read') return refused('The API key provided does not have write permissions.');
    return undefined;
  }

  return (req: IncomingMessage, url: URL): Caller => {
    const method = req.method ?? 'GET';
    const caller = basic(req, url.searchParams) ?? oauth(method, url);
    if ('error' in caller || !caller.user) return caller;
    const denied = permitted(method);
    return denied ? { error: denied } : caller;
  };
}
