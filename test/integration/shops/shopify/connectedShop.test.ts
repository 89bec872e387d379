// A connected bench (its waybills made by the remote service) with a Shopify store: an order scanned at the bench is
// fulfilled in the store with the waybill the remote gave, once it arrives, queued in the transaction that stores it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { scanOrder } from '../../../helpers/scanOrder';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { startService, type ServicePeer } from '../../../peers/service';
import { sampleOrder, startShopifyPeer, type ShopifyPeer } from '../../../peers/shopifyPeer';

const KEY = 'connected-shop-key-0123456789';

let station: Station | undefined;
let peer: ShopifyPeer | undefined;
let remote: ServicePeer | undefined;
afterEach(async () => {
  await station?.close();
  await peer?.close();
  await remote?.stop();
  station = undefined;
  peer = undefined;
  remote = undefined;
  removeTempDirs();
});

describe('a connected bench with a Shopify store', () => {
  it("fulfils the scanned orders with the remote's waybills", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'remote'));
    remote = await startService({
      dataDir: join(dir, 'remote'),
      config: { instance: 'demo', users: [{ api_key: KEY, client_ids: [1001] }], throttle: false },
    });
    peer = await startShopifyPeer({ token: 'shpat_connected_0123456789' });
    const orders = Array.from({ length: 3 }, (_, i) => peer!.addOrder(sampleOrder(i + 1)));
    station = await createStation({
      dataDir: join(dir, 'station'),
      remoteUrl: remote.baseUrl,
      apiKey: KEY,
      clientIds: [1001],
      sync: { rateLimits: false },
      shops: { pollEveryMs: 3_600_000, backoff: { baseMs: 20, maxMs: 100 } },
    });
    const { dispatch } = createDispatcher(station);
    const connected = await dispatch('shops.connect', {
      platform: 'shopify',
      address: peer.url,
      token: peer.token,
      clientId: 1001,
    });
    expect(connected.ok).toBe(true);
    await station.shops.pollNow();
    const ids: number[] = [];
    for (const order of orders) {
      ids.push(await scanOrder(dispatch, order.name));
    }
    // Nothing is owed to the store before the remote has answered with the waybills.
    await station.sync!.drained(30_000);
    await station.shops.worker.idle(30_000);
    const made = peer.fulfillments();
    expect(made).toHaveLength(3);
    for (const [i, id] of ids.entries()) {
      const record = await station.engine.getShipment(station.caller, id);
      expect(record?.num_spedizione).toMatch(/\S/);
      expect(made.find((f) => f.orderId === orders[i]!.id)?.trackingNumber).toBe(record?.num_spedizione);
    }
  }, 60_000);
});
