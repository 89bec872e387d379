// A Shopify store whose cost bucket refills slowly, so the bench waits before its next orders page: closing the
// station ends that wait at once instead of sitting it out (Shopify's waits run to 30 s each). The wait before a page
// the bucket cannot pay for and the wait after a throttled answer are one sleep, ended by the same close.
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../../src/station/index';
import type { ShopConnection } from '../../../../src/shared/ipc/shopCommands';
import { requestedCost } from '../../../../src/shops/shopify/cost';
import { ORDERS_PAGE, ORDERS_QUERY } from '../../../../src/shops/shopify/requests';
import { commandValue } from '../../../helpers/stationCommands';
import { shopBench } from '../../../helpers/shopBench';
import { removeTempDirs } from '../../../helpers/tmp';
import { until } from '../../../helpers/until';
import { sampleOrder, startShopifyPeer, type ShopifyPeer } from '../../../peers/shopifyPeer';

let station: Station | undefined;
let peer: ShopifyPeer | undefined;
afterEach(async () => {
  await station?.close();
  await peer?.close();
  station = undefined;
  peer = undefined;
  removeTempDirs();
});

describe('a Shopify store whose bucket refills slowly', () => {
  it('lets the station close while the bench waits for it', async () => {
    // A bucket that holds one orders page and refills a point every 20 s: after the set-up's check and the worker's
    // own check of the app's access (7 points each), the page waits for points the bucket says it lacks.
    const page = requestedCost(ORDERS_QUERY, { first: ORDERS_PAGE });
    peer = await startShopifyPeer({ bucket: { maximumAvailable: page, restoreRate: 0.05 } });
    peer.addOrder(sampleOrder(1));
    const bench = await shopBench();
    station = bench.station;
    const { url: address, token } = peer;
    commandValue<ShopConnection>(await bench.connect({ platform: 'shopify', address, token }));
    await until(() => (peer!.requests()['StationProtectedData'] ?? 0) >= 2);

    await bench.station.close();
    station = undefined;
    // The page was never sent: the bench knew the bucket could not pay for it, and the close ended the wait.
    expect(peer.requests()['StationOrders']).toBeUndefined();
    expect(peer.throttled()).toBe(0);
  }, 10_000);
});
