// A Shopify store whose owner takes a scope away from the bench's app after it was connected (or a connection kept by
// an older bench, before the bench asked for that scope): at the next start the bench checks the app's access again
// before its first read, goes on reading the orders it still can, and Settings names the scope to grant until the
// owner grants it.
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../../src/station/index';
import type { ShopConnection } from '../../../../src/shared/ipc/shopCommands';
import { REQUIRED_SCOPES } from '../../../../src/shops/shopify/access';
import { commandValue } from '../../../helpers/stationCommands';
import { shopBench } from '../../../helpers/shopBench';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
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

describe('a Shopify app that lost a scope after it was connected', () => {
  it('is checked again at the next start: its orders still come in, and Settings names the scope', async () => {
    peer = await startShopifyPeer();
    const first = peer.addOrder(sampleOrder(1));
    const dataDir = tempDir();
    let bench = await shopBench({ dataDir });
    station = bench.station;
    commandValue(await bench.connect({ platform: 'shopify', address: peer.url, token: peer.token }));
    await station.shops.pollNow();
    const shown = async () => commandValue<ShopConnection[]>(await bench.dispatch('shops.list', {}))[0]!;
    expect(await shown()).toMatchObject({ lastError: '', lastErrorCode: '' });

    peer.grant(REQUIRED_SCOPES.filter((scope) => scope !== 'read_all_orders'));
    const second = peer.addOrder(sampleOrder(2));
    // Within the run the access checked at connect stands: the read goes on as it was.
    await station.shops.pollNow();
    expect((await shown()).lastErrorCode).toBe('');

    await station.close();
    bench = await shopBench({ dataDir });
    station = bench.station;
    const third = peer.addOrder(sampleOrder(3));
    await station.shops.pollNow();
    const connection = await shown();
    expect(connection).toMatchObject({ lastErrorCode: 'shopScopes', lastErrorDetail: 'read_all_orders' });
    for (const order of [first, second, third])
      expect(station.engine.orders.find(station.caller, order.name)?.state, order.name).toBe('waiting');
    // While it lacks the scope it is checked before each read; granted in the shop's admin, the note goes.
    await station.shops.pollNow();
    expect((await shown()).lastErrorCode).toBe('shopScopes');
    peer.grant(REQUIRED_SCOPES);
    await station.shops.pollNow();
    expect(await shown()).toMatchObject({ lastError: '', lastErrorCode: '' });
    // Found whole, it is not asked again in this run.
    const checks = peer.requests()['StationShop'];
    await station.shops.pollNow();
    expect(peer.requests()['StationShop']).toBe(checks);
  });
});
