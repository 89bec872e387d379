// Which client speaks to a connection's shop: Shopify's or WooCommerce's, with the secret as the key store keeps it
// (Shopify's access token; WooCommerce's consumer key and secret as JSON).
import type { ShopConnectionRow, ShopPlatform } from '../engine/index';
import type { ShopClient } from './client';
import { shopifyClient } from './shopify/client';
import { wooClient } from './woocommerce/client';

export interface ClientOptions {
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

/** WooCommerce's two credentials in one secret. */
export const wooSecret = (consumerKey: string, consumerSecret: string) =>
  JSON.stringify({ consumerKey, consumerSecret });

export function clientFor(
  connection: Pick<ShopConnectionRow, 'platform' | 'address'>,
  secret: string,
  options: ClientOptions = {},
): ShopClient {
  const platform: ShopPlatform = connection.platform;
  if (platform === 'shopify') return shopifyClient({ address: connection.address, token: secret, ...options });
  let keys: { consumerKey?: unknown; consumerSecret?: unknown } = {};
  try {
    keys = JSON.parse(secret) as typeof keys;
  } catch {
    // A secret that is not the pair: the check or the next call says the key is wrong.
  }
  return wooClient({
    address: connection.address,
    consumerKey: typeof keys.consumerKey === 'string' ? keys.consumerKey : '',
    consumerSecret: typeof keys.consumerSecret === 'string' ? keys.consumerSecret : '',
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
}
