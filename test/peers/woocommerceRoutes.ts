// The WooCommerce peer's routes as data: each route's methods, namespaces and path, the refusal its permission check
// gives a caller without credentials, and what it does. WooCommerce's own under wc/v3; the Shipment Tracking
// extension's, when installed, where the extension registers them: its own namespace and, for older clients, wc/v1
// and wc/v2, never wc/v3 (woocommerce-shipment-tracking.php, rest_api_register_routes).
import { wooError, type WooError } from './woocommerceAuth';
import { sanitizeTitle, SHOP_MANAGER, TRACKING_PROVIDERS, type WooStore } from './woocommerceStore';
import type { WooNote, WooTracking } from './woocommerceStore';
import { wooLocal, type WooOrder, type WooStatus } from '../fixtures/woocommerceOrders';

export type Reply = { status: number; body: unknown; headers?: Record<string, string> };
export interface RouteRequest {
  url: URL;
  body: Record<string, unknown>;
  namespace: string;
}
export interface Route {
  /** The resource, as requests() counts it after the method: 'orders', 'order', 'notes', 'trackings'… */
  name: string;
  methods: readonly string[];
  namespaces: readonly string[];
  /** The path after the namespace, as a regular expression source; its groups are the ids. */
  path: string;
  /** What the permission check says to a caller without credentials; none for an open route. */
  denied?: WooError;
  run(ids: string[], request: RouteRequest): Reply | WooError;
}
export type Found = { route: Route; name: string; ids: string[]; namespace: string };

const DENIED = {
  list: wooError(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.'),
  view: wooError(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot view this resource.'),
  edit: wooError(401, 'woocommerce_rest_cannot_edit', 'Sorry, you are not allowed to edit this resource.'),
  create: wooError(401, 'woocommerce_rest_cannot_create', 'Sorry, you are not allowed to create resources.'),
  delete: wooError(401, 'woocommerce_rest_cannot_delete', 'Sorry, you are not allowed to delete this resource.'),
};
/** WordPress's EDITABLE: an update may come as POST, PUT or PATCH. */
const EDITABLE = ['POST', 'PUT', 'PATCH'];
const CORE = ['wc/v3'];
const TRACKING = ['wc-shipment-tracking/v3', 'wc/v1', 'wc/v2'];
const TRACKING_FIELDS = ['tracking_provider', 'custom_tracking_provider', 'custom_tracking_link', 'tracking_number'];

/** Real routes the peer does not play answer 501, not rest_no_route: a test must not conclude they are absent. */
const UNPLAYED: [string, RegExp][] = [
  ['POST', /^\/wc\/v3\/orders$/i],
  ['DELETE', /^\/wc\/v3\/orders\/\d+$/i],
  ['*', /^\/wc\/v3\/orders\/(batch|\d+\/(notes\/\d+|refunds(\/\d+)?|actions\/.+|receipt))$/i],
  ['*', /^\/wc\/v3\/(products|customers|coupons|reports|settings|shipping|system_status|webhooks|taxes|data)(\/|$)/i],
  ['*', /^\/wc\/v[12]\/(?!orders\/\d+\/shipment-trackings)/i],
  ['*', /^\/(wp\/v2|wc\/store\/v1)(\/|$)/i],
];

const invalidOrderId = wooError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
const invalidNotesOrder = wooError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid order ID.');
const invalidTrackingOrder = wooError(404, 'woocommerce_rest_order_invalid_id', 'Invalid order ID.');
const invalidTracking = wooError(
  404,
  'woocommerce_rest_order_shipment_tracking_invalid_id',
  'Invalid shipment tracking ID.',
);
/** WordPress reads a parameter from the JSON body first, then the query string. */
const param = (r: RouteRequest, name: string): unknown => r.body[name] ?? r.url.searchParams.get(name) ?? undefined;

/**
 * rest_sanitize_boolean, false when absent. The arguments' types, enums and the required ones were checked against
 * WooCommerce's published definitions (woocommerceDefinitions.ts) before any route runs: a route only reads them.
 */
const flag = (r: RouteRequest, name: string): boolean => ['true', '1'].includes(String(param(r, name)).toLowerCase());

/** An optional string argument, cleaned as wc_clean does (tags stripped, trimmed); '' when absent. */
const text = (r: RouteRequest, name: string): string =>
  String(param(r, name) ?? '')
    .replace(/<[^>]*>/g, '')
    .trim();

type Site = { trackingExtension: boolean; clock: () => number; home: () => string };

/** The answers' shapes: each resource as WooCommerce prepares it, with the _links WordPress adds. */
function views(store: WooStore, site: Site) {
  const base = (r: RouteRequest) => `${site.home()}/wp-json/${r.namespace}`;
  const orderView = (order: WooOrder, r: RouteRequest) => {
    const customer = order.customer_id ? { customer: [{ href: `${base(r)}/customers/${order.customer_id}` }] } : {};
    const links = { self: [{ href: `${base(r)}/orders/${order.id}` }], collection: [{ href: `${base(r)}/orders` }] };
    return { ...order, _links: { ...links, ...customer } };
  };
  const noteView = (id: number, note: WooNote, r: RouteRequest) => {
    const collection = `${base(r)}/orders/${id}/notes`;
    const up = [{ href: `${base(r)}/orders/${id}` }];
    return {
      ...note,
      _links: { self: [{ href: `${collection}/${note.id}` }], collection: [{ href: collection }], up },
    };
  };
  /** prepare_item_for_response: the provider's name and link formatted; the custom fields themselves never shown. */
  const trackingView = (id: number, t: WooTracking, r: RouteRequest) => {
    const named = Object.keys(TRACKING_PROVIDERS).find((name) => sanitizeTitle(name) === t.tracking_provider);
    const order = store.order(id);
    const postcode = order?.shipping.postcode || order?.billing.postcode || '';
    const format = named ? (TRACKING_PROVIDERS[named] ?? '') : '';
    const link = format.replace('%1$s', t.tracking_number).replace('%2$s', encodeURIComponent(postcode));
    const collection = `${base(r)}/orders/${id}/shipment-trackings`;
    return {
      tracking_id: t.tracking_id,
      tracking_provider: t.custom_tracking_provider || named || '',
      tracking_link: t.custom_tracking_provider ? t.custom_tracking_link : link,
      tracking_number: t.tracking_number,
      date_shipped: t.date_shipped,
      _links: {
        self: [{ href: `${collection}/${t.tracking_id}` }],
        collection: [{ href: collection }],
        up: [{ href: `${base(r)}/orders/${id}` }],
      },
    };
  };
  /** strtotime, as far as dates go: Y-m-d as given, a readable date by its UTC day, nothing read as the epoch. */
  const shippedOn = (given: string): string => {
    if (given === '') return wooLocal(site.clock()).slice(0, 10);
    if (/^\d{4}-\d\d-\d\d$/.test(given)) return given;
    const at = Date.parse(given);
    return Number.isNaN(at) ? '1970-01-01' : new Date(at).toISOString().slice(0, 10);
  };
  return { orderView, noteView, trackingView, shippedOn };
}

type Views = ReturnType<typeof views>;

function coreRoutes(store: WooStore, site: Site, { orderView, noteView }: Views): Route[] {
  return [
    {
      name: 'orders',
      methods: ['GET'],
      namespaces: CORE,
      path: 'orders',
      denied: DENIED.list,
      run: (_, r) => {
        const page = store.list(r.url.searchParams);
        if ('code' in page) return page;
        const headers = { 'X-WP-Total': String(page.total), 'X-WP-TotalPages': String(page.totalPages) };
        return { status: 200, body: page.orders.map((o) => orderView(o, r)), headers };
      },
    },
    {
      name: 'order',
      methods: ['GET'],
      namespaces: CORE,
      path: 'orders/(\\d+)',
      denied: DENIED.view,
      run: ([id], r) => {
        const order = store.order(Number(id));
        return order ? { status: 200, body: orderView(order, r) } : invalidOrderId;
      },
    },
    {
      name: 'order',
      methods: EDITABLE,
      namespaces: CORE,
      path: 'orders/(\\d+)',
      denied: DENIED.edit,
      run: ([id], r) => {
        const other = Object.keys(r.body).find((key) => key !== 'status' && key !== 'id');
        if (other)
          return wooError(501, 'woocommerce_peer_not_played', `woocommercePeer changes status only, not ${other}`);
        const status = param(r, 'status');
        if (!store.has(Number(id))) return invalidOrderId;
        // Through the API the change is WooCommerce's own, not a person's: its note is the system's.
        const order = status ? store.setStatus(Number(id), status as WooStatus, 'system') : store.order(Number(id));
        return order ? { status: 200, body: orderView(order, r) } : invalidOrderId;
      },
    },
    {
      name: 'notes',
      methods: ['GET'],
      namespaces: CORE,
      path: 'orders/(\\d+)/notes',
      denied: DENIED.list,
      run: ([id], r) => {
        const type = r.url.searchParams.get('type') ?? 'any';
        if (!store.has(Number(id))) return invalidNotesOrder;
        const notes = store
          .notes(Number(id))
          .filter((n) => type === 'any' || n.customer_note === (type === 'customer'))
          .sort((a, b) => b.date_created_gmt.localeCompare(a.date_created_gmt) || b.id - a.id);
        return { status: 200, body: notes.map((n) => noteView(Number(id), n, r)) };
      },
    },
    {
      name: 'notes',
      methods: ['POST'],
      namespaces: CORE,
      path: 'orders/(\\d+)/notes',
      denied: DENIED.create,
      run: ([id], r) => {
        const note = String(param(r, 'note'));
        const [customer, byUser] = [flag(r, 'customer_note'), flag(r, 'added_by_user')];
        if (!store.has(Number(id))) return invalidNotesOrder;
        // added_by_user false (the default): WooCommerce signs the note itself, and the API shows it as 'system'.
        const made = store.note(Number(id), note, customer, byUser ? SHOP_MANAGER : 'system');
        const view = noteView(Number(id), made, r);
        return { status: 201, body: view, headers: { location: view._links.self[0]?.href ?? '' } };
      },
    },
    {
      name: 'index',
      methods: ['GET'],
      namespaces: [''],
      path: '',
      run: () => {
        const namespaces = ['oembed/1.0', 'wc/v1', 'wc/v2', 'wc/v3', 'wc/store/v1', 'wp/v2'];
        if (site.trackingExtension) namespaces.push('wc-shipment-tracking/v3');
        const home = site.home();
        const index = { name: 'Bottega di Prova', description: '', url: home, home, timezone_string: 'Europe/Rome' };
        return { status: 200, body: { ...index, namespaces, authentication: [], routes: {} } };
      },
    },
  ];
}

function trackingRoutes(store: WooStore, { trackingView, shippedOn }: Views): Route[] {
  return [
    {
      name: 'trackings',
      methods: ['GET'],
      namespaces: TRACKING,
      path: 'orders/(\\d+)/shipment-trackings',
      denied: DENIED.list,
      run: ([id], r) =>
        store.has(Number(id))
          ? { status: 200, body: store.trackings(Number(id)).map((t) => trackingView(Number(id), t, r)) }
          : invalidTrackingOrder,
    },
    {
      name: 'trackings',
      methods: ['POST'],
      namespaces: TRACKING,
      path: 'orders/(\\d+)/shipment-trackings',
      denied: DENIED.create,
      run: ([id], r) => {
        // tracking_number, and custom_tracking_link with custom_tracking_provider, are required: checked before.
        const given = Object.fromEntries([...TRACKING_FIELDS, 'date_shipped'].map((f) => [f, text(r, f)]));
        if (param(r, 'tracking_id'))
          return wooError(
            400,
            'woocommerce_rest_shop_order_shipment_tracking_exists',
            'Cannot create existing order shipment tracking.',
          );
        if (!store.has(Number(id))) return invalidTrackingOrder;
        const made = store.addTracking(Number(id), {
          tracking_provider: sanitizeTitle(given.tracking_provider ?? ''),
          custom_tracking_provider: given.custom_tracking_provider ?? '',
          custom_tracking_link: given.custom_tracking_link ?? '',
          tracking_number: given.tracking_number ?? '',
          date_shipped: shippedOn(given.date_shipped ?? ''),
        });
        const view = trackingView(Number(id), made, r);
        return { status: 201, body: view, headers: { location: view._links.self[0]?.href ?? '' } };
      },
    },
    {
      name: 'providers',
      methods: ['GET'],
      namespaces: TRACKING,
      // Public, under the namespace itself, not an order (the extension's REST reference, list providers).
      path: 'shipment-trackings/providers',
      run: () => ({ status: 200, body: { Italy: TRACKING_PROVIDERS } }),
    },
    ...(['GET', 'DELETE'] as const).map((method): Route => ({
      name: 'tracking',
      methods: [method],
      namespaces: TRACKING,
      path: 'orders/(\\d+)/shipment-trackings/([a-fA-F0-9]{0,32})',
      denied: method === 'GET' ? DENIED.view : DENIED.delete,
      run: ([id, trackingId], r) => {
        if (!store.has(Number(id))) return invalidTrackingOrder;
        const item = store.trackings(Number(id)).find((t) => t.tracking_id === trackingId);
        if (!item) return invalidTracking;
        // The extension answers a delete with the item it removed (prepared before removing it).
        const view = trackingView(Number(id), item, r);
        if (method === 'DELETE') store.deleteTracking(Number(id), item.tracking_id);
        return { status: 200, body: view };
      },
    })),
  ];
}

export function routeTable(store: WooStore, site: Site) {
  const view = views(store, site);
  const played = [...coreRoutes(store, site, view), ...(site.trackingExtension ? trackingRoutes(store, view) : [])];
  const routes = played.flatMap((route) =>
    route.namespaces.map((namespace) => {
      const source = namespace ? `^/${namespace}${route.path ? `/${route.path}` : ''}$` : '^$';
      return { route, namespace, pattern: new RegExp(source, 'i') };
    }),
  );

  return {
    /** The route a request goes to: WordPress matches the path without /wp-json and trailing slashes, any case. */
    find(method: string, pathname: string): Found | undefined {
      if (!/^\/wp-json(\/|$)/.test(pathname)) return undefined;
      const path = pathname.slice('/wp-json'.length).replace(/\/+$/, '');
      for (const { route, namespace, pattern } of routes) {
        const match = pattern.exec(path);
        if (match && route.methods.includes(method))
          return { route, name: `${method} ${route.name}`, ids: match.slice(1).map(String), namespace };
      }
      return undefined;
    },
    realButNotPlayed: (method: string, path: string): boolean =>
      UNPLAYED.some(([m, pattern]) => (m === '*' || m === method) && pattern.test(path)),
  };
}
