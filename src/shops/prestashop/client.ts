// A PrestaShop shop as the shop worker asks it (ShopClient), through its Webservice. Orders: those in an open state
// (paid, or awaiting cash on delivery) on the first read, then every order whose date_upd moved since the last one
// read (one shipped or cancelled in the shop leaves the bench), each with its addresses, customer, country and state
// read beside it. Fulfilment: the tracking number on the order's carrier row (PUT order_carriers), then the shop's
// "shipped" state (POST order_histories with sendemail=1: PrestaShop's own e-mail tells the customer). An attempt
// reads both back first: a number already there, a shipped state already in the history, were made by an earlier
// attempt whose answer was lost, and are not made again.
import type { ShopFulfilmentDue } from '../../engine/index';
import { later, type ShopClient } from '../client';
import { refusedFor, type ShopFailure } from '../types';
import { listOf, prestashopApi, unreadable, xmlOf, type PrestaShopCall, type PrestaShopOptions } from './api';
import { prestashopOrdersIn, type PrestaShopOrderRead } from './orders';
import { cursorOf, nextCursor, ordersQuery, stateMeanings, type StateMeanings } from './requests';
import {
  flag,
  str,
  type PrestaShopAddress,
  type PrestaShopCustomer,
  type PrestaShopOrder,
  type PrestaShopOrderCarrier,
  type PrestaShopOrderHistory,
  type PrestaShopOrderState,
  type PrestaShopPlace,
} from './types';

const KEY_SHAPE = /^[A-Za-z0-9]{32}$/;
const NOT_A_KEY: ShopFailure = {
  kind: 'unauthorized',
  status: 0,
  message: 'la chiave del Webservice è di 32 lettere e cifre: copiarla da Parametri avanzati → Webservice del pannello',
};

/** A refused key at set-up: what to look at in the shop's panel, then the shop's own words. */
const explained = (failure: ShopFailure): ShopFailure =>
  failure.kind === 'unauthorized'
    ? {
        ...failure,
        message:
          'chiave rifiutata: in Parametri avanzati → Webservice controllare che il webservice sia abilitato, la ' +
          `chiave attiva e con i permessi indicati qui sotto. PrestaShop dice: ${failure.message}`,
      }
    : failure;

type Failing<T> = { ok: true; data: T } | { ok: false; failure: ShopFailure };

/** A list resource read whole or by ids; its items or why not. */
async function list<T>(call: PrestaShopCall, resource: string, query: Record<string, string>): Promise<Failing<T[]>> {
  const answer = await call('GET', resource, query);
  if (!answer.ok) return answer;
  const items = listOf<T>(answer.data, resource);
  return items ? { ok: true, data: items } : { ok: false, failure: unreadable(resource) };
}

const byIds = (ids: Iterable<string>) =>
  `[${[...new Set(ids)].filter((id) => /^\d+$/.test(id) && id !== '0').join('|')}]`;

export function prestashopClient(options: PrestaShopOptions): ShopClient {
  const { where, call } = prestashopApi(options);
  let meanings: StateMeanings | undefined;
  let paidStates = new Set<string>();
  const isoOf = { countries: new Map<string, string>(), states: new Map<string, string>() };

  async function readStates(): Promise<Failing<StateMeanings>> {
    const states = await list<PrestaShopOrderState>(call, 'order_states', { display: 'full' });
    if (!states.ok) return states;
    meanings = stateMeanings(states.data);
    paidStates = new Set(states.data.filter((s) => flag(s.paid)).map((s) => str(s.id)));
    return { ok: true, data: meanings };
  }

  /** The ISO codes of the countries and states not read yet (few, and they do not change). */
  async function readPlaces(kind: 'countries' | 'states', ids: string[]): Promise<ShopFailure | undefined> {
    const missing = ids.filter((id) => id !== '0' && id !== '' && !isoOf[kind].has(id));
    if (missing.length === 0) return undefined;
    const places = await list<PrestaShopPlace>(call, kind, { display: '[id,iso_code]', 'filter[id]': byIds(missing) });
    if (!places.ok) return places.failure;
    for (const place of places.data) isoOf[kind].set(str(place.id), str(place.iso_code));
    return undefined;
  }

  async function withRelatives(orders: PrestaShopOrder[], open: Set<string>): Promise<Failing<PrestaShopOrderRead[]>> {
    const wanted = orders.filter((o) => open.has(str(o.current_state)));
    const addressIds = wanted.flatMap((o) => [str(o.id_address_delivery), str(o.id_address_invoice)]);
    const customerIds = wanted.map((o) => str(o.id_customer));
    const addresses = new Map<string, PrestaShopAddress>();
    const emails = new Map<string, string>();
    if (wanted.length > 0) {
      const a = await list<PrestaShopAddress>(call, 'addresses', { display: 'full', 'filter[id]': byIds(addressIds) });
      if (!a.ok) return a;
      for (const address of a.data) addresses.set(str(address.id), address);
      const c = await list<PrestaShopCustomer>(call, 'customers', {
        display: '[id,email]',
        'filter[id]': byIds(customerIds),
      });
      if (!c.ok) return c;
      for (const customer of c.data) emails.set(str(customer.id), str(customer.email));
      const found = [...addresses.values()];
      const failed =
        (await readPlaces(
          'countries',
          found.map((x) => str(x.id_country)),
        )) ??
        (await readPlaces(
          'states',
          found.map((x) => str(x.id_state)),
        ));
      if (failed) return { ok: false, failure: failed };
    }
    const reads = orders.map((order): PrestaShopOrderRead => {
      const delivery = addresses.get(str(order.id_address_delivery));
      const invoice = addresses.get(str(order.id_address_invoice));
      return {
        order,
        ...(delivery ? { delivery } : {}),
        ...(invoice ? { invoice } : {}),
        email: emails.get(str(order.id_customer)) ?? '',
        country: isoOf.countries.get(str(delivery?.id_country)) ?? '',
        province: isoOf.states.get(str(delivery?.id_state)) ?? '',
        open: open.has(str(order.current_state)),
        paid: paidStates.has(str(order.current_state)),
      };
    });
    return { ok: true, data: reads };
  }

  async function deliver(item: ShopFulfilmentDue): Promise<{ ok: true; id: string } | ShopFailure> {
    const id = item.shopOrderId;
    const states = meanings ? { ok: true as const, data: meanings } : await readStates();
    if (!states.ok) return states.failure;
    const { shipped, open } = states.data;
    if (!shipped) return refusedFor('noShippedState', 'Il negozio non ha uno stato di ordine spedito', 0);
    const order = await call('GET', `orders/${id}`, { display: 'full' });
    if (!order.ok) return order.failure;
    const state = str((order.data as { order?: PrestaShopOrder } | null)?.order?.current_state);
    const carriers = await list<PrestaShopOrderCarrier>(call, 'order_carriers', {
      display: 'full',
      'filter[id_order]': `[${id}]`,
    });
    if (!carriers.ok) return carriers.failure;
    const histories = await list<PrestaShopOrderHistory>(call, 'order_histories', {
      display: 'full',
      'filter[id_order]': `[${id}]`,
      sort: '[id_ASC]',
    });
    if (!histories.ok) return histories.failure;
    const carrier = carriers.data[0];
    const { number } = item.body;
    if (item.kind === 'cancel') return withdraw(call, { id, item, carrier, state, shipped, histories: histories.data });
    // Already shipped in the shop by an earlier attempt: the order is in that state (a withdrawal moves it back).
    const last = histories.data.at(-1);
    const ours = state === shipped || str(last?.id_order_state) === shipped ? last : undefined;
    // Cancelled or refunded in the shop after the bench shipped it: shipping it there would tell the customer so.
    if (!ours && !open.has(state))
      return refusedFor('orderClosed', `Ordine ${item.orderRef} non più da spedire nel negozio`);
    if (!carrier) return refusedFor('noCarrier', `Ordine ${item.orderRef} senza corriere nel negozio`);
    if (str(carrier.tracking_number) !== number) {
      const put = await call('PUT', `order_carriers/${str(carrier.id)}`, {}, carrierXml(carrier, number));
      if (!put.ok) return put.failure;
    }
    if (ours) return { ok: true, id: str(ours.id) };
    const history = xmlOf('order_history', { id_order: id, id_order_state: shipped });
    const made = await call('POST', 'order_histories', item.body.notifyCustomer ? { sendemail: '1' } : {}, history);
    if (!made.ok) return made.failure;
    return {
      ok: true,
      id: str((made.data as { order_history?: { id?: unknown } } | null)?.order_history?.id as string),
    };
  }

  return {
    async check() {
      // PrestaShop makes every key 32 letters and digits: anything else is a paste gone wrong, told before calling.
      if (!KEY_SHAPE.test(options.key)) return { ok: false, failure: NOT_A_KEY };
      const states = await readStates();
      const orders = states.ok
        ? await list<PrestaShopOrder>(call, 'orders', { display: '[id]', limit: '0,1' })
        : states;
      if (!orders.ok) return { ok: false, failure: explained(orders.failure) };
      return { ok: true, data: { name: where.host } };
    },
    async orders(watermark, cursor, read) {
      const states = cursor && meanings ? { ok: true as const, data: meanings } : await readStates();
      if (!states.ok) return states;
      const at = cursorOf(cursor, watermark);
      const query = ordersQuery(at, [...states.data.open], watermark === '');
      const page = await list<PrestaShopOrder>(call, 'orders', query);
      if (!page.ok) return page;
      const reads = await withRelatives(page.data, states.data.open);
      if (!reads.ok) return reads;
      const latest = page.data.reduce((max, order) => later(max, str(order.date_upd)), '');
      const taken = prestashopOrdersIn(reads.data, read);
      return { ok: true, data: { taken, latest, next: nextCursor(at, page.data.length, latest) } };
    },
    deliver,
    tell: async (item) => refusedFor('stateUnsupported', `Stato ${item.body.kind} non inviato a PrestaShop`, 0),
    close: async () => undefined,
  };
}

/** The order's carrier row whole (a PUT replaces it), with `number` as its tracking number. */
function carrierXml(carrier: PrestaShopOrderCarrier, number: string): string {
  const fields = ['id', 'id_order', 'id_carrier', 'id_order_invoice', 'weight', 'shipping_cost_tax_excl'] as const;
  const kept = Object.fromEntries(fields.map((f) => [f, str(carrier[f])]));
  return xmlOf('order_carrier', {
    ...kept,
    shipping_cost_tax_incl: str(carrier.shipping_cost_tax_incl),
    tracking_number: number,
  });
}

/**
 * A deleted shipment: our number off the carrier row, and the order back to the state it had before our "shipped"
 * (PrestaShop keeps the history; its e-mail, if sent, cannot be unsent). Nothing to withdraw: ''.
 */
async function withdraw(
  call: PrestaShopCall,
  at: {
    id: string;
    item: ShopFulfilmentDue;
    carrier: PrestaShopOrderCarrier | undefined;
    state: string;
    shipped: string;
    histories: PrestaShopOrderHistory[];
  },
): Promise<{ ok: true; id: string } | ShopFailure> {
  const { id, item, carrier, state, shipped, histories } = at;
  if (carrier && str(carrier.tracking_number) === item.body.number) {
    const put = await call('PUT', `order_carriers/${str(carrier.id)}`, {}, carrierXml(carrier, ''));
    if (!put.ok) return put.failure;
  }
  const ours = histories.findLastIndex((h) => str(h.id_order_state) === shipped);
  const before = ours > 0 ? str(histories[ours - 1]?.id_order_state) : '';
  if (state !== shipped || !before) return { ok: true, id: ours >= 0 ? str(histories[ours]?.id) : '' };
  const back = await call(
    'POST',
    'order_histories',
    {},
    xmlOf('order_history', { id_order: id, id_order_state: before }),
  );
  if (!back.ok) return back.failure;
  return { ok: true, id: str(histories[ours]?.id) };
}
