// A Shopify store through its Admin GraphQL API, with Shopify's own client library (@shopify/admin-api-client) and the
// pinned API version: the shop's name (the check before a connection is kept), pages of orders updated since the last
// poll, and fulfilments with the courier's tracking, created and cancelled. The cost-based throttle is read from each
// answer's `extensions.cost`: a request waits until the bucket holds what it will cost, and a THROTTLED answer is
// waited out and sent again. The token goes in a header to the store and nowhere else (never in a log line).
import { createAdminApiClient } from '@shopify/admin-api-client';
import { pause, shopAgent, shopFetch, SHOP_HTTP } from '../http';
import {
  CANCEL_MUTATION,
  FULFILL_MUTATION,
  fulfilVariables,
  FULFILLMENT_ORDERS_QUERY,
  ORDERS_PAGE,
  ORDERS_QUERY,
  PROTECTED_QUERY,
  SHOP_QUERY,
  SHOPIFY_API_VERSION,
  type FulfilInput,
} from './requests';
import { accessRefusal, missingScopes, scopesMessage } from './access';
import { requestedCost } from './cost';
import { shopAddress } from '../address';
import { networkCause } from '../networkCause';
import type { NetworkCause } from '../../shared/api/shopRefusals';
import type { ShopFailure } from '../types';
import type { ShopifyOrder } from './types';
import { errorMessage } from '../../shared/errorMessage';

interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export type Answer<T> = { ok: true; data: T } | { ok: false; failure: ShopFailure };

/** Operations told apart for pacing: each expected to cost its published price, then what its last answer said. */
export type Operation = 'shop' | 'protectedData' | 'orders' | 'fulfilmentOrders' | 'events' | 'mutation';
/** THROTTLED answers waited out for one request before it is given up until the next pass. */
const THROTTLE_TRIES = 8;
/** The longest single wait for the bucket: Shopify's standard bucket refills whole in 20 s. */
const THROTTLE_WAIT_MAX_MS = 30_000;

export interface ShopifyOptions {
  /** The store's address as typed: `bottega.myshopify.com`, or `http://127.0.0.1:port` for a loopback proxy. */
  address: string;
  token: string;
  timeoutMs?: number;
  /** The owner's close: every request in flight ends at once. */
  signal?: AbortSignal;
  /** Waits (the throttle's); tests pass a shorter one. */
  sleep?: (ms: number) => Promise<void>;
}

export interface OrdersPage {
  orders: ShopifyOrder[];
  endCursor: string | null;
  hasNextPage: boolean;
}

export interface ShopifyShop {
  /** The shop's name, or Shopify's words for why not (a wrong token, an unknown store). */
  check(): Promise<Answer<{ name: string }>>;
  orders(query: string, after: string | null): Promise<Answer<OrdersPage>>;
  fulfilmentState(orderId: string): Promise<Answer<FulfilmentState>>;
  fulfil(input: FulfilInput): Promise<Answer<{ id: string }>>;
  cancel(fulfilmentId: string): Promise<Answer<{ id: string }>>;
  /** Any of requests.ts's operations, under the same throttle (the fulfilment events' calls, events.ts). */
  request<T>(query: string, variables: Record<string, unknown>, operation: Operation): Promise<Answer<T>>;
  close(): Promise<void>;
}

export interface FulfilmentState {
  found: boolean;
  fulfilments: { id: string; status: string; numbers: string[] }[];
  /** The open fulfillment orders, by location: fulfillmentCreate takes those of one location at a time. */
  openByLocation: string[][];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function shopifyShop(options: ShopifyOptions): ShopifyShop {
  const where = shopAddress(options.address);
  const timeoutMs = options.timeoutMs ?? SHOP_HTTP.deadlineMs;
  const agent = shopAgent(timeoutMs);
  // Ended by close() or the owner's signal: a request in flight never holds the station's close.
  const closing = new AbortController();
  options.signal?.addEventListener('abort', () => closing.abort(), { once: true });
  const fetchOnce = shopFetch({ closing: closing.signal, deadlineMs: timeoutMs, dispatcher: agent });
  const sleep = options.sleep ?? ((ms: number) => pause(ms, closing.signal));
  /** Why the last request had no answer: the library keeps only its own words ("fetch failed"). */
  let lastCause: NetworkCause = 'other';
  const client = createAdminApiClient({
    storeDomain: where.host,
    apiVersion: SHOPIFY_API_VERSION,
    accessToken: options.token,
    userAgentPrefix: 'stazione-spedizioni',
    // Plain http only to a loopback address (a proxy on this machine); the library itself always says https.
    customFetchApi: (url: string, init?: Parameters<typeof fetchOnce>[1]) =>
      fetchOnce(where.plain ? url.replace(/^https:/, 'http:') : url, init).catch((error: unknown) => {
        lastCause = networkCause(error);
        throw error;
      }),
  });

  let bucket: (ThrottleStatus & { at: number }) | undefined;
  const available = () =>
    bucket
      ? Math.min(
          bucket.maximumAvailable,
          bucket.currentlyAvailable + (bucket.restoreRate * (Date.now() - bucket.at)) / 1000,
        )
      : Number.POSITIVE_INFINITY;
  const waitFor = async (cost: number) => {
    const short = cost - available();
    if (short > 0 && bucket) await sleep(Math.ceil((short / bucket.restoreRate) * 1000));
  };

  const lastCost = new Map<Operation, number>();
  async function send<T>(query: string, variables: Record<string, unknown>, operation: Operation): Promise<Answer<T>> {
    // Never more than the bucket holds when full: waiting for more would never end.
    const expected = lastCost.get(operation) ?? requestedCost(query, variables);
    let estimate = Math.min(expected, bucket?.maximumAvailable ?? Infinity);
    for (let tries = 0; ; tries += 1) {
      await waitFor(estimate);
      let answer: Awaited<ReturnType<typeof client.request>>;
      try {
        answer = await client.request(query, { variables });
      } catch (error) {
        return { ok: false, failure: { kind: 'network', status: 0, message: errorMessage(error), cause: lastCause } };
      }
      const cost = (answer.extensions as { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } })
        ?.cost;
      if (cost?.throttleStatus) bucket = { ...cost.throttleStatus, at: Date.now() };
      if (typeof cost?.requestedQueryCost === 'number') lastCost.set(operation, cost.requestedQueryCost);
      const errors = answer.errors;
      if (!errors) return { ok: true, data: answer.data as T };
      const throttled = errors.graphQLErrors?.some(
        (e) => (e as { extensions?: { code?: string } }).extensions?.code === 'THROTTLED',
      );
      if (throttled && tries < THROTTLE_TRIES) {
        // The bucket refills slower than it says when another app shares it: each THROTTLED answer in a row for the
        // same request doubles the wait the answer's own figures give.
        estimate = Math.max(estimate, cost?.requestedQueryCost ?? estimate);
        const short = bucket ? Math.max(0, estimate - bucket.currentlyAvailable) / bucket.restoreRate : 1;
        await sleep(Math.min(THROTTLE_WAIT_MAX_MS, Math.max(250, short * 1000) * 2 ** tries));
        continue;
      }
      const failure = await failureOf(errors, throttled === true);
      return { ok: false, failure: failure.status === 0 ? { ...failure, cause: lastCause } : failure };
    }
  }

  return {
    async check() {
      type Shop = { shop?: { name?: string }; currentAppInstallation?: { accessScopes?: { handle?: string }[] } };
      const answer = await send<Shop>(SHOP_QUERY, {}, 'shop');
      if (!answer.ok) return answer;
      const scopes = answer.data.currentAppInstallation?.accessScopes;
      const missing = scopes ? missingScopes(scopes.map((scope) => text(scope.handle))) : [];
      if (missing.length > 0) {
        const message = scopesMessage(missing);
        return { ok: false, failure: { kind: 'unauthorized', status: 200, code: 'ACCESS_DENIED', message } };
      }
      // Scopes are not all: the customers' data is granted apart, and refused only when an order's is read.
      const customers = await send<unknown>(PROTECTED_QUERY, {}, 'protectedData');
      if (!customers.ok) return customers;
      return { ok: true, data: { name: text(answer.data.shop?.name) } };
    },
    async orders(query, after) {
      const answer = await send<{
        orders?: { nodes?: ShopifyOrder[]; pageInfo?: { hasNextPage?: boolean; endCursor?: string | null } };
      }>(ORDERS_QUERY, { first: ORDERS_PAGE, after, query }, 'orders');
      if (!answer.ok) return answer;
      const orders = answer.data.orders;
      return {
        ok: true,
        data: {
          orders: orders?.nodes ?? [],
          endCursor: orders?.pageInfo?.endCursor ?? null,
          hasNextPage: orders?.pageInfo?.hasNextPage === true,
        },
      };
    },
    async fulfilmentState(orderId) {
      type Found = {
        order?: {
          fulfillments?: { id: string; status: string; trackingInfo?: { number?: string | null }[] }[];
          fulfillmentOrders?: { nodes?: FulfillmentOrderNode[] };
        } | null;
      };
      const answer = await send<Found>(FULFILLMENT_ORDERS_QUERY, { id: orderId }, 'fulfilmentOrders');
      if (!answer.ok) return answer;
      const order = answer.data.order;
      return {
        ok: true,
        data: {
          found: !!order,
          fulfilments: (order?.fulfillments ?? []).map((f) => ({
            id: f.id,
            status: f.status,
            numbers: (f.trackingInfo ?? []).map((t) => text(t.number)),
          })),
          openByLocation: byLocation(order?.fulfillmentOrders?.nodes ?? []),
        },
      };
    },
    async fulfil(input) {
      type Made = { fulfillmentCreate?: { fulfillment?: { id: string } | null; userErrors?: UserError[] } };
      const answer = await send<Made>(FULFILL_MUTATION, fulfilVariables(input), 'mutation');
      if (!answer.ok) return answer;
      return made(answer.data.fulfillmentCreate);
    },
    async cancel(fulfilmentId) {
      type Made = { fulfillmentCancel?: { fulfillment?: { id: string } | null; userErrors?: UserError[] } };
      const answer = await send<Made>(CANCEL_MUTATION, { id: fulfilmentId }, 'mutation');
      if (!answer.ok) return answer;
      return made(answer.data.fulfillmentCancel);
    },
    request: send,
    close: () => {
      closing.abort();
      return agent.destroy();
    },
  };
}

type FulfillmentOrderNode = { id: string; status: string; assignedLocation?: { location?: { id?: string } | null } };

function byLocation(nodes: FulfillmentOrderNode[]): string[][] {
  const groups = new Map<string, string[]>();
  for (const f of nodes.filter((node) => node.status === 'OPEN' || node.status === 'IN_PROGRESS')) {
    const location = f.assignedLocation?.location?.id ?? '';
    groups.set(location, [...(groups.get(location) ?? []), f.id]);
  }
  return [...groups.values()];
}

export interface UserError {
  field?: string[] | null;
  message: string;
}

function made(result: { fulfillment?: { id: string } | null; userErrors?: UserError[] } | undefined): Answer<{
  id: string;
}> {
  const userErrors = result?.userErrors ?? [];
  if (userErrors.length > 0 || !result?.fulfillment) {
    const message = userErrors.map((e) => e.message).join('; ') || 'Risposta di Shopify senza evasione';
    return { ok: false, failure: { kind: 'refused', status: 200, message } };
  }
  return { ok: true, data: { id: result.fulfillment.id } };
}

/** The client's error, in Shopify's own words where its answer has them (`{"errors": "[API] Invalid API key…"}`). */
async function failureOf(
  errors: { networkStatusCode?: number; message?: string; graphQLErrors?: unknown[]; response?: Response },
  throttled: boolean,
): Promise<ShopFailure> {
  const status = errors.networkStatusCode ?? errors.response?.status ?? 0;
  let words = '';
  try {
    const body = errors.response && !errors.response.bodyUsed ? await errors.response.text() : '';
    const parsed = body ? (JSON.parse(body) as { errors?: unknown }) : undefined;
    if (typeof parsed?.errors === 'string') words = parsed.errors;
  } catch {
    // Not JSON (an HTML error page): the status says enough.
  }
  const graphQL = (errors.graphQLErrors ?? [])
    .map((e) => (e as { message?: string }).message ?? '')
    .filter(Boolean)
    .join('; ');
  const message = words || graphQL || errors.message || `HTTP ${status}`;
  // The token is right but may not read this (a scope, protected customer data): said apart from a wrong token.
  const denied = accessRefusal(errors.graphQLErrors ?? []);
  if (denied) return { kind: 'unauthorized', status, code: 'ACCESS_DENIED', message: denied };
  // Shopify's own trouble, said in a 200 (INTERNAL_SERVER_ERROR, a timeout): tried again, never given up at once.
  const codes = (errors.graphQLErrors ?? []).map((e) => (e as { extensions?: { code?: string } }).extensions?.code);
  const internal = codes.some((code) => code === 'INTERNAL_SERVER_ERROR' || code === 'TIMEOUT');
  const kind = throttled
    ? 'throttled'
    : internal
      ? 'unavailable'
      : status === 401 || status === 403
        ? 'unauthorized'
        : status === 0
          ? 'network'
          : status >= 500 || status === 429
            ? 'unavailable'
            : graphQL
              ? 'refused'
              : 'http';
  // Shopify's own code where it gives one (ACCESS_DENIED names the missing scope in its message).
  const code = codes.find((c) => typeof c === 'string');
  return { kind, status, message, ...(code ? { code } : {}) };
}
