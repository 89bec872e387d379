// Fulfilments sent exactly once through a kill -9 of the station: ten orders shipped while the store answers 503,
// then a headless station on the same data folder sending them is killed as the first reaches the store, and the next
// one finishes. A fulfilment that reached the store before the kill (its answer never stored) is found again by its
// tracking number and not made twice.
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src/station/dispatch';
import { createStation, type Station } from '../../../src/station/index';
import type { ShopConnection } from '../../../src/shared/ipc/shopCommands';
import type { WaitingOrder } from '../../../src/shared/domain/orders';
import { commandValue } from '../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { sampleOrder, startShopifyPeer, type ShopifyPeer } from '../../peers/shopifyPeer';
import { startStationProcess, type StationPeer } from '../../peers/station';

let station: Station | undefined;
let peer: ShopifyPeer | undefined;
const children: StationPeer[] = [];
afterEach(async () => {
  await station?.close();
  for (const child of children.splice(0)) await child.stop('SIGKILL');
  await peer?.close();
  station = undefined;
  peer = undefined;
  removeTempDirs();
});

const STICKY = { corriere: 70, servizio: 1, merce: 'Articoli', origine: 'IT', volume: 0, labelType: 'ZPL' };

async function until(what: string, done: () => boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('fulfilments through a kill -9 of the station', () => {
  it('reach the store once each, with their tracking numbers', async () => {
    peer = await startShopifyPeer({ token: 'shpat_kill_0123456789', shopName: 'Bottega Milanese' });
    const orders = Array.from({ length: 10 }, (_, i) => peer!.addOrder(sampleOrder(i + 1)));
    const dataDir = tempDir();
    station = await createStation({ dataDir, shops: { pollEveryMs: 3_600_000, backoff: { baseMs: 20, maxMs: 50 } } });
    const { dispatch } = createDispatcher(station);
    const connection = commandValue<ShopConnection>(
      await dispatch('shops.connect', {
        platform: 'shopify',
        address: peer.url,
        token: peer.token,
        clientId: station.caller.clientIds[0],
        notifyCustomer: false,
      }),
    );
    await station.shops.pollNow();
    // Shipped while the store answers 503 to everything: the fulfilments wait in the station.
    peer.failNext(1_000_000);
    const numbers = new Map<string, string>();
    for (const order of orders) {
      const found = commandValue<{ order: WaitingOrder | null }>(
        await dispatch('orders.find', { reference: order.name }),
      ).order!;
      const body = {
        ...found.values,
        client_id: found.clientId,
        ddt_alpha: found.orderRef,
        colli: 1,
        peso: 1,
        ...STICKY,
      };
      const { id } = commandValue<{ id: number }>(await dispatch('shipments.create', { body, orderId: found.id }));
      numbers.set(order.id, (await station.engine.getShipment(station.caller, id))!.num_spedizione);
    }
    await station.close();
    station = undefined;
    peer.failNext(0);
    expect(peer.fulfillments()).toEqual([]);

    // A headless station sends them; the store makes each fulfilment at once but answers it only after 5 s, and the
    // station is killed as soon as the first is made: its fulfilments are in the store, none recorded as sent.
    peer.holdAnswers('StationFulfil', 5_000);
    const first = await startStationProcess(['--data', dataDir]);
    children.push(first);
    await until('the first fulfilment', () => peer!.fulfillments().length > 0);
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');
    children.splice(children.indexOf(first), 1);
    const before = peer.fulfillments().length;
    peer.holdAnswers('StationFulfil', 0);

    const second = await startStationProcess(['--data', dataDir]);
    children.push(second);
    await until('every fulfilment', () => peer!.fulfillments().length >= 10);
    await second.stop();
    children.splice(children.indexOf(second), 1);

    const made = peer.fulfillments();
    expect(made).toHaveLength(10);
    // Made before the kill, never answered: each found again by its tracking number, not made a second time.
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(10);
    for (const order of orders) {
      const mine = made.filter((f) => f.orderId === order.id);
      expect(mine, order.name).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        trackingNumber: numbers.get(order.id),
        status: 'SUCCESS',
        notifyCustomer: false,
      });
    }
    // The station's own log agrees: every fulfilment sent, none left to send.
    station = await createStation({ dataDir, shops: { pollEveryMs: 3_600_000 } });
    const log = station.engine.shops.log(station.caller, connection.id, 100);
    expect(log.map((entry) => entry.state)).toEqual(Array.from({ length: 10 }, () => 'sent'));
  }, 120_000);
});
