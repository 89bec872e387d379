// A bench connected to a PrestaShop shop, through the real station and its Webservice client, against the PrestaShop
// peer: a wrong key and a key without a resource refused at set-up in PrestaShop's words; 120 orders read in by pages,
// the paid and cash-on-delivery ones kept; an edit, a cancellation and a wire transfer arriving while they wait; 20
// shipped by scan, each order's carrier row given the tracking number and the shop's "shipped" state set once (its
// e-mail sent once) through 503s and answers lost; a deleted shipment's number taken off and the order moved back.
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../../src/station/index';
import type { ShopConnection } from '../../../../src/shared/ipc/shopCommands';
import { commandValue } from '../../../helpers/stationCommands';
import { scanOrder } from '../../../helpers/scanOrder';
import { shopBench } from '../../../helpers/shopBench';
import { removeTempDirs } from '../../../helpers/tmp';
import { PS_STATES } from '../../../fixtures/prestashopOrders';
import { startPrestaShopPeer, type PrestaShopPeer, type PrestaShopPeerOptions } from '../../../peers/prestashopPeer';

let station: Station | undefined;
let peer: PrestaShopPeer | undefined;
afterEach(async () => {
  await station?.close();
  await peer?.close();
  station = undefined;
  peer = undefined;
  removeTempDirs();
});

async function connectedShop(options: PrestaShopPeerOptions = {}) {
  let now = Date.parse('2026-11-20T09:00:00Z');
  peer = await startPrestaShopPeer({ clock: () => now, ...options });
  const bench = await shopBench();
  station = bench.station;
  const { dispatch } = bench;
  const address = peer.url;
  const connect = (token: string, notifyCustomer = true) =>
    bench.connect({ platform: 'prestashop', address, token }, notifyCustomer);
  const scan = (reference: string) => scanOrder(dispatch, reference);
  /** The shop's clock a minute on: what changes next has a later date_upd. */
  const later = () => void (now += 60_000);
  return { station, peer, dispatch, connect, scan, later };
}

const waiting = (s: Station) => s.engine.orders.list(s.caller, { state: 'waiting', limit: 500 });
const ships = (state: unknown) =>
  [PS_STATES.paymentAccepted, PS_STATES.awaitingCod].map(String).includes(String(state));

describe('a bench connected to a PrestaShop shop', () => {
  it('refuses a wrong key, and a key without order_states, in the bench’s words, and keeps nothing', async () => {
    const shop = await connectedShop({ permissions: { order_states: [] } });
    const wrong = await shop.connect('WRONGKEYWRONGKEYWRONGKEYWRONGKEY');
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.error.fields?.token).toMatchObject({ code: 'shopTokenRefused', value: 'prestashop' });
      expect(wrong.error.fields?.token?.message).toContain('Parametri avanzati → Webservice');
    }
    const short = await shop.connect(shop.peer.key);
    expect(short.ok).toBe(false);
    if (!short.ok) {
      // The resource the key lacks, by its name.
      expect(short.error.fields?.token).toMatchObject({ code: 'shopScopes', value: 'prestashop:GET order_states' });
      expect(short.error.fields?.token?.message).toContain('(GET order_states)');
    }
    expect(commandValue<ShopConnection[]>(await shop.dispatch('shops.list', {}))).toEqual([]);
  });

  it('refuses a key that is not PrestaShop’s 32 letters and digits without asking the shop', async () => {
    const shop = await connectedShop();
    const refused = await shop.connect(`${shop.peer.key.slice(0, 20)} (copiata male)`);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.fields?.token?.message).toContain('è di 32 lettere e cifre');
    expect(shop.peer.requests()).toEqual({});
  });

  it('takes 120 orders in by pages, follows an edit, a cancel and a transfer, and ships 20 once each', async () => {
    const shop = await connectedShop();
    const orders = Array.from({ length: 120 }, (_, i) => shop.peer.addOrder(i + 1));
    const open = orders.filter((o) => ships(o.current_state));
    const connection = commandValue<ShopConnection>(await shop.connect(shop.peer.key));
    await shop.station.shops.pollNow();
    expect(waiting(shop.station).total).toBe(open.length);
    expect(shop.peer.requests()['GET orders']).toBeGreaterThanOrEqual(Math.ceil(open.length / 50));
    const cod = open.find((o) => o.module === 'ps_cashondelivery')!;
    const codOrder = shop.station.engine.orders.find(shop.station.caller, String(cod.reference))!;
    expect(Number(codOrder.values.contrassegno)).toBe(Number(cod.total_paid_tax_incl));
    expect(codOrder.values.rcpt_prov).toMatch(/^(MI|RM|TO|NA)$/);
    expect(codOrder.values.rcpt_country_code).toBe('IT');
    // Each order row's EAN-13 is its line's barcode, for the packing check (a product without one: none).
    const row = (cod.associations as { order_rows: { product_ean13: string }[] }).order_rows[0]!;
    expect(codOrder.lines[0]?.barcode).toBe(row.product_ean13 || undefined);
    const coded = open.map((o) => shop.station.engine.orders.find(shop.station.caller, String(o.reference))!);
    expect(coded.filter((o) => o.lines[0]?.barcode === '8001234000066').length).toBeGreaterThan(0);
    // The peer's rows hold only what PrestaShop documents for an order row: a made-up barcode field is refused.
    const madeUp = (sample: { order: { associations: { order_rows: Record<string, unknown>[] } } }) => {
      sample.order.associations.order_rows[0]!.barcode = '8001234000066';
    };
    expect(() => shop.peer.addOrder(999, madeUp)).toThrow('order_rows.barcode');

    shop.later();
    const [edited, cancelled] = open;
    shop.peer.store.editAddress(String(edited!.id_address_delivery), { address1: 'Via Garibaldi 7' });
    shop.peer.store.editOrder(String(edited!.id), {});
    shop.peer.store.addHistory({ id_order: cancelled!.id, id_order_state: String(PS_STATES.cancelled) }, false);
    const wire = orders.find((o) => String(o.current_state) === String(PS_STATES.awaitingWire))!;
    shop.peer.store.addHistory({ id_order: wire.id, id_order_state: String(PS_STATES.paymentAccepted) }, false);
    await shop.station.shops.pollNow();
    const find = (o: { reference?: unknown }) =>
      shop.station.engine.orders.find(shop.station.caller, String(o.reference));
    expect(waiting(shop.station).total).toBe(open.length);
    expect(find(edited!)!.values.rcpt_addr).toMatch(/^Via Garibaldi 7/);
    expect(find(cancelled!)).toBeUndefined();
    expect(find(wire)?.state).toBe('waiting');

    shop.peer.failNext(2);
    shop.peer.dropNext(2, 'POST order_histories');
    shop.peer.dropNext(1, 'PUT order_carriers');
    const shipped = open.slice(2, 22);
    const ids: number[] = [];
    for (const order of shipped) ids.push(await shop.scan(String(order.reference)));
    await shop.station.shops.worker.idle(30_000);
    for (const [i, order] of shipped.entries()) {
      const record = await shop.station.engine.getShipment(shop.station.caller, ids[i]!);
      const id = String(order.id);
      expect(shop.peer.carrierOf(id)?.tracking_number, String(order.reference)).toBe(record!.num_spedizione);
      const states = shop.peer.histories(id).filter((h) => h.id_order_state === String(PS_STATES.shipped));
      expect(states, String(order.reference)).toHaveLength(1);
      expect(shop.peer.store.emails.get(id)).toEqual(['shipped']);
      expect(shop.peer.store.find('orders', id)?.current_state).toBe(String(PS_STATES.shipped));
    }
    const log = shop.station.engine.shops.log(shop.station.caller, connection.id, 500);
    expect(log.filter((entry) => entry.state === 'sent')).toHaveLength(20);

    // Deleted at the bench: the number comes off the carrier row and the order is to be shipped again.
    const first = String(shipped[0]!.id);
    expect((await shop.dispatch('shipments.delete', { id: ids[0]! })).ok).toBe(true);
    await shop.station.shops.worker.idle(30_000);
    expect(shop.peer.carrierOf(first)?.tracking_number).toBe('');
    expect(shop.peer.store.find('orders', first)?.current_state).toBe(String(shipped[0]!.current_state));
  }, 120_000);

  it('sets the shipped state without PrestaShop’s e-mail when the shop said not to tell the customer', async () => {
    const shop = await connectedShop();
    const order = shop.peer.addOrder(1);
    commandValue<ShopConnection>(await shop.connect(shop.peer.key, false));
    await shop.station.shops.pollNow();
    await shop.scan(String(order.reference));
    await shop.station.shops.worker.idle(30_000);
    expect(shop.peer.store.find('orders', String(order.id))?.current_state).toBe(String(PS_STATES.shipped));
    expect(shop.peer.store.emails.get(String(order.id))).toBeUndefined();
  }, 60_000);
});
