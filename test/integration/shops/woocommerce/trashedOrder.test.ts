// An order the shop owner moves to the trash in WooCommerce's admin (how a test or spam order is deleted there) leaves
// the bench's waiting orders at the next read: WooCommerce's `status=any` is every status but the trash (the published
// status enum lists `trash` apart), so the bench asks for the trash too.
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../../src/station/index';
import type { ShopConnection } from '../../../../src/shared/ipc/shopCommands';
import { commandValue } from '../../../helpers/stationCommands';
import { shopBench } from '../../../helpers/shopBench';
import { removeTempDirs } from '../../../helpers/tmp';
import { sampleWooOrder } from '../../../fixtures/woocommerceOrders';
import { startWooCommercePeer, type WooCommercePeer } from '../../../peers/woocommercePeer';

let station: Station | undefined;
let peer: WooCommercePeer | undefined;
afterEach(async () => {
  await station?.close();
  await peer?.close();
  station = undefined;
  peer = undefined;
  removeTempDirs();
});

const waiting = (s: Station) => s.engine.orders.list(s.caller, { state: 'waiting', limit: 50 });

describe('a WooCommerce order moved to the trash', () => {
  it('leaves the bench’s waiting orders at the next read, the others staying', async () => {
    peer = await startWooCommercePeer();
    const bench = await shopBench();
    station = bench.station;
    const orders = [1, 2, 3].map((i) => peer!.addOrder({ ...sampleWooOrder(i), status: 'processing' }));
    const { url: address, consumerKey: token, consumerSecret: secret } = peer;
    commandValue<ShopConnection>(await bench.connect({ platform: 'woocommerce', address, token, secret }));
    await station.shops.pollNow();
    expect(waiting(station).total).toBe(3);
    peer.trash(orders[0]!.id);
    await station.shops.pollNow();
    const left = waiting(station)
      .rows.map((row) => row.orderRef)
      .sort();
    expect(left).toEqual([orders[1]!.number, orders[2]!.number].sort());
  });
});
