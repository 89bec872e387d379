// A Shopify store's Admin GraphQL API on 127.0.0.1, for the station's shop tests. It answers the operations of
// src/shops/shopify/requests.ts, fulfilment events among them (told apart by the name in the query text: the client
// library sends no operationName) from orders the test adds, with Shopify's token and version refusals and its
// cost-based leaky bucket, and fails on demand: error statuses, and answers lost after their change was made (the case
// exactly-once delivery must survive). Every request is first checked against Shopify's published schema.
import { randomBytes } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { REQUIRED_SCOPES } from '../../src/shops/shopify/access';
import { requestedCost, SINGLE_QUERY_MAX_COST } from '../../src/shops/shopify/cost';
import * as operations from '../../src/shops/shopify/requests';
import { seededRandom } from '../helpers/random';
import { schemaErrors } from './shopifySchema';
import { sampleOrder, shopifyTime, type ShopifyOrder, type ShopifyOrderFields } from '../fixtures/shopifyOrders';

export {
  sampleOrder,
  type ShopifyAddress,
  type ShopifyLineItem,
  type ShopifyOrder,
  type ShopifyOrderFields,
} from '../fixtures/shopifyOrders';

type Strings<K extends string> = Record<K, string>;
type Nullable<K extends string> = Record<K, string | null>;

export type ShopifyFulfilment = Strings<'id' | 'orderId' | 'fulfillmentOrderId'> &
  Nullable<'company' | 'trackingNumber' | 'url'> & {
    status: 'SUCCESS' | 'CANCELLED' | 'FAILURE';
    notifyCustomer: boolean;
  };

export type ShopifyFulfilmentEvent = Strings<'id' | 'fulfillmentId' | 'status'> & Nullable<'message' | 'happenedAt'>;

export interface ShopifyPeerOptions {
  /** The Admin API access token the store accepts (a random shpat_ token by default). */
  token?: string;
  shopName?: string;
  /** 1,000 points refilled at Shopify Plus's published 1,000 a second (a page of orders is 922) unless a test says. */
  bucket?: { maximumAvailable?: number; restoreRate?: number };
  /** The share of requests (0..1) answered 503 at random, drawn from a PRNG seeded with `seed` so runs repeat. */
  failRate?: number;
  seed?: number;
  /** Milliseconds since the epoch: stamps updatedAt and refills the bucket, so a test can move time by hand. */
  clock?: () => number;
  /** The scopes the custom app was granted: every one the bench asks for (access.ts) unless a test takes some away. */
  scopes?: readonly string[];
  /** Protected customer data granted (level 2): without it the orders query is refused as Shopify refuses it. */
  protectedData?: boolean;
}

export type ShopifyPeer = Awaited<ReturnType<typeof startShopifyPeer>>;
type Variables = Record<string, unknown>;
type GraphQLAnswer = Record<string, unknown>;
type FulfillmentOrder = { id: string; status: 'OPEN' | 'CLOSED'; location: string };
type StoredOrder = { n: number; order: ShopifyOrder; fulfillmentOrders: FulfillmentOrder[] };
/** The store's one location unless a test splits an order across more. */
export const SHOPIFY_LOCATION = 'gid://shopify/Location/1';

const HOST = '127.0.0.1';
/** The scopes a well set-up custom app has: the bench's, and what Shopify lists beside them. */
const GRANTED = [...REQUIRED_SCOPES, 'read_merchant_managed_fulfillment_orders', 'write_fulfillments'];
const RATE_LIMITS_DOC = 'https://shopify.dev/api/usage/rate-limits';
const VERSION = operations.SHOPIFY_API_VERSION;
const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'x-shopify-api-version': VERSION };
const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const ORDER_GID = 'gid://shopify/Order/';
const FULFILLMENT_ORDER_GID = 'gid://shopify/FulfillmentOrder/';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const operationName = (text: string): string | undefined => /^\s*(?:query|mutation)\s+(\w+)/.exec(text)?.[1];
const gidNumber = (gid: unknown, prefix: string): number =>
  typeof gid === 'string' && gid.startsWith(prefix) ? Number(gid.slice(prefix.length)) : NaN;
// Without extensions the key is left out of the JSON, as in Shopify's answers.
const graphqlError = (message: string, extensions?: object): GraphQLAnswer => ({ errors: [{ message, extensions }] });
const invalidVariable = (name: string): GraphQLAnswer =>
  graphqlError(`Variable $${name} was provided invalid value`, { code: 'INVALID_VARIABLE' });
const userError = (field: string[], message: string) => ({ fulfillment: null, userErrors: [{ field, message }] });

const Optional = z.string().nullish();
const OrdersVariablesSchema = z.object({ first: z.number().int().min(1).max(250), after: Optional, query: Optional });
const FulfillmentInputSchema = z.object({
  lineItemsByFulfillmentOrder: z.array(z.object({ fulfillmentOrderId: z.string() })).min(1),
  trackingInfo: z.object({ company: Optional, number: Optional, url: Optional }).nullish(),
  notifyCustomer: z.boolean().nullish(),
});
/** FulfillmentEventStatus of the pinned version; any other value is refused as Shopify refuses a bad enum. */
const EVENT_STATUSES = ['ATTEMPTED_DELIVERY', 'CARRIER_PICKED_UP', 'CONFIRMED', 'DELAYED', 'DELIVERED', 'FAILURE'];
const MORE_STATUSES = ['IN_TRANSIT', 'LABEL_PRINTED', 'LABEL_PURCHASED', 'OUT_FOR_DELIVERY', 'READY_FOR_PICKUP'];
const FulfillmentEventInputSchema = z
  .object({
    fulfillmentId: z.string(),
    status: z.string().refine((s) => [...EVENT_STATUSES, ...MORE_STATUSES].includes(s)),
    message: Optional,
    happenedAt: Optional,
    estimatedDeliveryAt: Optional,
  })
  .strict();
const Json = z.record(z.string(), z.unknown());
const RequestSchema = z.object({ query: z.string(), variables: Json.nullish(), operationName: Optional });

/** The search terms the station sends: `status:open` and `updated_at:<op>'ISO'`, joined by AND. */
function searchFilter(query: string | null | undefined): ((order: ShopifyOrder) => boolean) | string {
  const tests: ((order: ShopifyOrder) => boolean)[] = [];
  const terms = (query ?? '').split(/\s+AND\s+/).map((t) => t.trim());
  for (const term of terms.filter(Boolean)) {
    const updated = /^updated_at:(>=|<=|>|<)['"]?([^'"]+)['"]?$/.exec(term);
    const at = Date.parse(updated?.[2] ?? '');
    if (term === 'status:open') tests.push((o) => !o.closed && o.cancelledAt === null);
    else if (updated && !Number.isNaN(at)) {
      const op = updated[1] ?? '';
      // The operator names the orderings it accepts: '>=' holds for a later or an equal stamp.
      tests.push((o) => op.includes(['<', '=', '>'][Math.sign(Date.parse(o.updatedAt) - at) + 1] ?? ''));
      // Shopify ignores a term it cannot read; the peer says so, so a station test sees its query is not understood.
    } else return `shopifyPeer reads status:open and updated_at:<op>'ISO' joined by AND, not: ${term}`;
  }
  return (order) => tests.every((test) => test(order));
}

/** Cursors hold the sort key (updatedAt, then id), so an order edited between pages is neither lost nor repeated. */
const sortKey = (s: StoredOrder): [number, number] => [Date.parse(s.order.updatedAt), s.n];
const compareKeys = (a: [number, number], b: [number, number]): number => a[0] - b[0] || a[1] - b[1];
const cursorOf = (s: StoredOrder): string => Buffer.from(JSON.stringify(sortKey(s))).toString('base64url');
const cursorKey = (cursor: string): [number, number] | undefined =>
  z.tuple([z.number(), z.number()]).safeParse(parseJson(Buffer.from(cursor, 'base64url').toString())).data;

/** The store's orders, fulfillment orders and fulfilments; answers are copies, so a test cannot change them by hand. */
class ShopifyStore {
  private readonly stored = new Map<number, StoredOrder>();
  private readonly made: ShopifyFulfilment[] = [];
  private readonly events: ShopifyFulfilmentEvent[] = [];
  /** The fulfillment orders each fulfilment covers. */
  private readonly covers = new Map<string, FulfillmentOrder[]>();
  private fulfillmentOrderCount = 0;

  /** Shopify's userError for every fulfillmentCreate ('' for none): a store that refuses what the bench sends. */
  refusing = '';

  constructor(private readonly clock: () => number) {}

  add(fields: Partial<ShopifyOrderFields>, locations: readonly string[] = [SHOPIFY_LOCATION]): ShopifyOrder {
    const n = this.stored.size + 1;
    const order = { id: `${ORDER_GID}${n}`, name: `#${1000 + n}`, ...sampleOrder(n, this.clock()), ...fields };
    const fulfillmentOrders = locations.map((location) => {
      this.fulfillmentOrderCount += 1;
      return { id: `${FULFILLMENT_ORDER_GID}${this.fulfillmentOrderCount}`, status: 'OPEN' as const, location };
    });
    this.stored.set(n, { n, order, fulfillmentOrders });
    return structuredClone(order);
  }

  edit(id: string, changes: Partial<ShopifyOrderFields>): ShopifyOrder {
    const s = this.stored.get(gidNumber(id, ORDER_GID));
    if (!s) throw new Error(`shopifyPeer: no order ${id}`);
    s.order = { ...s.order, ...changes, updatedAt: changes.updatedAt ?? shopifyTime(this.clock()) };
    return structuredClone(s.order);
  }

  /** Cancelling closes the order and its fulfillment order: nothing of it can be fulfilled any more. */
  cancel(id: string): ShopifyOrder {
    const order = this.edit(id, { cancelledAt: shopifyTime(this.clock()), closed: true });
    const s = this.stored.get(gidNumber(id, ORDER_GID));
    for (const f of s?.fulfillmentOrders ?? []) f.status = 'CLOSED';
    return order;
  }

  fulfilments = (): ShopifyFulfilment[] => structuredClone(this.made);
  fulfilmentEvents = (): ShopifyFulfilmentEvent[] => structuredClone(this.events);

  /** Fulfillment.events is a connection; `reverse: true` lists the newest first, as the station asks. */
  eventsView(variables: Variables): GraphQLAnswer {
    const f = this.made.find((made) => made.id === variables.id);
    if (!f) return { data: { fulfillment: null } };
    const nodes = this.events
      .filter((e) => e.fulfillmentId === f.id)
      .reverse()
      .slice(0, 50)
      .map(({ id, status, message, happenedAt }) => ({ id, status, message, happenedAt }));
    return { data: { fulfillment: { id: f.id, status: f.status, events: { nodes } } } };
  }

  addEvent(variables: Variables): GraphQLAnswer {
    const parsed = FulfillmentEventInputSchema.safeParse(variables.event);
    if (!parsed.success) return invalidVariable('event');
    const { fulfillmentId, status, message, happenedAt } = parsed.data;
    const f = this.made.find((made) => made.id === fulfillmentId);
    const refused = (m: string) => ({ fulfillmentEvent: null, userErrors: [{ field: ['fulfillmentId'], message: m }] });
    if (!f) return { data: { fulfillmentEventCreate: refused('Fulfillment does not exist.') } };
    const id = `gid://shopify/FulfillmentEvent/${this.events.length + 1}`;
    const at = happenedAt ?? shopifyTime(this.clock());
    this.events.push({ id, fulfillmentId, status, message: message ?? null, happenedAt: at });
    return { data: { fulfillmentEventCreate: { fulfillmentEvent: { id, status }, userErrors: [] } } };
  }

  page(variables: Variables): GraphQLAnswer {
    const parsed = OrdersVariablesSchema.safeParse(variables);
    if (!parsed.success) return invalidVariable('first');
    const { first, after, query } = parsed.data;
    const filter = searchFilter(query);
    if (typeof filter === 'string') return graphqlError(filter);
    const from = after ? cursorKey(after) : undefined;
    if (after && !from) return graphqlError('Invalid cursor for current pagination sort.');
    const matching = [...this.stored.values()]
      .filter((s) => filter(s.order) && (!from || compareKeys(sortKey(s), from) > 0))
      .sort((a, b) => compareKeys(sortKey(a), sortKey(b)));
    const page = matching.slice(0, first);
    const last = page.at(-1);
    const pageInfo = { hasNextPage: matching.length > first, endCursor: last ? cursorOf(last) : null };
    return { data: { orders: { pageInfo, nodes: page.map((s) => s.order) } } };
  }

  /** Order.fulfillments is a plain list in the schema; Order.fulfillmentOrders is a connection. */
  orderView(variables: Variables): GraphQLAnswer {
    const s = this.stored.get(gidNumber(variables.id, ORDER_GID));
    if (!s) return { data: { order: null } };
    const tracking = (f: ShopifyFulfilment) => ({ company: f.company, number: f.trackingNumber, url: f.url });
    const fulfillments = this.made
      .filter((f) => f.orderId === s.order.id)
      .slice(0, 10)
      .map((f) => ({ id: f.id, status: f.status, trackingInfo: f.trackingNumber ? [tracking(f)] : [] }));
    const nodes = s.fulfillmentOrders.map((f) => ({
      id: f.id,
      status: f.status,
      assignedLocation: { location: { id: f.location } },
    }));
    return { data: { order: { id: s.order.id, fulfillments, fulfillmentOrders: { nodes } } } };
  }

  private fulfillmentOrder(id: string): [StoredOrder, FulfillmentOrder] | undefined {
    for (const s of this.stored.values()) {
      const f = s.fulfillmentOrders.find((candidate) => candidate.id === id);
      if (f) return [s, f];
    }
    return undefined;
  }

  /** Fulfillment orders of one order and one location only, each still open, as fulfillmentCreate takes them. */
  fulfil(variables: Variables): GraphQLAnswer {
    const parsed = FulfillmentInputSchema.safeParse(variables.fulfillment);
    if (!parsed.success) return invalidVariable('fulfillment');
    const { lineItemsByFulfillmentOrder, trackingInfo: t, notifyCustomer } = parsed.data;
    const found = lineItemsByFulfillmentOrder.map((item) => this.fulfillmentOrder(item.fulfillmentOrderId));
    const refuse = (message: string) => ({ data: { fulfillmentCreate: userError(['fulfillment'], message) } });
    if (this.refusing) return refuse(this.refusing);
    if (found.some((entry) => !entry)) return refuse('Fulfillment order does not exist.');
    const pairs = found as [StoredOrder, FulfillmentOrder][];
    const [s] = pairs[0]!;
    if (pairs.some(([other, f]) => other !== s || f.location !== pairs[0]![1].location))
      return refuse('All fulfillment orders in a fulfillment must belong to the same location.');
    const closed = pairs.find(([, f]) => f.status !== 'OPEN');
    if (closed) {
      const status = closed[1].status.toLowerCase();
      return refuse(`Fulfillment order ${closed[1].id} has an unfulfillable status= ${status}.`);
    }
    const id = `gid://shopify/Fulfillment/${this.made.length + 1}`;
    this.covers.set(
      id,
      pairs.map(([, f]) => f),
    );
    this.setFulfilled(s, id, true);
    const tracking = { company: t?.company ?? null, trackingNumber: t?.number ?? null, url: t?.url ?? null };
    const fulfillmentOrderId = pairs[0]![1].id;
    const fulfilment = { id, orderId: s.order.id, fulfillmentOrderId, status: 'SUCCESS' as const, ...tracking };
    this.made.push({ ...fulfilment, notifyCustomer: notifyCustomer ?? false });
    return { data: { fulfillmentCreate: { fulfillment: { id, status: 'SUCCESS' }, userErrors: [] } } };
  }

  /** Cancelling reopens the fulfillment orders; cancelling a cancelled fulfilment changes nothing. */
  cancelFulfilment(variables: Variables): GraphQLAnswer {
    const fulfilment = this.made.find((f) => f.id === variables.id);
    if (!fulfilment) return { data: { fulfillmentCancel: userError(['id'], 'Fulfillment does not exist.') } };
    const s = this.stored.get(gidNumber(fulfilment.orderId, ORDER_GID));
    if (s && fulfilment.status === 'SUCCESS') this.setFulfilled(s, fulfilment.id, false);
    fulfilment.status = 'CANCELLED';
    return { data: { fulfillmentCancel: { fulfillment: { id: fulfilment.id, status: 'CANCELLED' }, userErrors: [] } } };
  }

  /** The carrier's service failed it (Shopify's FAILURE): what it covered is open to be fulfilled again. */
  failFulfilment(id: string): void {
    const fulfilment = this.made.find((f) => f.id === id);
    if (!fulfilment) throw new Error(`shopifyPeer: no fulfilment ${id}`);
    const s = this.stored.get(gidNumber(fulfilment.orderId, ORDER_GID));
    if (s && fulfilment.status === 'SUCCESS') this.setFulfilled(s, id, false);
    fulfilment.status = 'FAILURE';
  }

  private setFulfilled(s: StoredOrder, fulfilmentId: string, fulfilled: boolean): void {
    for (const f of this.covers.get(fulfilmentId) ?? []) f.status = fulfilled ? 'CLOSED' : 'OPEN';
    const all = s.fulfillmentOrders.every((f) => f.status === 'CLOSED');
    const displayFulfillmentStatus = all ? 'FULFILLED' : fulfilled ? 'PARTIALLY_FULFILLED' : 'UNFULFILLED';
    s.order = { ...s.order, displayFulfillmentStatus, updatedAt: shopifyTime(this.clock()) };
  }
}

/** The leaky bucket: the requested cost must fit before a query runs; the bucket refills continuously. */
function leakyBucket(options: ShopifyPeerOptions['bucket'], clock: () => number) {
  const maximumAvailable = options?.maximumAvailable ?? 1000;
  const restoreRate = options?.restoreRate ?? 1000;
  let available = maximumAvailable;
  let at = clock();
  return {
    maximumAvailable,
    take(cost: number): boolean {
      const now = clock();
      available = Math.min(maximumAvailable, available + ((now - at) / 1000) * restoreRate);
      at = now;
      if (available < cost) return false;
      available -= cost;
      return true;
    },
    extensions(requested: number, actual: number | null) {
      const throttleStatus = { maximumAvailable, currentlyAvailable: Math.floor(available), restoreRate };
      return { cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus } };
    },
  };
}

type Operation = { run(variables: Variables): GraphQLAnswer };

/** Keyed by the names in the operations file itself, so a renamed operation cannot leave the peer behind. */
/** Shopify's words when an app without protected customer data asks for an order's email. */
const NOT_APPROVED =
  'This app is not approved to use the email field. See https://shopify.dev/docs/apps/launch/protected-customer-data ' +
  'for more details.';
const accessDenied = (field: string, scope: string): GraphQLAnswer =>
  graphqlError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    code: 'ACCESS_DENIED',
    documentation: 'https://shopify.dev/api/usage/access-scopes',
    requiredAccess: `\`${scope}\` access scope.`,
  });

type Access = { scopes: readonly string[]; protectedData: boolean };
function operationTable(
  store: ShopifyStore,
  shop: Strings<'name' | 'myshopifyDomain' | 'currencyCode'>,
  /** As granted now: the owner may change the app's scopes while the bench is connected. */
  access: Access,
) {
  const accessScopes = () => access.scopes.map((handle) => ({ handle }));
  // An order read is refused for the scope first, then for the customers' data in it (e-mail, address).
  const ordersRefusal = (): GraphQLAnswer | undefined =>
    !access.scopes.includes('read_orders') && !access.scopes.includes('write_orders')
      ? accessDenied('orders', 'read_orders')
      : !access.protectedData
        ? { data: null, errors: [{ message: NOT_APPROVED, extensions: { code: 'ACCESS_DENIED' } }] }
        : undefined;
  const table: [string, Operation][] = [
    [
      operations.SHOP_QUERY,
      { run: () => ({ data: { shop, currentAppInstallation: { accessScopes: accessScopes() } } }) },
    ],
    [operations.ORDERS_QUERY, { run: (v) => ordersRefusal() ?? store.page(v) }],
    [operations.PROTECTED_QUERY, { run: () => ordersRefusal() ?? store.page({ first: 1 }) }],
    [operations.FULFILLMENT_ORDERS_QUERY, { run: (v) => store.orderView(v) }],
    [operations.FULFILL_MUTATION, { run: (v) => store.fulfil(v) }],
    [operations.CANCEL_MUTATION, { run: (v) => store.cancelFulfilment(v) }],
    [operations.FULFILLMENT_EVENTS_QUERY, { run: (v) => store.eventsView(v) }],
    [operations.EVENT_MUTATION, { run: (v) => store.addEvent(v) }],
  ];
  return new Map(table.map(([text, operation]) => [operationName(text) ?? text, operation]));
}

type Request = { query?: string; variables: Variables; name: string };
/** The operation is told by the name in the query text; the body's operationName only when the text has none. */
async function readRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const parsed = RequestSchema.safeParse(parseJson(Buffer.concat(chunks).toString('utf8')));
  if (!parsed.success) return { variables: {}, name: 'unknown' };
  const { query, variables, operationName: named } = parsed.data;
  return { query, variables: variables ?? {}, name: operationName(query) ?? named ?? 'unknown' };
}

export async function startShopifyPeer(options: ShopifyPeerOptions = {}) {
  const clock = options.clock ?? Date.now;
  const token = options.token ?? `shpat_${randomBytes(16).toString('hex')}`;
  const store = new ShopifyStore(clock);
  const bucket = leakyBucket(options.bucket, clock);
  // A query the bucket can never hold would be throttled forever; Shopify's buckets are never under the single limit.
  const maxCost = Math.min(SINGLE_QUERY_MAX_COST, bucket.maximumAvailable);
  const random = seededRandom(options.seed ?? 1);
  const name = options.shopName ?? 'Bottega di Prova';
  const myshopifyDomain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.myshopify.com`;
  const access = { scopes: options.scopes ?? GRANTED, protectedData: options.protectedData ?? true };
  const byName = operationTable(store, { name, myshopifyDomain, currencyCode: 'EUR' }, access);
  const counts: Record<string, number> = {};
  const faults = {
    failLeft: 0,
    failStatus: 503,
    dropLeft: 0,
    dropOnly: '',
    throttled: 0,
    holdMs: 0,
    holdOnly: '',
    revoked: false,
  };

  const answer = (req: IncomingMessage, request: Request): { status: number; body: unknown } => {
    const version = /^\/admin\/api\/([^/?]+)\/graphql\.json(?:\?|$)/.exec(req.url ?? '')?.[1];
    // Shopify answers a version it never released with 404 (a retired one would fall forward to the oldest).
    const routed = req.method === 'POST' && version === VERSION;
    if (!routed) return { status: 404, body: { errors: 'Not Found' } };
    if (req.headers['x-shopify-access-token'] !== token || faults.revoked)
      return { status: 401, body: { errors: INVALID_TOKEN } };
    const operation = byName.get(request.name);
    if (!operation) return { status: 200, body: graphqlError(`shopifyPeer does not answer ${request.name}`) };
    // Checked against the published schema before anything runs, as Shopify does.
    const invalid = schemaErrors(request.query ?? '', request.variables);
    if (invalid.length > 0) return { status: 200, body: { errors: invalid.map((message) => ({ message })) } };
    // Priced by Shopify's published rules, with the same function the station sizes its pages by.
    const requested = requestedCost(request.query ?? '', request.variables);
    if (requested > maxCost) {
      const message = `Query cost is ${requested}, which exceeds the single query max cost limit (${maxCost}).`;
      const extensions = { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost, documentation: RATE_LIMITS_DOC };
      return { status: 200, body: graphqlError(message, extensions) };
    }
    if (!bucket.take(requested)) {
      faults.throttled += 1;
      const throttled = graphqlError('Throttled', { code: 'THROTTLED', documentation: RATE_LIMITS_DOC });
      return { status: 200, body: { ...throttled, extensions: bucket.extensions(requested, null) } };
    }
    const result = operation.run(request.variables);
    return { status: 200, body: { ...result, extensions: bucket.extensions(requested, requested) } };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const request = await readRequest(req);
    counts[request.name] = (counts[request.name] ?? 0) + 1;
    const failRate = options.failRate ?? 0;
    const fault = faults.failLeft > 0 ? faults.failStatus : failRate > 0 && random() < failRate ? 503 : 0;
    faults.failLeft = Math.max(0, faults.failLeft - 1);
    const reply = fault ? { status: fault, body: { errors: STATUS_CODES[fault] ?? 'Error' } } : answer(req, request);
    if (!fault && faults.holdMs > 0 && request.name === faults.holdOnly)
      await new Promise((resolve) => setTimeout(resolve, faults.holdMs));
    if (!fault && faults.dropLeft > 0 && (faults.dropOnly === '' || request.name === faults.dropOnly)) {
      // The change is made; only the answer is lost, as when a connection dies on its way back.
      faults.dropLeft -= 1;
      req.socket.destroy();
      return;
    }
    res.writeHead(reply.status, HEADERS);
    res.end(JSON.stringify(reply.body));
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${HOST}:${port}`,
    /** 127.0.0.1:PORT: the store domain the station is given (it speaks plain http to loopback only). */
    domain: `${HOST}:${port}`,
    token,
    /** A new order (sampleOrder's fields, then `fields`) with one OPEN fulfillment order at each of `locations`. */
    addOrder: (fields: Partial<ShopifyOrderFields> = {}, locations?: readonly string[]): ShopifyOrder =>
      store.add(fields, locations),
    /** A fulfilment the carrier's service failed (status FAILURE): its fulfillment orders open again. */
    failFulfilment: (id: string): void => store.failFulfilment(id),
    /** Changes an order as the merchant would; updatedAt moves to now unless `changes` sets it. */
    editOrder: (id: string, changes: Partial<ShopifyOrderFields>): ShopifyOrder => store.edit(id, changes),
    /** Cancelled and closed, as the admin's "Cancel order" leaves it; its fulfillment order closes. */
    cancelOrder: (id: string): ShopifyOrder => store.cancel(id),
    /** The next `count` requests are answered `status` (default 503) without being looked at. */
    failNext: (count: number, status = 503) => void Object.assign(faults, { failLeft: count, failStatus: status }),
    /**
     * The next `count` requests (of `operation` only, when named) are carried out, then their connection is destroyed
     * instead of answered.
     */
    dropNext: (count: number, operation = ''): void =>
      void Object.assign(faults, { dropLeft: count, dropOnly: operation }),
    /** Answers of `operation` wait `ms` after their change was made (0: none): a client killed meanwhile never reads
     * them. */
    holdAnswers: (operation: string, ms: number): void =>
      void Object.assign(faults, { holdMs: ms, holdOnly: operation }),
    /** The owner uninstalls the app (or rotates its token): every request is answered 401 from now on. */
    revokeToken: (): void => void (faults.revoked = true),
    /** The owner changes the app's scopes in the shop's admin (and installs it again): the token stays. */
    grant: (scopes: readonly string[]): void => void (access.scopes = scopes),
    /** Every fulfillmentCreate from now on is refused with Shopify's userError `message` ('' ends it). */
    refuseFulfilments: (message: string): void => void (store.refusing = message),
    /** Every fulfilment created, in order, with its current status. */
    fulfillments: (): ShopifyFulfilment[] => store.fulfilments(),
    /** Every fulfilment event created, in order. */
    fulfillmentEvents: (): ShopifyFulfilmentEvent[] => store.fulfilmentEvents(),
    /** Requests received by operation name ('unknown' when none could be told), faulted ones included. */
    requests: (): Record<string, number> => ({ ...counts }),
    /** Requests refused as THROTTLED. */
    throttled: (): number => faults.throttled,
    /** Ends open connections too, so a keep-alive client cannot hold the test open. */
    close: async (): Promise<void> => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
