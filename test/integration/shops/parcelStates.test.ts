// What a shop hears of its parcels after the fulfilment, for each platform, through the real station and each
// platform's own client library against its peer over loopback HTTP: ten orders shipped, confirmed and followed; each
// state the platform follows reaches the shop once (Shopify: a fulfilment event with the courier's words; WooCommerce:
// a note at delivery and at what goes wrong, to the customer when they can act), through 503s and answers lost after
// the shop made the event, a state going backwards told no more, and states queued while the shop is down sent once
// by the next station on the same data folder; a state the shop refuses shown in the shop's log with its words, and
// sent again from there.
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../src/station/index';
import type { ShopConnection, ShopStateLogEntry } from '../../../src/shared/ipc/shopCommands';
import { CANCEL_MUTATION, SHOPIFY_API_VERSION } from '../../../src/shops/shopify/requests';
import { commandValue } from '../../helpers/stationCommands';
import { trackingState, type KnownTrackingCode } from '../../../src/shared/domain/tracking';
import { scanOrder } from '../../helpers/scanOrder';
import { shopBench, SHOP_TIMING } from '../../helpers/shopBench';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { shopifyWithTenOrders, woocommerceWithTenOrders, type TenOrders } from '../../helpers/shopPeers';

/** One platform's shop as this test drives it: its orders, its faults, and what it shows of each order's parcel. */
interface Shop extends TenOrders {
  failAll(on: boolean): void;
  /** The next requests answered 503, then the next writes of a state made but their answers lost. */
  faults(): void;
  /** What the shop holds of the order's parcel after its fulfilment, oldest first. */
  told(orderId: string): string[];
  close(): Promise<void>;
}

async function shopify(): Promise<Shop> {
  const { peer, shop } = await shopifyWithTenOrders('shpat_states_0123456789');
  return {
    ...shop,
    failAll: (on) => peer.failNext(on ? 1_000_000 : 0),
    faults() {
      peer.failNext(2);
      peer.dropNext(3, 'StationFulfilmentEvent');
    },
    told(orderId) {
      const fulfilment = peer.fulfillments().find((f) => f.orderId === orderId);
      const events = peer.fulfillmentEvents().filter((e) => e.fulfillmentId === fulfilment?.id);
      return events.map((e) => `${e.status} ${e.message}`);
    },
    close: () => peer.close(),
  };
}

async function woocommerce(): Promise<Shop> {
  const { peer, shop } = await woocommerceWithTenOrders();
  return {
    ...shop,
    failAll: (on) => peer.failNext(on ? 1_000_000 : 0),
    faults() {
      peer.failNext(2);
      peer.dropNext(3, 'POST notes');
    },
    told: (orderId) =>
      peer
        .notes(Number(orderId))
        .filter((n) => / \[[^/\]]+\/[a-z_]+\]$/.test(n.note))
        .map((n) => `${n.customer_note ? 'cliente' : 'negozio'}: ${n.note.replace(/^Spedizione \S+: /, '')}`),
    close: () => peer.close(),
  };
}

let station: Station | undefined;
let shop: Shop | undefined;
afterEach(async () => {
  await station?.close();
  await shop?.close();
  station = undefined;
  shop = undefined;
  removeTempDirs();
});

const DELIVERED: KnownTrackingCode[] = [16, 17, 18, 20, 19];
const MISSED: KnownTrackingCode[] = [16, 17, 20, 21, 22];

/** What each platform holds of a parcel that lived `codes`, in the order told. */
const EXPECTED = {
  shopify: {
    delivered: [
      'CARRIER_PICKED_UP RITIRATA DAL CORRIERE',
      'IN_TRANSIT IN TRANSITO',
      'IN_TRANSIT ARRIVATA IN FILIALE DI DESTINAZIONE',
      'OUT_FOR_DELIVERY IN CONSEGNA',
      'DELIVERED CONSEGNATO',
    ],
    missed: [
      'CARRIER_PICKED_UP RITIRATA DAL CORRIERE',
      'IN_TRANSIT IN TRANSITO',
      'OUT_FOR_DELIVERY IN CONSEGNA',
      'ATTEMPTED_DELIVERY MANCATA CONSEGNA: DESTINATARIO ASSENTE',
      'FAILURE IN GIACENZA',
    ],
    later: ['DELIVERED CONSEGNATO'],
  },
  woocommerce: {
    delivered: ['cliente: consegnata (corriere: CONSEGNATO).'],
    missed: [
      'cliente: consegna non riuscita, destinatario assente: il corriere ripasserà o lascerà un avviso ' +
        '(corriere: MANCATA CONSEGNA: DESTINATARIO ASSENTE).',
      'cliente: in giacenza presso il corriere: torna al mittente se nessuno la ritira o dà istruzioni ' +
        '(corriere: IN GIACENZA).',
    ],
    later: ['cliente: consegnata (corriere: CONSEGNATO).'],
  },
} as const;

const withoutMarker = (told: string[]) => told.map((t) => t.replace(/ \[[^\]]+\]$/, ''));

describe.each([
  ['Shopify', shopify],
  ['WooCommerce', woocommerce],
])('the states of parcels shipped for %s', (_name, startShop) => {
  it('reach the shop once each, through 503s, lost answers and a station closed before it could send', async () => {
    shop = await startShop();
    const dataDir = tempDir();
    const timing = { ...SHOP_TIMING, backoff: { baseMs: 20, maxMs: 50 } };
    const bench = await shopBench({ dataDir, shops: timing });
    station = bench.station;
    const { platform, url: address, token, secret } = shop;
    expect((await bench.connect({ platform, address, token, secret })).ok).toBe(true);
    await station.shops.pollNow();
    const ids: number[] = [];
    for (const order of shop.orders) ids.push(await scanOrder(bench.dispatch, order.ref));
    await station.shops.worker.idle(30_000);
    await station.engine.confirmByIds(station.caller, ids, false);

    // Half the parcels delivered, half missed at the door and held at the depot; one corrected back in transit.
    shop.faults();
    const see = (id: number, code: KnownTrackingCode) =>
      station!.engine.parcels.seen(id, trackingState(code), Date.now());
    for (const [i, id] of ids.entries()) for (const code of i % 2 === 0 ? DELIVERED : MISSED) see(id, code);
    see(ids[0]!, 17);
    await station.shops.worker.idle(30_000);
    const expected = EXPECTED[shop.platform];
    for (const [i, order] of shop.orders.entries())
      expect(withoutMarker(shop.told(order.id)), order.ref).toEqual(i % 2 === 0 ? expected.delivered : expected.missed);

    // The held parcels are delivered while the shop is down; the station is closed before it could tell them.
    shop.failAll(true);
    for (const [i, id] of ids.entries()) if (i % 2 === 1) see(id, 19);
    await station.close();
    station = undefined;
    shop.failAll(false);
    station = (await shopBench({ dataDir, shops: timing })).station;
    await station.shops.worker.idle(30_000);
    for (const [i, order] of shop.orders.entries()) {
      const told = withoutMarker(shop.told(order.id));
      expect(told, order.ref).toEqual(i % 2 === 0 ? expected.delivered : [...expected.missed, ...expected.later]);
    }
    for (const id of ids)
      expect(station.engine.shops.events.ofShipment(station.caller, id).every((e) => e.state === 'sent')).toBe(true);
  }, 120_000);
});

describe("a shop's log of the parcel states", () => {
  it('shows a state the shop refused with its words, and sends it again on "Invia di nuovo"', async () => {
    const { peer, shop: tenOrders } = await shopifyWithTenOrders('shpat_states_log_0123');
    shop = {
      ...tenOrders,
      failAll: () => undefined,
      faults: () => undefined,
      told: () => [],
      close: () => peer.close(),
    };
    const bench = await shopBench({ dataDir: tempDir(), shops: SHOP_TIMING });
    station = bench.station;
    const connection = commandValue<ShopConnection>(
      await bench.connect({ platform: 'shopify', address: peer.url, token: peer.token }),
    );
    await station.shops.pollNow();
    const id = await scanOrder(bench.dispatch, tenOrders.orders[0]!.ref);
    await station.shops.worker.idle(30_000);
    // The merchant cancels the fulfilment in Shopify's admin: the parcel's state has nothing to go on.
    const [fulfilment] = peer.fulfillments();
    // As the admin does it, through the API: the bench's reads may just have emptied the cost bucket, and a throttled
    // cancel changes nothing, so it is asked again until Shopify has it (a few tries at most).
    for (let tries = 0; tries < 50 && peer.fulfillments()[0]?.status !== 'CANCELLED'; tries++) {
      const cancel = await fetch(`${peer.url}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': peer.token },
        body: JSON.stringify({ query: CANCEL_MUTATION, variables: { id: fulfilment!.id } }),
      });
      expect(cancel.status).toBe(200);
      if (peer.fulfillments()[0]?.status !== 'CANCELLED') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(peer.fulfillments()[0]?.status).toBe('CANCELLED');
    station.engine.parcels.seen(id, trackingState(20), Date.now());
    await station.shops.worker.idle(30_000);
    const states = async () =>
      commandValue<ShopStateLogEntry[]>(await bench.dispatch('shops.states', { id: connection.id }));
    const [refused] = await states();
    expect(refused).toMatchObject({ kind: 'out_for_delivery', words: 'IN CONSEGNA', state: 'failed', attempts: 1 });
    expect(refused?.error).toContain('non più nel negozio');
    // Said by its cause, the screens' words in the operator's language: the fulfilment it belongs to is gone.
    expect(refused?.errorCode).toBe('shopFulfilmentGone');
    expect(peer.fulfillmentEvents()).toEqual([]);

    expect(commandValue(await bench.dispatch('shops.resendState', { id: refused!.id }))).toEqual({ resent: true });
    await station.shops.worker.idle(30_000);
    expect((await states())[0]).toMatchObject({ state: 'failed', attempts: 2 });
    expect((await bench.dispatch('shops.resendState', { id: refused!.id + 1000 })).ok).toBe(false);
  }, 60_000);
});
