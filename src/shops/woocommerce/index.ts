// WooCommerce, declared to the registry: its REST API key is a pair, kept as one JSON secret.
import { z } from 'zod';
import { SHOP_PLATFORMS } from '../../shared/domain/shopPlatforms';
import { declarePlatform } from '../platform';
import { woocommerceShape } from './shape';
import { woocommerceClient } from './client';

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A secret that is not the pair reads as empty keys: the check or the next call says the key is wrong. */
const WooCommerceKeysSchema = z
  .string()
  .transform(parsedJson)
  .pipe(
    z
      .object({ consumerKey: z.string().catch(''), consumerSecret: z.string().catch('') })
      .catch({ consumerKey: '', consumerSecret: '' }),
  );

export const woocommerce = declarePlatform({
  ...SHOP_PLATFORMS.woocommerce,
  shape: woocommerceShape,
  secretSchema: WooCommerceKeysSchema,
  secretOf: (consumerKey, consumerSecret) =>
    JSON.stringify({ consumerKey: consumerKey.trim(), consumerSecret: consumerSecret.trim() }),
  client: (address, keys, options) =>
    woocommerceClient({
      address,
      ...keys,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    }),
});
