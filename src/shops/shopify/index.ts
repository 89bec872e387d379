// Shopify, declared to the registry: an Admin API access token of a custom app is the whole secret.
import { z } from 'zod';
import { SHOP_PLATFORMS } from '../../shared/domain/shopPlatforms';
import { declarePlatform } from '../platform';
import { shopifyShape } from './shape';
import { shopifyClient } from './client';

export const shopify = declarePlatform({
  ...SHOP_PLATFORMS.shopify,
  shape: shopifyShape,
  secretSchema: z.string(),
  secretOf: (token) => token.trim(),
  client: (address, token, options) => shopifyClient({ address, token, ...options }),
});
