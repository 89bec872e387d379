// A bench with one WooCommerce site connected (or only offered), as the scenarios of a site that misbehaves start
// one: the real station, the WooCommerce peer, the connect form sent, and the connection's last error as Settings
// shows it; both closed after each test.
import { afterEach } from 'vitest';
import type { Station, StationOptions } from '../../src/station/index';
import type { ShopConnection } from '../../src/shared/ipc/shopCommands';
import { startWooCommercePeer, type WooCommercePeer } from '../peers/woocommercePeer';
import { commandValue } from './stationCommands';
import { shopBench, type ShopAccess } from './shopBench';
import { removeTempDirs } from './tmp';

/** Registers the teardown; each call of the function it returns starts a site and a bench. */
export function useWooSiteBench() {
  let station: Station | undefined;
  let site: WooCommercePeer | undefined;
  afterEach(async () => {
    await station?.close();
    await site?.close();
    station = undefined;
    site = undefined;
    removeTempDirs();
  });
  return async (options: Partial<StationOptions> = {}) => {
    site = await startWooCommercePeer();
    const bench = await shopBench(options);
    station = bench.station;
    const { url: address, consumerKey: token, consumerSecret: secret } = site;
    /** The connect form for the site, or with some of its fields changed. */
    const connect = (changed: Partial<ShopAccess> = {}) =>
      bench.connect({ platform: 'woocommerce', address, token, secret, ...changed });
    const lastError = async () =>
      commandValue<ShopConnection[]>(await bench.dispatch('shops.list', {}))[0]?.lastError ?? '';
    return { site, station: bench.station, dispatch: bench.dispatch, connect, lastError };
  };
}
