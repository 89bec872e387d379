// A WordPress site's WooCommerce REST API v3 on 127.0.0.1, for the station's shop tests: orders listed, read and
// completed, their notes, and the Shipment Tracking extension's items when a test installs it, behind WooCommerce's
// own authentication (woocommerceAuth.ts) and refusals, every request's arguments checked against WooCommerce's
// published definitions first (woocommerceDefinitions.ts). It fails on demand: error statuses as the host's proxy
// sends them, and answers lost after their change was made (the case exactly-once delivery must survive).
import { randomBytes } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededRandom } from '../helpers/random';
import { wooAuthenticator, wooError, type KeyPermissions, type WooError } from './woocommerceAuth';
import { notPlayed, SHOP_MANAGER, WooStore, type WooNote, type WooTracking } from './woocommerceStore';
import { routeTable, type Found, type Reply } from './woocommerceRoutes';
import type { WooOrder, WooOrderFields, WooStatus } from '../fixtures/woocommerceOrders';
import { misbehave, type Misbehaviour } from './woocommerceMisbehaviour';
import { invalidParam, listed, published, requestFault } from './woocommerceDefinitions';

export {
  sampleWooOrder,
  type WooBillingAddress,
  type WooLineItem,
  type WooOrder,
  type WooOrderFields,
  type WooShippingAddress,
  type WooStatus,
} from '../fixtures/woocommerceOrders';
export type { WooNote, WooTracking } from './woocommerceStore';

export interface WooCommercePeerOptions {
  /** The REST API key the site accepts: ck_ and cs_ with 40 random hex digits by default, as WooCommerce makes them. */
  consumerKey?: string;
  consumerSecret?: string;
  /** What the key may do (WooCommerce → Settings → Advanced → REST API): read_write unless a test says otherwise. */
  keyPermissions?: KeyPermissions;
  /** Whether the Shipment Tracking extension is installed; without it its routes are rest_no_route. */
  trackingExtension?: boolean;
  /** The share of requests (0..1) failed at random with `failStatus`, drawn from a PRNG seeded with `seed`. */
  failRate?: number;
  /** 503 by default; 429 too, with Retry-After: 1. */
  failStatus?: number;
  seed?: number;
  /** Milliseconds since the epoch: stamps orders, notes and tracking items, so a test can move the site's time. */
  clock?: () => number;
  /**
   * A site on a WooCommerce older than the bench needs (before 5.8, which added `modified_after`): its `orderby` enum
   * without `modified` (refused as WordPress refuses a value out of an enum), or `modified_after` and `dates_are_gmt`
   * not registered (ignored, as WordPress ignores an argument a route does not register).
   */
  older?: 'refusesOrderby' | 'ignoresModifiedAfter';
}

const OLD_ORDERBY = ['date', 'id', 'include', 'title', 'slug'];

/** A list of orders as an older WooCommerce takes it: refused, or its query without what it does not know. */
function asOlderSite(older: WooCommercePeerOptions['older'], method: string, route: string, url: URL) {
  if (!older || method !== 'GET' || !/^\/wc\/v3\/orders$/.test(route)) return undefined;
  const orderby = url.searchParams.get('orderby');
  if (older === 'refusesOrderby' && orderby !== null && !OLD_ORDERBY.includes(orderby))
    return invalidParam('orderby', `orderby is not one of ${listed(OLD_ORDERBY)}.`);
  if (older === 'ignoresModifiedAfter')
    for (const name of ['modified_after', 'dates_are_gmt']) url.searchParams.delete(name);
  return undefined;
}

export type WooCommercePeer = Awaited<ReturnType<typeof startWooCommercePeer>>;

/** A request as it arrived: its route under /wp-json, its query without the credentials, its JSON body's fields. */
export interface SentRequest {
  method: string;
  route: string;
  query: [string, string][];
  body: Record<string, unknown>;
}

const HOST = '127.0.0.1';
const JSON_TYPE = 'application/json; charset=UTF-8';
/** Larger bodies are no request of the station's: the connection is cut rather than the whole body held. */
const MAX_BODY_BYTES = 1 << 20;

/** WooCommerce authenticates only what goes to its namespaces (WC_REST_Authentication::is_request_to_rest_api). */
const wooNamespace = (route: string) => /^\/wc[-/]/.test(route);

/** The host's proxy answers an overloaded or rate-limited site itself, in HTML: a client must not expect JSON. */
function proxyPage(status: number): Reply {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  const lines = ['<html>', `<head><title>${title}</title></head>`, '<body>', `<center><h1>${title}</h1></center>`];
  const body = [...lines, '<hr><center>nginx</center>', '</body>', '</html>', ''].join('\r\n');
  const headers = { 'content-type': 'text/html', ...(status === 429 ? { 'retry-after': '1' } : {}) };
  return { status, body, headers };
}

const NOT_FOUND_PAGE: Reply = {
  status: 404,
  body: '<!DOCTYPE html><html lang="it-IT"><head><title>Pagina non trovata</title></head><body></body></html>',
  headers: { 'content-type': 'text/html; charset=UTF-8' },
};
const NO_ROUTE = wooError(404, 'rest_no_route', 'No route was found matching the URL and request method.');

const errorReply = (error: WooError): Reply => ({
  status: error.status,
  body: { code: error.code, message: error.message, data: { status: error.status, ...error.data } },
});

/** WordPress's _fields: only the top-level fields named (a dotted name keeps its top-level field whole). */
function pickFields(body: unknown, fields: string | null): unknown {
  if (!fields) return body;
  const names = new Set(fields.split(',').map((f) => f.trim().split('.')[0]));
  const pick = (item: unknown) =>
    item && typeof item === 'object' ? Object.fromEntries(Object.entries(item).filter(([k]) => names.has(k))) : item;
  return Array.isArray(body) ? body.map(pick) : pick(body);
}

/** The body, or undefined when it is larger than any request of the station's. */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON body as WordPress reads it: its object's fields, none, or rest_invalid_json. */
function jsonBody(text: string): { fields: Record<string, unknown> } | { error: WooError } {
  if (text.trim() === '') return { fields: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    const object = parsed && typeof parsed === 'object' && !Array.isArray(parsed);
    return { fields: object ? (parsed as Record<string, unknown>) : {} };
  } catch {
    const data = { json_error_code: 4, json_error_message: 'Syntax error' };
    return { error: wooError(400, 'rest_invalid_json', 'Invalid JSON body passed.', data) };
  }
}

export async function startWooCommercePeer(options: WooCommercePeerOptions = {}) {
  const clock = options.clock ?? Date.now;
  const consumerKey = options.consumerKey ?? `ck_${randomBytes(20).toString('hex')}`;
  const consumerSecret = options.consumerSecret ?? `cs_${randomBytes(20).toString('hex')}`;
  const store = new WooStore(clock);
  const random = seededRandom(options.seed ?? 1);
  const counts: Record<string, number> = {};
  const sent: SentRequest[] = [];
  const faults = { failLeft: 0, failStatus: 503, dropLeft: 0, dropOnly: '', holdMs: 0, holdOnly: '' };
  let badly: Misbehaviour | null = null;
  const dribbling = new Set<ServerResponse>();
  let home = '';
  const permissions = options.keyPermissions ?? 'read_write';
  const authenticate = wooAuthenticator({ consumerKey, consumerSecret, permissions }, () => home);
  const routes = routeTable(store, { trackingExtension: options.trackingExtension ?? false, clock, home: () => home });

  const answer = (req: IncomingMessage, url: URL, found: Found | undefined, text: string): Reply => {
    if (!/^\/wp-json(\/|$)/.test(url.pathname)) return NOT_FOUND_PAGE;
    const route = url.pathname.slice('/wp-json'.length).replace(/\/+$/, '');
    let user = false;
    if (wooNamespace(route)) {
      const caller = authenticate(req, url);
      if ('error' in caller) return errorReply(caller.error);
      user = caller.user;
    }
    if (!found) return errorReply(routes.realButNotPlayed(req.method ?? 'GET', route) ? notPlayed(route) : NO_ROUTE);
    // WordPress checks the arguments against the route's definitions before its permission check.
    const body = jsonBody(text);
    if ('error' in body) return errorReply(body.error);
    const fault =
      asOlderSite(options.older, req.method ?? 'GET', route, url) ??
      requestFault(req.method ?? 'GET', route, url.searchParams, body.fields);
    if (fault) return errorReply(fault);
    if (!user && found.route.denied) return errorReply(found.route.denied);
    const reply = found.route.run(found.ids, { url, body: body.fields, namespace: found.namespace });
    if ('code' in reply) return errorReply(reply);
    return { ...reply, body: pickFields(reply.body, url.searchParams.get('_fields')) };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const text = await readBody(req);
    if (text === undefined) return void req.socket.destroy();
    const url = new URL(req.url ?? '/', home);
    const found = routes.find(req.method ?? 'GET', url.pathname);
    const name = found?.name ?? `${req.method ?? 'GET'} unknown`;
    counts[name] = (counts[name] ?? 0) + 1;
    const parsed = jsonBody(text);
    const credentials = published().authentication.query;
    sent.push({
      method: req.method ?? 'GET',
      route: url.pathname.replace(/^\/wp-json/, ''),
      query: [...url.searchParams].filter(([key]) => !credentials.includes(key)),
      body: 'fields' in parsed ? parsed.fields : {},
    });
    const failRate = options.failRate ?? 0;
    const randomFault = failRate > 0 && random() < failRate ? (options.failStatus ?? 503) : 0;
    if (badly) return misbehave(res, badly, dribbling);
    const fault = faults.failLeft > 0 ? faults.failStatus : randomFault;
    faults.failLeft = Math.max(0, faults.failLeft - 1);
    const reply = fault ? proxyPage(fault) : answer(req, url, found, text);
    if (!fault && faults.holdMs > 0 && name === faults.holdOnly)
      await new Promise((resolve) => setTimeout(resolve, faults.holdMs));
    if (!fault && faults.dropLeft > 0 && (faults.dropOnly === '' || name === faults.dropOnly)) {
      // The change is made; only the answer is lost, as when a connection dies on its way back.
      faults.dropLeft -= 1;
      req.socket.destroy();
      return;
    }
    const json = typeof reply.body !== 'string';
    res.writeHead(reply.status, { 'content-type': JSON_TYPE, ...reply.headers });
    res.end(json ? JSON.stringify(reply.body) : reply.body);
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  // The site's address as its settings hold it: the OAuth signature covers it, so a client must use this name.
  home = `http://${HOST}:${port}`;
  const known = (id: number) => {
    if (!store.has(id)) throw new Error(`woocommercePeer: no order ${id}`);
    return id;
  };
  return {
    url: home,
    consumerKey,
    consumerSecret,
    /**
     * A new order numbered from 2001 (or `number`, as a sequential-numbers plugin would): sampleWooOrder's fields, then
     * `fields`; with the checkout's status note.
     */
    addOrder: (fields: Partial<WooOrderFields> & { number?: string } = {}): WooOrder => store.add(fields),
    /**
     * Changes an order's fields as the merchant would; date_modified moves to now unless `changes` sets it. A status
     * given here changes nothing else: setStatus makes the change with what WooCommerce does around it.
     */
    editOrder: (id: number, changes: Partial<WooOrderFields>): WooOrder => store.edit(known(id), changes),
    /** A status change in the admin: the status note (by the manager), paid and completed dates, date_modified. */
    setStatus: (id: number, status: WooStatus): WooOrder => store.setStatus(known(id), status, SHOP_MANAGER),
    /** The admin's "Move to Trash": status trash, date_modified now; the list shows it only when asked for trash. */
    trash: (id: number): WooOrder => store.trash(known(id)),
    order: (id: number): WooOrder | undefined => store.order(id),
    /** The order's notes, oldest first (the API lists them newest first). */
    notes: (id: number): WooNote[] => store.notes(id),
    /** The order's tracking items as the extension stores them (custom provider and link included). */
    trackings: (id: number): WooTracking[] => store.trackings(id),
    /** The next `count` requests are answered `status` (default 503) by the proxy, without reaching WordPress. */
    failNext: (count: number, status = 503) => void Object.assign(faults, { failLeft: count, failStatus: status }),
    /**
     * The next `count` requests (of `route` only when named, as requests() names them: 'POST notes', 'PUT order')
     * are carried out, then their connection is destroyed instead of answered.
     */
    dropNext: (count: number, route = ''): void => void Object.assign(faults, { dropLeft: count, dropOnly: route }),
    /** Answers of `route` wait `ms` after their change was made (0: none): a killed client never sees them. */
    holdAnswers: (route: string, ms: number): void => void Object.assign(faults, { holdMs: ms, holdOnly: route }),
    /** Every request from now on answered as a badly behaving host would (null: as WordPress again). */
    misbehave: (how: Misbehaviour | null): void => void (badly = how),
    /** Answers being dribbled out one byte a second now (their client has not given up). */
    dribbling: (): number => dribbling.size,
    /** Requests received by 'METHOD route' ('GET orders', 'POST notes', 'GET unknown'…), faulted ones included. */
    requests: (): Record<string, number> => ({ ...counts }),
    /** Every request received, in order, as sent (faulted ones included): what a test checks against WooCommerce's. */
    sent: (): SentRequest[] => structuredClone(sent),
    /** Ends open connections too, so a keep-alive client cannot hold the test open. */
    close: async (): Promise<void> => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
