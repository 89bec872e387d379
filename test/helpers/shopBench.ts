// A bench that takes a shop's orders, as the shops' scenarios start one: the real station and its command table over a
// fresh data folder, the shop poll left to the test (hourly: each test says when with pollNow), the retries quick.
import { createDispatcher } from '../../src/station/dispatch';
import { createStation, type StationOptions } from '../../src/station/index';
import type { ShopPlatform } from '../../src/shared/domain/shopPlatforms';
import { tempDir } from './tmp';

/** How the shops' scenarios poll (only when told) and retry (in tens of milliseconds, not a bench's minutes). */
export const SHOP_TIMING = { pollEveryMs: 3_600_000, backoff: { baseMs: 20, maxMs: 200 } };

/** What Settings › Negozi asks of a shop: its platform, address and credentials. */
export interface ShopAccess {
  platform: ShopPlatform;
  address: string;
  token: string;
  secret?: string;
}

/** The station started with `options` over SHOP_TIMING, and `connect` sending the form for the bench's first client. */
export async function shopBench(options: Partial<StationOptions> = {}) {
  const station = await createStation({ dataDir: tempDir(), shops: SHOP_TIMING, ...options });
  const { dispatch } = createDispatcher(station);
  const connect = (shop: ShopAccess, notifyCustomer = true) =>
    dispatch('shops.connect', { ...shop, clientId: station.caller.clientIds[0], notifyCustomer });
  return { station, dispatch, connect };
}
