// The shop platforms the bench connects to, each declared in its own folder (src/shops/<platform>/index.ts), and the
// client that speaks to a connection's shop with the secret as the key store keeps it.
import type { ShopConnectionRow } from '../engine/index';
import type { ShopPlatform } from '../shared/domain/shopPlatforms';
import type { ShopClient } from './client';
import type { ClientOptions, ShopPlatformEntry } from './platform';
import { shopify } from './shopify/index';
import { woocommerce } from './woocommerce/index';
import { prestashop } from './prestashop/index';

export type { ClientOptions } from './platform';

/** In the order the connect form lists them; the record's keys make a missing platform a type error. */
const PLATFORMS: Readonly<Record<ShopPlatform, ShopPlatformEntry>> = { shopify, woocommerce, prestashop };

export const shopPlatforms = (): ShopPlatformEntry[] => Object.values(PLATFORMS);

/** The platform of an id; an id no platform declares (a database from a newer station) is refused by name. */
export function shopPlatform(id: string): ShopPlatformEntry {
  const found = Object.values(PLATFORMS).find((platform) => platform.id === id);
  if (!found) throw new Error(`Piattaforma del negozio sconosciuta: ${id}`);
  return found;
}

export function clientFor(
  connection: Pick<ShopConnectionRow, 'platform' | 'address'>,
  secret: string,
  options: ClientOptions = {},
): ShopClient {
  return shopPlatform(connection.platform).clientFor(connection.address, secret, options);
}
