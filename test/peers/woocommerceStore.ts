// The WooCommerce peer's site: its orders, their notes and Shipment Tracking items, and the order list as
// GET /orders filters, sorts and pages it. Status changes do what WooCommerce does around them (a system note, the
// paid and completed dates). Answers are copies, so a test cannot change the site by hand.
import { createHash } from 'node:crypto';
import { wooError, type WooError } from './woocommerceAuth';
import { documentedRoute } from './woocommerceDefinitions';
import {
  sampleWooOrder,
  WOO_STATUS_NAMES,
  wooGmt,
  wooLocal,
  type WooOrder,
  type WooOrderFields,
  type WooStatus,
} from '../fixtures/woocommerceOrders';

export interface WooNote {
  id: number;
  /** 'system' for WooCommerce's own notes and, by default, for those added through the API. */
  author: string;
  date_created: string;
  date_created_gmt: string;
  note: string;
  customer_note: boolean;
}

/** A tracking item as the Shipment Tracking extension stores it (order meta `_wc_shipment_tracking_items`). */
export interface WooTracking {
  tracking_id: string;
  /** A predefined provider's slug ('brt-bartolini'), or '' beside a custom provider. */
  tracking_provider: string;
  custom_tracking_provider: string;
  custom_tracking_link: string;
  tracking_number: string;
  /** Y-m-d. */
  date_shipped: string;
}

export const FIRST_ORDER_ID = 2001;
/** The display name of the shop manager who made the API key, and who changes statuses in the admin. */
export const SHOP_MANAGER = 'admin';
/** The extension's predefined Italian providers (its list is by country; the peer keeps Italy's). */
export const TRACKING_PROVIDERS: Record<string, string> = {
  'BRT (Bartolini)': 'https://vas.brt.it/vas/sped_det_show.hsm?Nspediz=%1$s',
  'DHL Express': 'https://www.dhl.it/it/express/ricerca.html?AWB=%1$s&brand=DHL',
};
/** WordPress's sanitize_title, as far as provider names need it. */
export const sanitizeTitle = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 _.-]/g, '')
    .replace(/[ _.]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/** The gateways' own words before the status note, as their checkout leaves them. */
const CHECKOUT_NOTES: Record<string, string> = {
  cod: 'Payment to be made upon delivery.',
  bacs: 'Awaiting BACS payment',
};

/** Documented parameters of the orders list the peer does not play (woocommerceDefinitions.ts refuses the rest). */
const UNPLAYED_LIST_PARAMS = ['search', 'after', 'before', 'modified_before', 'include', 'exclude', 'offset'];
const UNPLAYED_MORE = ['parent', 'parent_exclude', 'customer', 'product', 'dp', 'created_via'];
const UNPLAYED_META = ['order_item_display_meta', 'include_meta', 'exclude_meta'];

/** A real WooCommerce parameter or route the peer does not play: said so, so a test cannot rely on it by mistake. */
export const notPlayed = (what: string): WooError =>
  wooError(501, 'woocommerce_peer_not_played', `woocommercePeer does not play ${what}`);

/** An argument of the orders list as given, or its published default (the arguments were checked before). */
function given(query: URLSearchParams, name: string): string {
  const spec = documentedRoute('GET', '/wc/v3/orders')?.method.query?.[name];
  return query.get(name) ?? String(spec?.default ?? '');
}

/** `status`, `status[]` or `status[0]`…: WordPress reads each as a list, and a comma list as one too. */
const listParam = (query: URLSearchParams, name: string): string[] =>
  [...query]
    .filter(([key]) => key === name || key.startsWith(`${name}[`))
    .flatMap(([, value]) => value.split(','))
    .map((value) => value.trim());

const RFC3339 = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.\d+)?(?:(Z)|([+-])(\d\d)(?::?(\d\d))?)?$/i;

/**
 * modified_after as WP_Date_Query reads it: a time without a zone is compared as written with date_modified_gmt
 * (dates_are_gmt=true) or date_modified; a time with a zone is first turned into the site's wall time (Europe/Rome)
 * and then compared just the same, so `…Z` with dates_are_gmt=true is an hour or two late (class-wp-date-query.php,
 * build_mysql_datetime). Strictly after, to the second.
 */
function modifiedAfter(query: URLSearchParams): (order: WooOrder) => boolean {
  const raw = query.get('modified_after');
  if (raw === null) return () => true;
  const [, written = '', utc, sign, hours, minutes] = RFC3339.exec(raw.replace(' ', 'T')) ?? [];
  const wall = Date.parse(`${written}Z`);
  const gmtDates = given(query, 'dates_are_gmt').toLowerCase();
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes ?? 0)) * 60_000 : 0;
  const after = utc || sign ? wooLocal(wall - offset) : written;
  return (order) => (['true', '1'].includes(gmtDates) ? order.date_modified_gmt : order.date_modified) > after;
}

export interface OrdersPage {
  orders: WooOrder[];
  total: number;
  totalPages: number;
}

export class WooStore {
  private readonly orders = new Map<number, WooOrder>();
  private readonly notesOf = new Map<number, WooNote[]>();
  private readonly trackingsOf = new Map<number, WooTracking[]>();
  private lastNoteId = 300;

  constructor(private readonly clock: () => number) {}

  /** A new order; `number` as a sequential-numbers plugin gives it, the id when not given. */
  add(fields: Partial<WooOrderFields> & { number?: string }): WooOrder {
    const id = FIRST_ORDER_ID + this.orders.size;
    const order: WooOrder = {
      id,
      number: String(id),
      ...sampleWooOrder(this.orders.size + 1, this.clock()),
      ...fields,
    };
    this.orders.set(id, order);
    this.notesOf.set(id, []);
    this.trackingsOf.set(id, []);
    if (order.status !== 'pending') {
      const said = `Order status changed from Pending payment to ${WOO_STATUS_NAMES[order.status]}.`;
      const gateway = CHECKOUT_NOTES[order.payment_method];
      this.note(id, gateway ? `${gateway} ${said}` : said, false, 'system', Date.parse(`${order.date_created_gmt}Z`));
    }
    return structuredClone(order);
  }

  has = (id: number): boolean => this.orders.has(id);
  order = (id: number): WooOrder | undefined => structuredClone(this.orders.get(id));
  notes = (id: number): WooNote[] => structuredClone(this.notesOf.get(id) ?? []);
  trackings = (id: number): WooTracking[] => structuredClone(this.trackingsOf.get(id) ?? []);

  /** The admin's "Move to Trash": the status is trash, date_modified now; no note (not a status change). */
  trash(id: number): WooOrder {
    return this.edit(id, { status: 'trash' });
  }

  /** As the merchant would: date_modified moves to now unless `changes` sets it. */
  edit(id: number, changes: Partial<WooOrderFields>): WooOrder {
    const order = this.orders.get(id);
    if (!order) throw new Error(`woocommercePeer: no order ${id}`);
    // A test that sets the GMT stamp alone gets the wall time beside it.
    const at = changes.date_modified_gmt ? Date.parse(`${changes.date_modified_gmt}Z`) : this.clock();
    Object.assign(order, { date_modified: wooLocal(at), date_modified_gmt: wooGmt(at) }, changes);
    return structuredClone(order);
  }

  /**
   * A status change as WooCommerce makes it: the note "Order status changed from … to …." (by `author`: 'system'
   * through the API, the manager in the admin); date_paid set on reaching the gateway's "paid" status (processing,
   * but completed for cash on delivery, which is paid on delivery), date_completed on completion.
   */
  setStatus(id: number, status: WooStatus, author: string): WooOrder {
    const order = this.orders.get(id);
    if (!order) throw new Error(`woocommercePeer: no order ${id}`);
    if (order.status === status) return structuredClone(order);
    const now = this.clock();
    const stamp = (field: 'date_paid' | 'date_completed') =>
      Object.assign(order, { [field]: wooLocal(now), [`${field}_gmt`]: wooGmt(now) });
    const paidStatus = order.payment_method === 'cod' ? 'completed' : 'processing';
    if (!order.date_paid && (status === paidStatus || status === 'completed')) stamp('date_paid');
    if (status === 'completed') stamp('date_completed');
    const said = `Order status changed from ${WOO_STATUS_NAMES[order.status]} to ${WOO_STATUS_NAMES[status]}.`;
    this.note(id, said, false, author, now);
    return this.edit(id, { status });
  }

  note(id: number, text: string, customer: boolean, author: string, at = this.clock()): WooNote {
    const dates = { date_created: wooLocal(at), date_created_gmt: wooGmt(at) };
    const note: WooNote = { id: (this.lastNoteId += 1), author, ...dates, note: text, customer_note: customer };
    this.notesOf.get(id)?.push(note);
    return structuredClone(note);
  }

  /** The extension's add_tracking_item: a predefined provider by its slug, else the custom provider and link. */
  addTracking(id: number, input: Omit<WooTracking, 'tracking_id'>): WooTracking {
    const items = this.trackingsOf.get(id) ?? [];
    const seed = `${input.tracking_provider}-${input.tracking_number}-${this.clock()}-${items.length}`;
    const tracking = { tracking_id: createHash('md5').update(seed).digest('hex'), ...input };
    items.push(tracking);
    return structuredClone(tracking);
  }

  deleteTracking(id: number, trackingId: string): boolean {
    const items = this.trackingsOf.get(id) ?? [];
    const at = items.findIndex((t) => t.tracking_id === trackingId);
    if (at >= 0) items.splice(at, 1);
    return at >= 0;
  }

  /**
   * GET /orders: status (one, a comma list, or any), modified_after, orderby, order, per_page, page; the query already
   * checked against WooCommerce's published definitions (types, enums, per_page ≤ 100) before it gets here.
   */
  list(query: URLSearchParams): OrdersPage | WooError {
    const unplayed = [...UNPLAYED_LIST_PARAMS, ...UNPLAYED_MORE, ...UNPLAYED_META].find((name) => query.has(name));
    if (unplayed) return notPlayed(`the orders list's ${unplayed} parameter`);
    const [perPage, page] = [Number(given(query, 'per_page')), Number(given(query, 'page'))];
    const statuses = listParam(query, 'status');
    const [order, orderby] = [given(query, 'order'), given(query, 'orderby')];
    if (!['date', 'id', 'modified'].includes(orderby)) return notPlayed(`orderby=${orderby}`);
    const after = modifiedAfter(query);
    const any = statuses.length === 0 || statuses.includes('any');
    const key = (o: WooOrder) =>
      orderby === 'id' ? '' : orderby === 'date' ? o.date_created_gmt : o.date_modified_gmt;
    const sign = order === 'asc' ? 1 : -1;
    const matching = [...this.orders.values()]
      // 'any' is WordPress's: every status but the trash (WooCommerce lists 'trash' apart in the status enum).
      .filter((o) => (any ? o.status !== 'trash' : statuses.includes(o.status)) && after(o))
      .sort((a, b) => sign * (key(a).localeCompare(key(b)) || a.id - b.id));
    const orders = matching.slice((page - 1) * perPage, page * perPage).map((o) => structuredClone(o));
    return { orders, total: matching.length, totalPages: Math.ceil(matching.length / perPage) };
  }
}
